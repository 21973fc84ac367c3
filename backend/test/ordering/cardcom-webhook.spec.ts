import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { query } from '../../src/platform/database/sql.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { newPhone, registerOwner, smsLog } from '../support/accounts.js';
import { createPayment, DINER_COOKIE, openShop, type Shop } from '../support/checkout.js';
import { startFakeCardcom } from '../support/fake-cardcom.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The Cardcom path end to end against a local Cardcom that speaks the v11 contract: the page is opened with
// LowProfile/Create, and every webhook is verified with LowProfile/GetLpResult. Replays, duplicates, concurrent and
// out-of-order webhooks record one payment; a webhook that the provider does not confirm records nothing.

let app: TestApp;
let cardcom: Awaited<ReturnType<typeof startFakeCardcom>>;
let shop: Shop;
let receiptPhone: { local: string; e164: string };

beforeAll(async () => {
  cardcom = await startFakeCardcom({ terminals: [{ terminalNumber: 1000, apiName: 'test2025' }] });
  app = await startTestApp({
    PAYMENT_PROVIDER: 'cardcom',
    CARDCOM_API_URL: cardcom.url,
    CARDCOM_TERMINAL_NUMBER: '1000',
    CARDCOM_API_NAME: 'test2025',
  });
  receiptPhone = newPhone();
  shop = await openShop(app, await registerOwner(app, { receiptPhone: receiptPhone.local }));
});
afterAll(async () => {
  await app?.close();
  await cardcom?.close();
});

// The payment's part of the order's stream (processors add the invoice, receipt and slip in the background).
const PAYMENT_EVENTS = new Set(['OrderPlaced', 'PaymentPageOpened', 'OrderPaid', 'PaymentFailed', 'OrderExpired']);
const typesOf = async (orderId: string) =>
  (await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`)).events
    .map((event) => event.type)
    .filter((type) => PAYMENT_EVENTS.has(type));
const webhook = (body: unknown) => call(app, 'POST', '/api/cardcom/webhook', { body });

async function placeOrder(quantity = 2, session?: string) {
  const answer = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity }],
    amount: (14.5 * quantity).toFixed(2),
    session,
  });
  expect(answer.status).toBe(200);
  const lowProfileId = String(answer.body.paymentUrl).split('/').at(-1) ?? '';
  return {
    orderId: String(answer.body.orderId),
    lowProfileId,
    paymentUrl: String(answer.body.paymentUrl),
    session: answer.cookies[DINER_COOKIE]?.value ?? '',
  };
}

describe('Cardcom checkout', () => {
  it('opens the page with LowProfile/Create: our order id as ReturnValue, the webhook and redirect addresses', async () => {
    const { orderId, lowProfileId, paymentUrl } = await placeOrder();
    expect(paymentUrl.startsWith(cardcom.url)).toBe(true);
    const request = cardcom.createRequest(lowProfileId);
    expect(request).toMatchObject({
      TerminalNumber: 1000,
      ApiName: 'test2025',
      Amount: 29,
      ReturnValue: orderId,
      WebHookUrl: `${app.config.publicUrl}/api/cardcom/webhook`,
      SuccessRedirectUrl: `${app.config.publicUrl}/thank-you/${shop.departmentId}`,
      FailedRedirectUrl: `${app.config.publicUrl}/checkout/${shop.departmentId}?payment=failed`,
      Language: 'he',
    });
    // The platform's terminal would name the platform as the seller: we issue the invoice ourselves instead.
    expect(request).not.toHaveProperty('Document');
    const [row] = await query<{ cardcom_low_profile_id: string }>(
      app.database.em(),
      'select cardcom_low_profile_id from orders where id = ?',
      [orderId],
    );
    expect(row?.cardcom_low_profile_id).toBe(lowProfileId);
  });

  it("opens the page in the diner's language where Cardcom has it: English, Russian; Arabic gets Hebrew", async () => {
    const languageOf = async (options: { cookies?: Record<string, string>; headers?: Record<string, string> }) => {
      const answer = await createPayment(app, shop.departmentId, {
        items: [{ productId: shop.coffee.id, quantity: 1 }],
        amount: '14.50',
        ...options,
      });
      expect(answer.status).toBe(200);
      const request = cardcom.createRequest(String(answer.body.paymentUrl).split('/').at(-1) ?? '') as {
        Language?: string;
        ProductName?: string;
      };
      return [request.Language, request.ProductName?.replace(/\d+/, 'N')];
    };
    expect(await languageOf({ cookies: { lang: 'en' }, headers: { 'accept-language': 'ru' } })).toEqual([
      'en',
      'Order #N',
    ]);
    expect(await languageOf({ headers: { 'accept-language': 'ru-RU,ru;q=0.9' } })).toEqual(['ru', 'Заказ №N']);
    expect(await languageOf({ cookies: { lang: 'ar' } })).toEqual(['he', 'הזמנה #N']);
  });

  it('the same webhook three times, concurrently and again later, records one OrderPaid', async () => {
    const { orderId, lowProfileId } = await placeOrder();
    const body = cardcom.pay(lowProfileId);
    const answers = await Promise.all([webhook(body), webhook(body), webhook(body)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await webhook(body)).status).toBe(200);
    expect((await typesOf(orderId)).filter((type) => type === 'OrderPaid')).toHaveLength(1);
    // What follows the payment happened once too: one invoice, one SMS receipt, one slip.
    await app.app.get(ProcessorRunner).runUntilIdle();
    const all = (await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`)).events.map((e) => e.type);
    expect(all.filter((type) => type === 'InvoiceIssued')).toHaveLength(1);
    expect(all.filter((type) => type === 'SlipQueued')).toHaveLength(1);
    expect(all.filter((type) => type === 'ReceiptSmsSent')).toHaveLength(1);
    const orderNumber = (
      await query<{ order_number: number }>(app.database.em(), 'select order_number from orders where id = ?', [
        orderId,
      ])
    )[0]?.order_number;
    expect(
      smsLog(app).filter((sms) => sms.to === receiptPhone.e164 && sms.text.includes(`#${orderNumber}`)),
    ).toHaveLength(1);
    const [row] = await query<Record<string, unknown>>(
      app.database.em(),
      'select payment_status, status, cardcom_transaction_id, card_last4 from orders where id = ?',
      [orderId],
    );
    expect(row).toMatchObject({ payment_status: 'paid', status: 'paid', card_last4: expect.any(String) });
    expect(row?.cardcom_transaction_id).toBeTruthy();
  });

  it('out of order: a stale "not paid yet" webhook after the payment changes nothing', async () => {
    const { orderId, lowProfileId } = await placeOrder();
    const early = cardcom.webhookBody(lowProfileId);
    expect((await webhook(early)).body).toMatchObject({ data: { status: 'pending' } });
    const paid = cardcom.pay(lowProfileId);
    expect((await webhook(paid)).status).toBe(200);
    // The early body arrives last; its content is never trusted anyway: the provider says paid.
    expect((await webhook(early)).body).toMatchObject({ data: { status: 'paid' } });
    expect(await typesOf(orderId)).toEqual(['OrderPlaced', 'PaymentPageOpened', 'OrderPaid']);
  });

  it('a webhook whose body lies is verified with the provider: a forged "paid" for an unpaid page records nothing', async () => {
    const { orderId, lowProfileId } = await placeOrder();
    const forged = {
      ...cardcom.webhookBody(lowProfileId),
      ResponseCode: 0,
      TranzactionId: 999,
      TranzactionInfo: { ResponseCode: 0, Amount: 29 },
    };
    expect((await webhook(forged)).body).toMatchObject({ data: { status: 'pending' } });
    expect(await typesOf(orderId)).toEqual(['OrderPlaced', 'PaymentPageOpened']);
  });

  it('an amount that differs from the order is refused and nothing is recorded', async () => {
    const { orderId, lowProfileId } = await placeOrder();
    const body = cardcom.pay(lowProfileId, { amount: 1 });
    const answer = await webhook(body);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'payment.verification_failed' });
    expect(await typesOf(orderId)).toEqual(['OrderPlaced', 'PaymentPageOpened']);
  });

  it('an unknown page or a garbage body is refused; a provider outage answers 502 so Cardcom retries', async () => {
    expect((await webhook({ LowProfileId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await webhook({ nothing: true })).status).toBe(400);
    const { orderId, lowProfileId } = await placeOrder();
    const body = cardcom.pay(lowProfileId);
    cardcom.behave('http-500');
    const failed = await webhook(body);
    expect(failed.status).toBe(502);
    expect(await typesOf(orderId)).toEqual(['OrderPlaced', 'PaymentPageOpened']);
    cardcom.behave('normal');
    expect((await webhook(body)).status).toBe(200);
    expect(await typesOf(orderId)).toContain('OrderPaid');
  });

  it('a declined card records PaymentFailed once; the diner’s retry opens a new page', async () => {
    const { orderId, lowProfileId, session } = await placeOrder(3);
    const declined = cardcom.decline(lowProfileId);
    await webhook(declined);
    await webhook(declined);
    expect(await typesOf(orderId)).toEqual(['OrderPlaced', 'PaymentPageOpened', 'PaymentFailed']);
    // Back from the failed-payment address, the same diner and cart: the same order on a fresh page.
    const retry = await placeOrder(3, session);
    expect(retry.orderId).toBe(orderId);
    expect(retry.lowProfileId).not.toBe(lowProfileId);
    await webhook(cardcom.pay(retry.lowProfileId));
    expect(await typesOf(orderId)).toEqual([
      'OrderPlaced',
      'PaymentPageOpened',
      'PaymentFailed',
      'PaymentPageOpened',
      'OrderPaid',
    ]);
  });

  it('form-encoded webhooks are read too', async () => {
    const { orderId, lowProfileId } = await placeOrder();
    cardcom.pay(lowProfileId);
    const response = await fetch(`${app.url}/api/cardcom/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ LowProfileId: lowProfileId.toUpperCase(), ReturnValue: orderId }).toString(),
    });
    expect(response.status).toBe(200);
    expect(await typesOf(orderId)).toContain('OrderPaid');
  });
});
