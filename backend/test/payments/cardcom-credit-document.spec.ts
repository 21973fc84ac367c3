import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { CardcomConfig } from '../../src/config/config.js';
import { CardcomPaymentProvider } from '../../src/modules/payments/cardcom/cardcom-payment-provider.js';
import type { CreditDocumentRequest, TerminalChoice } from '../../src/modules/payments/payment-provider.port.js';
import { cardcomSchemaErrors, DOCUMENT_REFUSED_CODE, startFakeCardcom } from '../support/fake-cardcom.js';

const PASSWORD = 'cafe-own-api-password';
const orderId = '7d0c4a0e-2f7a-4c43-9a59-0f3f2f6a1b11';
const refundId = 'a2f1b9c4-5d6e-4f70-8a91-b2c3d4e5f601';
/** The business's own terminal, its password opened from the business's secrets for the call. */
const own: TerminalChoice = {
  owner: 'business',
  credentials: { terminalNumber: '172012', apiName: 'cafe-api', apiPassword: PASSWORD },
};

/**
 * A refund's credit document on the business's own terminal: Documents/CreateDocument with the refund type, checked
 * against the definition's CreateDocumentRequest by the local Cardcom (and its answers against DocumentInfo).
 */
describe("Cardcom's credit document against a local Cardcom", () => {
  let cardcom: Awaited<ReturnType<typeof startFakeCardcom>>;
  let provider: CardcomPaymentProvider;
  beforeAll(async () => {
    cardcom = await startFakeCardcom({
      terminals: [
        { terminalNumber: 1000, apiName: 'platform-api', apiPassword: 'platform-password' },
        { terminalNumber: 172012, apiName: 'cafe-api', apiPassword: PASSWORD },
      ],
    });
    const config: CardcomConfig = {
      apiUrl: cardcom.url,
      terminalNumber: '1000',
      apiName: 'platform-api',
      apiPassword: 'platform-password',
    };
    provider = new CardcomPaymentProvider(config, { timeoutMs: 10_000 });
  });
  afterAll(() => cardcom.close());
  beforeEach(() => cardcom.behave('normal'));
  afterEach(() => expect(cardcom.problems).toEqual([]));

  /** A charge on the own terminal with its invoice, refunded in part: the refund's own transaction id. */
  async function refundedCharge(): Promise<string> {
    const page = await provider.openPaymentPage({
      orderId,
      orderNumber: 42,
      amountAgorot: 6_430,
      lines: [{ productId: 1, name: 'סלט', unitPriceAgorot: 6_430, quantity: 1 }],
      business: {
        phone: '+972547654321',
        businessName: 'קפה',
        idNumber: '515555555',
        email: 'a@b.co',
        departmentId: '3',
      },
      terminal: own,
      issueDocument: true,
      tipAgorot: 0,
      method: 'card',
      googlePay: false,
      successUrl: 'https://tafrit.example/ok',
      failedUrl: 'https://tafrit.example/failed',
      webhookUrl: 'https://tafrit.example/hook',
    });
    const paid = cardcom.pay(page.lowProfileId);
    const refund = await provider.refund({
      refundId,
      lowProfileId: page.lowProfileId,
      transactionId: String(paid.TranzactionId),
      amountAgorot: 2_530,
      paidAgorot: 6_430,
      followsAnother: false,
      terminal: own,
    });
    if (refund.status !== 'refunded') throw new Error('the refund was refused');
    return refund.providerRefundId;
  }

  const request = (refundTransactionId: string): CreditDocumentRequest => ({
    refundId,
    orderNumber: 42,
    originalDocumentNumber: '5001',
    refundTransactionId,
    amountAgorot: 2_530,
    lines: [{ description: 'סלט', unitPriceAgorot: 1_265, quantity: 2 }],
    customerName: null,
    terminal: own,
  });

  it("makes a TaxInvoiceAndReceiptRefund for the refund's deal with the own terminal's password", async () => {
    const deal = await refundedCharge();
    await expect(provider.createCreditDocument(request(deal))).resolves.toEqual({
      status: 'issued',
      documentType: 'TaxInvoiceAndReceiptRefund',
      documentNumber: '3001',
      documentUrl: `${cardcom.url}/docs/TaxInvoiceAndReceiptRefund/3001`,
    });
    const sent = cardcom.requests.at(-1)!;
    expect(sent.path).toBe('/api/v11/Documents/CreateDocument');
    expect(cardcomSchemaErrors('CreateDocumentRequest', sent.body)).toEqual([]);
    expect(sent.body).toEqual({
      ApiName: 'cafe-api',
      ApiPassword: PASSWORD,
      Document: {
        DocumentTypeToCreate: 'TaxInvoiceAndReceiptRefund',
        Name: 'לקוח מזדמן',
        IsSendByEmail: false,
        ISOCoinID: 1,
        Languge: 'he',
        Comments: 'זיכוי לחשבונית 5001, הזמנה #42',
        ExternalId: refundId,
        Products: [{ Description: 'סלט', UnitCost: 12.65, Quantity: 2, TotalLineCost: 25.3 }],
      },
      DealNumbers: [{ DealNumber: Number(deal) }],
    });
  });

  it('sends a line and a name recorded with direction controls without them (decision 037)', async () => {
    const deal = await refundedCharge();
    const recorded: CreditDocumentRequest = {
      ...request(deal),
      lines: [{ description: 'סלט \u202E321\u202C', unitPriceAgorot: 1_265, quantity: 2 }],
      customerName: '\u2067דנה\u2069 \u200Fכהן',
    };
    await expect(provider.createCreditDocument(recorded)).resolves.toMatchObject({ status: 'issued' });
    const document = (
      cardcom.requests.at(-1)!.body as { Document: { Name: string; Products: { Description: string }[] } }
    ).Document;
    expect(document.Products.map((line) => line.Description)).toEqual(['סלט 321']);
    // The right-to-left mark stays: it changes no other text's order.
    expect(document.Name).toBe('דנה \u200Fכהן');
  });

  it('names the buyer the credited invoice named, by Name and TaxId (issue 32)', async () => {
    const deal = await refundedCharge();
    const buyer = { name: 'חברת הדוגמה בע"מ', taxId: '512345679' };
    await expect(
      provider.createCreditDocument({ ...request(deal), customerName: 'דנה', buyer }),
    ).resolves.toMatchObject({ status: 'issued' });
    const sent = cardcom.requests.at(-1)!;
    expect(cardcomSchemaErrors('CreateDocumentRequest', sent.body)).toEqual([]);
    expect((sent.body as { Document: unknown }).Document).toMatchObject({ Name: buyer.name, TaxId: buyer.taxId });
  });

  it("answers Cardcom's refusal as a failure with its description (the credit is then made by hand)", async () => {
    await expect(provider.createCreditDocument(request('987654'))).resolves.toEqual({
      status: 'failed',
      reason: 'Cardcom did not make the credit document: Deal not found',
    });
    expect(DOCUMENT_REFUSED_CODE).toBeGreaterThan(0);
  });

  it('refuses, without calling Cardcom, an own terminal whose password is not stored', async () => {
    const before = cardcom.requests.length;
    const noPassword: TerminalChoice = {
      owner: 'business',
      credentials: { terminalNumber: '172012', apiName: 'cafe-api' },
    };
    await expect(provider.createCreditDocument({ ...request('1'), terminal: noPassword })).rejects.toThrow(
      /ApiPassword/,
    );
    expect(cardcom.requests.length).toBe(before);
  });

  it('throws (provider unreachable or broken) on HTTP 500 and garbage', async () => {
    cardcom.behave('http-500');
    await expect(provider.createCreditDocument(request('1'))).rejects.toThrow(/HTTP 500/);
    cardcom.behave('garbage');
    await expect(provider.createCreditDocument(request('1'))).rejects.toThrow(/JSON|shape/);
  });
});
