import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { CardcomConfig } from '../../src/config/config.js';
import { CardcomPaymentProvider } from '../../src/modules/payments/cardcom/cardcom-payment-provider.js';
import { parseCardcomWebhookBody } from '../../src/modules/payments/cardcom/cardcom-webhook-body.js';
import {
  PaymentProviderError,
  type OpenPaymentPageRequest,
  type TerminalChoice,
} from '../../src/modules/payments/payment-provider.port.js';
import { cardcomSchemaErrors, startFakeCardcom } from '../support/fake-cardcom.js';

const PASSWORD = 'platform-api-password-never-sent';
const platform: TerminalChoice = { owner: 'platform', credentials: null };
const business: TerminalChoice = { owner: 'business', credentials: { terminalNumber: '172012', apiName: 'cafe-api' } };
const orderId = '7d0c4a0e-2f7a-4c43-9a59-0f3f2f6a1b11';

function pageRequest(overrides: Partial<OpenPaymentPageRequest> = {}): OpenPaymentPageRequest {
  return {
    orderId,
    orderNumber: 42,
    amountAgorot: 6_430,
    lines: [
      { productId: 1, name: 'סלט ירקות', unitPriceAgorot: 3_900, quantity: 1 },
      { productId: 2, name: 'קפה הפוך', unitPriceAgorot: 1_265, quantity: 2 },
    ],
    business: {
      phone: '+972547654321',
      businessName: 'קפה הים',
      idNumber: '515555555',
      email: 'a@b.co',
      departmentId: '3',
    },
    terminal: platform,
    issueDocument: false,
    tipAgorot: 0,
    method: 'card',
    googlePay: false,
    successUrl: 'https://tafrit.example/pay/ok',
    failedUrl: 'https://tafrit.example/pay/failed',
    webhookUrl: 'https://tafrit.example/api/webhooks/cardcom',
    ...overrides,
  };
}

describe('the Cardcom payment provider against a local Cardcom', () => {
  let cardcom: Awaited<ReturnType<typeof startFakeCardcom>>;
  let config: CardcomConfig;
  let provider: CardcomPaymentProvider;
  beforeAll(async () => {
    cardcom = await startFakeCardcom({
      terminals: [
        { terminalNumber: 1000, apiName: 'platform-api' },
        { terminalNumber: 172012, apiName: 'cafe-api', bit: true },
      ],
      slowMs: 1_500,
    });
    config = { apiUrl: cardcom.url, terminalNumber: '1000', apiName: 'platform-api', apiPassword: PASSWORD };
    // A timeout far above any answer of the local Cardcom, however loaded the machine: only the test of the timeout
    // itself uses a short one.
    provider = new CardcomPaymentProvider(config, { timeoutMs: 10_000 });
  });
  afterAll(() => cardcom.close());
  beforeEach(() => cardcom.behave('normal'));
  afterEach(() => {
    // Every request matched the definition's request schema and every answer its response schema.
    expect(cardcom.problems).toEqual([]);
    expect(JSON.stringify(cardcom.requests)).not.toContain(PASSWORD);
  });

  it('opens a ChargeOnly page on the platform terminal, in shekels, without a document', async () => {
    const page = await provider.openPaymentPage(pageRequest());
    expect(page.url).toBe(`${cardcom.url}/EA/LPC6/1000/${page.lowProfileId}`);
    expect(cardcom.requests.at(-1)).toEqual({
      path: '/api/v11/LowProfile/Create',
      contentType: 'application/json; charset=utf-8',
      body: {
        TerminalNumber: 1000,
        ApiName: 'platform-api',
        Operation: 'ChargeOnly',
        ReturnValue: orderId,
        Amount: 64.3,
        SuccessRedirectUrl: 'https://tafrit.example/pay/ok',
        FailedRedirectUrl: 'https://tafrit.example/pay/failed',
        WebHookUrl: 'https://tafrit.example/api/webhooks/cardcom',
        ProductName: 'הזמנה #42',
        Language: 'he',
        ISOCoinId: 1,
      },
    });
  });

  it("opens the page on the business's own terminal with the tax invoice receipt when asked", async () => {
    const page = await provider.openPaymentPage(pageRequest({ terminal: business, issueDocument: true }));
    expect(cardcom.createRequest(page.lowProfileId)).toMatchObject({
      TerminalNumber: 172012,
      ApiName: 'cafe-api',
      Amount: 64.3,
      Document: {
        DocumentTypeToCreate: 'TaxInvoiceAndReceipt',
        Name: 'לקוח מזדמן',
        Language: 'he',
        Products: [
          { Description: 'סלט ירקות', UnitCost: 39, Quantity: 1, TotalLineCost: 39 },
          { Description: 'קפה הפוך', UnitCost: 12.65, Quantity: 2, TotalLineCost: 25.3 },
        ],
      },
    });
  });

  it("shows Google Pay inside the page with the definition's UIDefinition button, in the page's language", async () => {
    const page = await provider.openPaymentPage(pageRequest({ googlePay: true, pageLanguage: 'en' }));
    expect(cardcom.createRequest(page.lowProfileId)).toMatchObject({
      UIDefinition: { GooglePayBtnDesign: { ButtonColor: 'Black', ButtonType: 'Pay', ButtonLocale: 'English' } },
    });
    expect(cardcomSchemaErrors('CreateLowProfile', cardcom.createRequest(page.lowProfileId))).toEqual([]);
    expect(page.bitUrl).toBeUndefined();
  });

  it("answers Bit's own address (UrlToBit) when the diner chose Bit on a terminal that has it", async () => {
    const page = await provider.openPaymentPage(pageRequest({ terminal: business, method: 'bit' }));
    expect(page.bitUrl).toBe(`${cardcom.url}/EA/Bit/${page.lowProfileId}`);
    await expect(provider.openPaymentPage(pageRequest({ method: 'bit' }))).rejects.toThrow(/UrlToBit/);
  });

  it("puts the tip on Cardcom's document as its own line outside VAT, so the lines add up to the charge", async () => {
    const tipped = pageRequest({ terminal: business, issueDocument: true, amountAgorot: 7_430, tipAgorot: 1_000 });
    const page = await provider.openPaymentPage(tipped);
    const body = cardcom.createRequest(page.lowProfileId);
    expect(body).toMatchObject({ Amount: 74.3 });
    expect((body.Document as { Products: unknown[] }).Products.at(-1)).toEqual({
      Description: 'תשר (טיפ)',
      UnitCost: 10,
      Quantity: 1,
      TotalLineCost: 10,
      IsVatFree: true,
    });
    expect(cardcomSchemaErrors('CreateLowProfile', body)).toEqual([]);
  });

  it("names the business the diner asked the invoice for on Cardcom's document: Name and TaxId (issue 32)", async () => {
    const name = `\u202eחברת הדוגמה לייבוא ושיווק מוצרי מזון ומשקאות בע"מ`;
    const page = await provider.openPaymentPage(
      pageRequest({ terminal: business, issueDocument: true, buyer: { name, taxId: '512345679' } }),
    );
    const body = cardcom.createRequest(page.lowProfileId);
    // The definition takes 50 characters of a name: the business's own, without the direction control.
    expect(body.Document).toMatchObject({ Name: name.slice(1, 51), TaxId: '512345679' });
    expect(cardcomSchemaErrors('CreateLowProfile', body)).toEqual([]);
    // A private diner's document is the walk-in customer's, with no number.
    const plain = await provider.openPaymentPage(pageRequest({ terminal: business, issueDocument: true }));
    expect(cardcom.createRequest(plain.lowProfileId).Document).toMatchObject({ Name: 'לקוח מזדמן' });
    expect(cardcom.createRequest(plain.lowProfileId).Document).not.toHaveProperty('TaxId');
  });

  it("reports how a wallet paid, from the result's ExternalPaymentVector", async () => {
    const { lowProfileId } = await provider.openPaymentPage(pageRequest({ terminal: business, method: 'bit' }));
    cardcom.pay(lowProfileId, { externalPaymentVector: 'Bit' });
    expect(await provider.getResult(lowProfileId, business)).toMatchObject({ status: 'paid', method: 'bit' });
    const card = await provider.openPaymentPage(pageRequest());
    cardcom.pay(card.lowProfileId);
    expect(await provider.getResult(card.lowProfileId, platform)).toMatchObject({ status: 'paid', method: 'card' });
  });

  it('sends no Document on the business terminal when no document is asked for', async () => {
    const page = await provider.openPaymentPage(pageRequest({ terminal: business }));
    expect(cardcom.createRequest(page.lowProfileId)).not.toHaveProperty('Document');
  });

  it('reports a page the diner has not paid yet as pending', async () => {
    const page = await provider.openPaymentPage(pageRequest());
    await expect(provider.getResult(page.lowProfileId, platform)).resolves.toEqual({
      status: 'pending',
      lowProfileId: page.lowProfileId,
      returnValue: orderId,
    });
    expect(cardcom.requests.at(-1)?.body).toEqual({
      TerminalNumber: 1000,
      ApiName: 'platform-api',
      LowProfileId: page.lowProfileId,
    });
  });

  it('reports a paid page with the transaction, asking on the terminal that charged', async () => {
    const page = await provider.openPaymentPage(pageRequest({ terminal: business }));
    const paid = cardcom.pay(page.lowProfileId, { last4: '0042', brand: 'MasterCard', approvalNumber: '7654321' });
    await expect(provider.getResult(page.lowProfileId, business)).resolves.toEqual({
      status: 'paid',
      lowProfileId: page.lowProfileId,
      returnValue: orderId,
      transactionId: String(paid.TranzactionInfo?.TranzactionId),
      approvalNumber: '7654321',
      last4: '0042',
      brand: 'MasterCard',
      amountAgorot: 6_430,
      document: null,
      method: 'card',
    });
    expect(cardcom.requests.at(-1)?.body).toMatchObject({ TerminalNumber: 172012, ApiName: 'cafe-api' });
  });

  it('reports the amount Cardcom charged, not the one we asked for', async () => {
    const page = await provider.openPaymentPage(pageRequest());
    cardcom.pay(page.lowProfileId, { amount: 1.5 });
    await expect(provider.getResult(page.lowProfileId, platform)).resolves.toMatchObject({ amountAgorot: 150 });
  });

  it('carries the document Cardcom issued, with or without its link', async () => {
    const withLink = await provider.openPaymentPage(pageRequest({ terminal: business, issueDocument: true }));
    const paid = cardcom.pay(withLink.lowProfileId);
    await expect(provider.getResult(withLink.lowProfileId, business)).resolves.toMatchObject({
      status: 'paid',
      document: {
        documentType: 'TaxInvoiceAndReceipt',
        documentNumber: String(paid.DocumentInfo?.DocumentNumber),
        documentUrl: paid.DocumentInfo?.DocumentUrl,
      },
    });
    const withoutLink = await provider.openPaymentPage(pageRequest({ terminal: business, issueDocument: true }));
    cardcom.pay(withoutLink.lowProfileId, { documentUrl: null });
    await expect(provider.getResult(withoutLink.lowProfileId, business)).resolves.toMatchObject({
      document: { documentUrl: null },
    });
  });

  it('reports a declined card as failed with its response code', async () => {
    const page = await provider.openPaymentPage(pageRequest());
    cardcom.decline(page.lowProfileId, { responseCode: 33, description: 'כרטיס חסום' });
    await expect(provider.getResult(page.lowProfileId, platform)).resolves.toEqual({
      status: 'failed',
      lowProfileId: page.lowProfileId,
      returnValue: orderId,
      responseCode: '33',
      reason: 'כרטיס חסום',
    });
  });

  it('reports a page Cardcom does not hold, or holds on another terminal, as unknown', async () => {
    const stranger = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    await expect(provider.getResult(stranger, platform)).resolves.toEqual({
      status: 'unknown',
      lowProfileId: stranger,
    });
    const page = await provider.openPaymentPage(pageRequest({ terminal: business }));
    cardcom.pay(page.lowProfileId);
    await expect(provider.getResult(page.lowProfileId, platform)).resolves.toMatchObject({ status: 'unknown' });
  });

  it.each(['http-500', 'garbage', 'refuse'] as const)('cannot open a page when Cardcom answers %s', async (mode) => {
    cardcom.behave(mode);
    const failure = provider.openPaymentPage(pageRequest());
    await expect(failure).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it.each(['http-500', 'garbage'] as const)('cannot tell a result when Cardcom answers %s', async (mode) => {
    const page = await provider.openPaymentPage(pageRequest());
    cardcom.behave(mode);
    await expect(provider.getResult(page.lowProfileId, platform)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('says why Cardcom refused, and never repeats the API password', async () => {
    cardcom.behave('refuse');
    await expect(provider.openPaymentPage(pageRequest())).rejects.toThrow(/Terminal not active \(ResponseCode 5033\)/);
    cardcom.behave('normal');
    const wrong = new CardcomPaymentProvider({ ...config, apiName: 'wrong' }, { timeoutMs: 10_000 });
    const error = await wrong.openPaymentPage(pageRequest()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).message).toBe(
      'Cardcom /api/v11/LowProfile/Create answered HTTP 401: Invalid username',
    );
    expect(JSON.stringify(error) + String((error as Error).stack)).not.toContain(PASSWORD);
  });

  it('gives up on a slow Cardcom after the timeout', async () => {
    cardcom.behave('slow');
    const impatient = new CardcomPaymentProvider(config, { timeoutMs: 500 });
    const started = Date.now();
    await expect(impatient.openPaymentPage(pageRequest())).rejects.toThrow(/timed out after 500 ms/);
    // It did not wait for the slow answer (1.5 s): the timer of 500 ms fires first on any machine.
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('throws PaymentProviderError when Cardcom is not there', async () => {
    const nowhere = new CardcomPaymentProvider({ ...config, apiUrl: 'http://127.0.0.1:9' }, { timeoutMs: 500 });
    await expect(nowhere.getResult(orderId, platform)).rejects.toThrow(/unreachable/);
  });

  it('uses the injected fetch', async () => {
    const calls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    const page = await new CardcomPaymentProvider(config, { fetch: recording }).openPaymentPage(pageRequest());
    expect(calls).toEqual([`${cardcom.url}/api/v11/LowProfile/Create`]);
    expect(page.lowProfileId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes from a webhook only the page id and ReturnValue, JSON or form-encoded', async () => {
    const page = await provider.openPaymentPage(pageRequest());
    const body = cardcom.pay(page.lowProfileId);
    const expected = { lowProfileId: page.lowProfileId, returnValue: orderId };
    expect(parseCardcomWebhookBody(body)).toEqual(expected);
    expect(parseCardcomWebhookBody(JSON.stringify(body))).toEqual(expected);
    const scalars = Object.entries(body).filter(([, value]) => value !== null && typeof value !== 'object');
    const form = new URLSearchParams(
      Object.fromEntries(scalars.map(([key, value]) => [key, String(value)])),
    ).toString();
    expect(parseCardcomWebhookBody(form)).toEqual(expected);
  });
});

describe("the local Cardcom keeps to Cardcom's definition", () => {
  it('answers every page state with a LowProfileResult the definition accepts', async () => {
    const cardcom = await startFakeCardcom();
    try {
      const provider = new CardcomPaymentProvider({
        apiUrl: cardcom.url,
        terminalNumber: '1000',
        apiName: 'test2025',
        apiPassword: undefined,
      });
      const business1000: TerminalChoice = {
        owner: 'business',
        credentials: { terminalNumber: '1000', apiName: 'test2025' },
      };
      const ids = await Promise.all(
        [0, 1, 2].map(
          async () =>
            (await provider.openPaymentPage(pageRequest({ terminal: business1000, issueDocument: true }))).lowProfileId,
        ),
      );
      const [open, paid, declined] = ids as [string, string, string];
      cardcom.pay(paid);
      cardcom.decline(declined);
      for (const id of [open, paid, declined]) {
        expect(cardcomSchemaErrors('LowProfileResult', cardcom.webhookBody(id))).toEqual([]);
      }
      expect(cardcomSchemaErrors('CreateLowProfile', cardcom.createRequest(open))).toEqual([]);
      expect(cardcom.problems).toEqual([]);
    } finally {
      await cardcom.close();
    }
  });

  it('refuses requests the definition forbids, so a drifting adapter cannot pass', async () => {
    const cardcom = await startFakeCardcom();
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${cardcom.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const create = {
        TerminalNumber: 1000,
        ApiName: 'test2025',
        Amount: 10.5,
        SuccessRedirectUrl: 'https://a.example/ok',
        FailedRedirectUrl: 'https://a.example/failed',
        WebHookUrl: 'https://a.example/hook',
      };
      expect((await post('/api/v11/LowProfile/Create', create)).status).toBe(200);
      const wrong = [
        { ...create, Amount: '10.50' },
        { ...create, TerminalNumber: '1000' },
        { ...create, Operation: 'Charge' },
        { ...create, Document: { Name: 'x', Products: [{ Description: 'item', Price: 10.5 }] } },
        { ...create, Document: { Products: [{ Description: 'item', UnitCost: 10.5 }] } },
        { ...create, Document: { To: 'test client', Products: [{ Description: 'item', UnitCost: 10.5 }] } },
        { ...create, Sum: 10.5 },
      ];
      for (const body of wrong) expect((await post('/api/v11/LowProfile/Create', body)).status).toBe(400);
      const lookUp = { TerminalNumber: 1000, ApiName: 'test2025', LowProfileId: 'not-a-guid' };
      expect((await post('/api/v11/LowProfile/GetLpResult', lookUp)).status).toBe(400);
      expect(cardcom.problems).toHaveLength(wrong.length + 1);
      expect(cardcom.problems[0]).toBe('request: CreateLowProfile/Amount must be number');
      // Cardcom's own "Charge and Create Doc" example says `To`; its schema says `Name`, and so do we.
      expect(cardcom.problems[5]).toContain("Document must have required property 'Name'");
    } finally {
      await cardcom.close();
    }
  });
});
