import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { query } from '../../src/platform/database/sql.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { newPhone, registerOwner, smsLog } from '../support/accounts.js';
import { createPayment, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { startFakeCardcom } from '../support/fake-cardcom.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Storms of payment results: the same webhook twenty times at once, replays, and a failed result arriving after the
// paid one. Whatever the storm, the order changes state once, and what follows a payment (invoice, receipt SMS,
// kitchen slip) happens once. cardcom-webhook.spec.ts covers three concurrent copies; these push harder.

const STORM = 20;
const DECLINED_CARD = '4000000000000002';

interface Storefront {
  app: TestApp;
  shop: Shop;
  receiptPhone: string;
}

async function openStorefront(env: Record<string, string> = {}): Promise<Storefront> {
  const app = await startTestApp(env);
  const receiptPhone = newPhone();
  const shop = await openShop(app, await registerOwner(app, { receiptPhone: receiptPhone.local }));
  return { app, shop, receiptPhone: receiptPhone.e164 };
}

async function placeOrder({ app, shop }: Storefront) {
  const answer = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity: 2 }],
    amount: '29.00',
  });
  expect(answer.status).toBe(200);
  const paymentUrl = String(answer.body.paymentUrl);
  return { orderId: String(answer.body.orderId), paymentUrl, lowProfileId: paymentUrl.split('/').at(-1) ?? '' };
}

const webhook = (app: TestApp, body: unknown) => call(app, 'POST', '/api/cardcom/webhook', { body });

/** How many times each event type is in the order's stream, once the processors have caught up. */
async function settledCounts(app: TestApp, orderId: string): Promise<Record<string, number>> {
  await app.app.get(ProcessorRunner).runUntilIdle();
  const { events } = await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`);
  const counts: Record<string, number> = {};
  for (const { type } of events) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

async function orderRow(app: TestApp, orderId: string) {
  const [row] = await query<{ status: string; payment_status: string; order_number: number }>(
    app.database.em(),
    'select status, payment_status, order_number from orders where id = ?',
    [orderId],
  );
  return row;
}

/** Receipt SMS lines of this order: the receipt names the order number. */
async function receiptsOf({ app, receiptPhone }: Storefront, orderId: string) {
  const number = (await orderRow(app, orderId))?.order_number;
  return smsLog(app).filter((sms) => sms.to === receiptPhone && sms.text.includes(`#${number}`));
}

function expectOneOfEachEffect(counts: Record<string, number>) {
  expect(counts).toMatchObject({ OrderPaid: 1, InvoiceIssued: 1, SlipQueued: 1, ReceiptSmsSent: 1 });
  expect(counts.PaymentFailed).toBeUndefined();
}

describe('Cardcom webhook storms', () => {
  let cardcom: Awaited<ReturnType<typeof startFakeCardcom>>;
  let store: Storefront;

  beforeAll(async () => {
    cardcom = await startFakeCardcom();
    store = await openStorefront({
      PAYMENT_PROVIDER: 'cardcom',
      CARDCOM_API_URL: cardcom.url,
      CARDCOM_TERMINAL_NUMBER: '1000',
      CARDCOM_API_NAME: 'test2025',
    });
  });
  afterAll(async () => {
    await store?.app.close();
    await cardcom?.close();
  });

  it(`${STORM} copies of the paid webhook at once, then replays: one payment, one invoice, one receipt, one slip`, async () => {
    const { orderId, lowProfileId } = await placeOrder(store);
    const body = cardcom.pay(lowProfileId);
    const answers = await Promise.all(Array.from({ length: STORM }, () => webhook(store.app, body)));
    // Every copy is acknowledged, so Cardcom stops retrying; none of them is an error.
    expect(answers.map((answer) => answer.status)).toEqual(Array(STORM).fill(200));
    for (const answer of answers) expect(answer.body).toEqual({ success: true, data: { status: 'paid' } });
    for (let replay = 0; replay < 3; replay++) expect((await webhook(store.app, body)).status).toBe(200);

    expectOneOfEachEffect(await settledCounts(store.app, orderId));
    expect(await receiptsOf(store, orderId)).toHaveLength(1);
    expect(await orderRow(store.app, orderId)).toMatchObject({ status: 'paid', payment_status: 'paid' });
  });

  it('a failed result arriving after the paid one, alone or in a storm, changes nothing', async () => {
    const { orderId, lowProfileId } = await placeOrder(store);
    const paid = cardcom.pay(lowProfileId);
    expect((await webhook(store.app, paid)).status).toBe(200);
    // The provider now reports a decline for the page (a late, stale attempt): the order is paid and stays paid.
    const declined = cardcom.decline(lowProfileId);
    const answers = await Promise.all(
      Array.from({ length: STORM }, (_, n) => webhook(store.app, n % 2 === 0 ? declined : paid)),
    );
    for (const answer of answers) expect(answer.status).toBe(200);

    expectOneOfEachEffect(await settledCounts(store.app, orderId));
    expect(await receiptsOf(store, orderId)).toHaveLength(1);
    expect(await orderRow(store.app, orderId)).toMatchObject({ status: 'paid', payment_status: 'paid' });
  });

  it('a storm of declines records one PaymentFailed; the paid result after it records one OrderPaid', async () => {
    const { orderId, lowProfileId } = await placeOrder(store);
    const declined = cardcom.decline(lowProfileId);
    await Promise.all(Array.from({ length: STORM }, () => webhook(store.app, declined)));
    const paid = cardcom.pay(lowProfileId);
    await Promise.all(Array.from({ length: STORM }, (_, n) => webhook(store.app, n % 3 === 0 ? declined : paid)));

    const counts = await settledCounts(store.app, orderId);
    expect(counts).toMatchObject({ PaymentFailed: 1, OrderPaid: 1, InvoiceIssued: 1, SlipQueued: 1 });
    expect(await orderRow(store.app, orderId)).toMatchObject({ status: 'paid', payment_status: 'paid' });
  });
});

describe('sandbox storms', () => {
  let store: Storefront;

  beforeAll(async () => {
    store = await openStorefront();
  });
  afterAll(() => store?.app.close());

  it(`${STORM} card submissions of one page at once charge once, and ${STORM} webhooks record one payment`, async () => {
    const { orderId, paymentUrl, lowProfileId } = await placeOrder(store);
    const submissions = await Promise.all(
      Array.from({ length: STORM }, () => payInSandbox(store.app, paymentUrl, { number: SANDBOX_APPROVED_CARD })),
    );
    // One submission charges (303 to the thank-you page); the others find the page closed.
    expect(submissions.filter((response) => response.status === 303)).toHaveLength(1);
    expect(submissions.filter((response) => response.status === 200)).toHaveLength(STORM - 1);

    const hooks = await Promise.all(
      Array.from({ length: STORM }, () => webhook(store.app, { LowProfileId: lowProfileId })),
    );
    for (const answer of hooks) expect(answer.body).toEqual({ success: true, data: { status: 'paid' } });

    expectOneOfEachEffect(await settledCounts(store.app, orderId));
    expect(await receiptsOf(store, orderId)).toHaveLength(1);
    const [charges] = await query<{ paid: number }>(
      store.app.database.em(),
      `select count(*)::int as paid from sandbox_payments where low_profile_id = ? and status = 'paid'`,
      [lowProfileId],
    );
    expect(charges?.paid).toBe(1);
  });

  it('a declined card after the payment leaves the order paid and records no failure', async () => {
    const { orderId, paymentUrl, lowProfileId } = await placeOrder(store);
    expect((await payInSandbox(store.app, paymentUrl, { number: SANDBOX_APPROVED_CARD })).status).toBe(303);
    const late = await Promise.all([
      payInSandbox(store.app, paymentUrl, { number: DECLINED_CARD }),
      webhook(store.app, { LowProfileId: lowProfileId }),
      payInSandbox(store.app, paymentUrl, { number: DECLINED_CARD }),
    ]);
    expect(late.map((answer) => answer.status)).toEqual([200, 200, 200]);

    expectOneOfEachEffect(await settledCounts(store.app, orderId));
    expect(await orderRow(store.app, orderId)).toMatchObject({ status: 'paid', payment_status: 'paid' });
  });
});
