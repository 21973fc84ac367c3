import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { CardcomConfig } from '../../src/config/config.js';
import { CardcomPaymentProvider } from '../../src/modules/payments/cardcom/cardcom-payment-provider.js';
import {
  PaymentProviderError,
  type RefundRequest,
  type TerminalChoice,
} from '../../src/modules/payments/payment-provider.port.js';
import { REFUND_REFUSED_CODE, startFakeCardcom } from '../support/fake-cardcom.js';

const PASSWORD = 'platform-api-password';
const platform: TerminalChoice = { owner: 'platform', credentials: null };
const orderId = '7d0c4a0e-2f7a-4c43-9a59-0f3f2f6a1b11';
const refundId = 'a2f1b9c4-5d6e-4f70-8a91-b2c3d4e5f601';

/**
 * Transactions/RefundByTransactionId against a local Cardcom that checks every request against the definition's
 * RefundByTransactionIdReq and every answer against RefundByTransactionIdResp.
 */
describe('the Cardcom refund against a local Cardcom', () => {
  let cardcom: Awaited<ReturnType<typeof startFakeCardcom>>;
  let provider: CardcomPaymentProvider;
  beforeAll(async () => {
    cardcom = await startFakeCardcom({
      terminals: [
        { terminalNumber: 1000, apiName: 'platform-api', apiPassword: PASSWORD },
        { terminalNumber: 172012, apiName: 'cafe-api' },
      ],
    });
    const config: CardcomConfig = {
      apiUrl: cardcom.url,
      terminalNumber: '1000',
      apiName: 'platform-api',
      apiPassword: PASSWORD,
    };
    provider = new CardcomPaymentProvider(config, { timeoutMs: 10_000 });
  });
  afterAll(() => cardcom.close());
  beforeEach(() => cardcom.behave('normal'));
  afterEach(() => expect(cardcom.problems).toEqual([]));

  /** A page opened and paid on the platform terminal: its charge's transaction id. */
  async function charge(amountAgorot = 6_430): Promise<{ lowProfileId: string; transactionId: string }> {
    const page = await provider.openPaymentPage({
      orderId,
      orderNumber: 42,
      amountAgorot,
      lines: [{ productId: 1, name: 'סלט', unitPriceAgorot: amountAgorot, quantity: 1 }],
      tipAgorot: 0,
      method: 'card',
      googlePay: false,
      business: {
        phone: '+972547654321',
        businessName: 'קפה',
        idNumber: '515555555',
        email: 'a@b.co',
        departmentId: '3',
      },
      terminal: platform,
      issueDocument: false,
      successUrl: 'https://tafrit.example/ok',
      failedUrl: 'https://tafrit.example/failed',
      webhookUrl: 'https://tafrit.example/hook',
    });
    const paid = cardcom.pay(page.lowProfileId);
    return { lowProfileId: page.lowProfileId, transactionId: String(paid.TranzactionId) };
  }
  const refund = (paid: { lowProfileId: string; transactionId: string }, over: Partial<RefundRequest> = {}) => ({
    refundId,
    ...paid,
    amountAgorot: 6_430,
    paidAgorot: 6_430,
    followsAnother: false,
    terminal: platform,
    ...over,
  });

  it('refunds a whole charge with the platform password from configuration, no PartialSum', async () => {
    const paid = await charge();
    await expect(provider.refund(refund(paid))).resolves.toEqual({
      status: 'refunded',
      providerRefundId: expect.stringMatching(/^\d+$/),
      amountAgorot: 6_430,
    });
    expect(cardcom.requests.at(-1)).toEqual({
      path: '/api/v11/Transactions/RefundByTransactionId',
      contentType: 'application/json; charset=utf-8',
      body: { ApiName: 'platform-api', ApiPassword: PASSWORD, TransactionId: Number(paid.transactionId) },
    });
    // Cardcom itself refuses a repeat of a whole refund: no money leaves twice.
    await expect(provider.refund(refund(paid))).resolves.toMatchObject({
      status: 'failed',
      responseCode: String(REFUND_REFUSED_CODE),
    });
    expect(cardcom.refundsOf(Number(paid.transactionId)).agorot).toBe(6_430);
  });

  it('refunds part of a charge in shekels, allowing the refunds that follow', async () => {
    const paid = await charge();
    await expect(provider.refund(refund(paid, { amountAgorot: 1_265 }))).resolves.toMatchObject({
      status: 'refunded',
      amountAgorot: 1_265,
    });
    expect(cardcom.requests.at(-1)?.body).toMatchObject({ PartialSum: 12.65, AllowMultipleRefunds: true });
    await expect(provider.refund(refund(paid, { amountAgorot: 5_165, followsAnother: true }))).resolves.toMatchObject({
      status: 'refunded',
    });
    expect(cardcom.refundsOf(Number(paid.transactionId)).agorot).toBe(6_430);
  });

  it("reports Cardcom's refusal with its code and description", async () => {
    const paid = await charge();
    await expect(provider.refund(refund(paid, { amountAgorot: 7_000 }))).resolves.toEqual({
      status: 'failed',
      responseCode: String(REFUND_REFUSED_CODE),
      reason: 'Sum exceeds the transaction',
    });
  });

  it('throws (outcome unknown) when Cardcom fails or answers garbage, so the refund stays requested', async () => {
    const paid = await charge();
    cardcom.behave('http-500');
    await expect(provider.refund(refund(paid))).rejects.toBeInstanceOf(PaymentProviderError);
    cardcom.behave('garbage');
    await expect(provider.refund(refund(paid))).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('refuses, without calling Cardcom, a business terminal whose password is not stored yet', async () => {
    const paid = await charge();
    const before = cardcom.requests.length;
    const business: TerminalChoice = {
      owner: 'business',
      credentials: { terminalNumber: '172012', apiName: 'cafe-api' },
    };
    await expect(provider.refund(refund(paid, { terminal: business }))).rejects.toThrow(/ApiPassword/);
    expect(cardcom.requests.length).toBe(before);
  });

  it("refunds on a business's own terminal with its own password (opened from its secrets), not the platform's", async () => {
    const page = await provider.openPaymentPage({
      orderId,
      orderNumber: 43,
      amountAgorot: 6_430,
      lines: [{ productId: 1, name: 'סלט', unitPriceAgorot: 6_430, quantity: 1 }],
      business: {
        phone: '+972547654321',
        businessName: 'קפה',
        idNumber: '515555555',
        email: 'a@b.co',
        departmentId: '3',
      },
      terminal: { owner: 'business', credentials: { terminalNumber: '172012', apiName: 'cafe-api' } },
      issueDocument: true,
      tipAgorot: 0,
      method: 'card',
      googlePay: false,
      successUrl: 'https://tafrit.example/ok',
      failedUrl: 'https://tafrit.example/failed',
      webhookUrl: 'https://tafrit.example/hook',
    });
    const paid = {
      lowProfileId: page.lowProfileId,
      transactionId: String(cardcom.pay(page.lowProfileId).TranzactionId),
    };
    const own: TerminalChoice = {
      owner: 'business',
      credentials: { terminalNumber: '172012', apiName: 'cafe-api', apiPassword: 'api-password' },
    };
    await expect(provider.refund(refund(paid, { terminal: own }))).resolves.toMatchObject({ status: 'refunded' });
    expect(cardcom.requests.at(-1)?.body).toMatchObject({ ApiName: 'cafe-api', ApiPassword: 'api-password' });
  });

  it('is not idempotent: the definition takes no key of ours', () => {
    expect(provider.refundsIdempotent).toBe(false);
  });
});
