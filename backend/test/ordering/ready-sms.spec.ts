import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { readySmsText } from '../../src/modules/ordering/processors/ready-sms.processor.js';
import { ReadySmsPhones } from '../../src/modules/ordering/persistence/ready-sms-phones.js';
import { query } from '../../src/platform/database/sql.js';
import type { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { SecretBox } from '../../src/platform/secrets/secret-box.js';
import { newPhone, registerOwner, smsLog, type SignedInOwner } from '../support/accounts.js';
import {
  createPayment,
  DINER_COOKIE,
  openShop,
  payInSandbox,
  type CheckoutOptions,
  type Shop,
} from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { streamOf, takeOverRunner, typesOf } from '../invoicing/support.js';

// One SMS to the diner when the order is ready (issue 18, decision 033): asked for at checkout (or on the checkout
// once its payment page is open), sent once when the kitchen marks the order ready, in the diner's language; the
// number is never in the log and is forgotten as soon as the order no longer needs it.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let runner: ProcessorRunner;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  // The processors run only when a test says so (runUntilIdle): "ready, then served before the SMS" is a real case.
  runner = await takeOverRunner(app, []);
});
afterAll(() => app.close());

const readyTo = (e164: string) => smsLog(app).filter((line) => line.kind === 'ready' && line.to === e164);
const keptRows = async (orderId: string) =>
  query<{ phone_sealed: string; business_id: string }>(
    app.database.em(),
    'select phone_sealed, business_id from ready_sms_phones where order_id = ?',
    [orderId],
  );
const kitchenStep = (orderId: string, status: string) =>
  call(app, 'POST', `/api/live-orders/${orderId}/status`, { token: owner.token, body: { status } });

/** A diner's checkout of one coffee, with `readySmsPhone` when given; the order's id, session and payment page. */
async function checkout(readySmsPhone?: string | null, options: Partial<CheckoutOptions> = {}) {
  const answer = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity: 1 }],
    amount: '14.50',
    ...options,
    extra: { ...(readySmsPhone === undefined ? {} : { readySmsPhone }), ...options.extra },
  });
  expect(answer.status).toBe(200);
  return {
    orderId: String(answer.body.orderId),
    orderNumber: Number(answer.body.orderNumber),
    session: options.session ?? answer.cookies[DINER_COOKIE]!.value,
    paymentUrl: String(answer.body.paymentUrl),
  };
}

async function paidAndReady(order: { orderId: string; paymentUrl: string }) {
  expect((await payInSandbox(app, order.paymentUrl, { number: SANDBOX_APPROVED_CARD })).status).toBe(303);
  expect((await kitchenStep(order.orderId, 'accepted')).status).toBe(200);
  expect((await kitchenStep(order.orderId, 'ready')).status).toBe(200);
}

describe('the ready SMS text', () => {
  it('names the café and the order, with the service’s words, in the diner’s language', () => {
    expect(readySmsText({ businessName: 'קפה לנדוור', orderNumber: 12, pickup: true }, 'he')).toBe(
      `\u2068קפה לנדוור\u2069: ההזמנה שלכם #12 מוכנה! אפשר לאסוף אותה בדלפק.`,
    );
    expect(readySmsText({ businessName: 'קפה לנדוור', orderNumber: 12, pickup: false }, 'he')).toBe(
      `\u2068קפה לנדוור\u2069: ההזמנה שלכם #12 מוכנה! היא בדרך אליכם.`,
    );
    expect(readySmsText({ businessName: 'Café', orderNumber: 3, pickup: true }, 'en')).toBe(
      `\u2068Café\u2069: Your order #3 is ready! Please collect it at the counter.`,
    );
    expect(readySmsText({ businessName: 'Café', orderNumber: 3, pickup: false }, 'ar')).toBe(
      `\u2068Café\u2069: طلبك رقم 3 جاهز! إنه في الطريق إليك.`,
    );
    expect(readySmsText({ businessName: 'Café', orderNumber: 3, pickup: true }, 'ru')).toBe(
      `\u2068Café\u2069: Заказ №3 готов! Заберите его у стойки.`,
    );
    // An order for a pickup time says the time the diner chose (issue 33).
    expect(
      readySmsText({ businessName: 'קפה לנדוור', orderNumber: 12, pickup: true, pickupClock: '12:30' }, 'he'),
    ).toBe(
      `\u2068קפה לנדוור\u2069: ההזמנה שלכם #12 מוכנה! אפשר לאסוף אותה בדלפק. שעת האיסוף שבחרתם: \u206812:30\u2069.`,
    );
  });
});

describe('the ready SMS text with the café’s name as it was recorded (issue 29)', () => {
  it('drops the name’s direction controls and isolates it, so the order’s number reads as it is', () => {
    expect(readySmsText({ businessName: 'קפה\u202e 24\u202a', orderNumber: 12, pickup: true }, 'he')).toBe(
      '\u2068קפה 24\u2069: ההזמנה שלכם #12 מוכנה! אפשר לאסוף אותה בדלפק.',
    );
  });
});

describe('an order with the diner’s phone', () => {
  it('is texted once when ready, in Hebrew at the counter; the number is sealed, never logged, and gone after', async () => {
    const diner = newPhone();
    const order = await checkout(diner.local);
    const [kept] = await keptRows(order.orderId);
    expect(kept?.business_id).toBe(owner.phone);
    // Sealed (AES-256-GCM with the secrets' key), not the number.
    expect(kept?.phone_sealed).toMatch(/^v1\./);
    expect(kept?.phone_sealed).not.toContain(diner.e164.slice(4));

    await paidAndReady(order);
    await runner.runUntilIdle();
    const sent = readyTo(diner.e164);
    expect(sent).toHaveLength(1);
    // No table number: "collect it at the counter" (decision 031's wording).
    expect(sent[0]?.text).toMatch(/: ההזמנה שלכם #\d+ מוכנה! אפשר לאסוף אותה בדלפק\.$/);
    expect(await keptRows(order.orderId)).toEqual([]);

    const events = await streamOf(app, order.orderId);
    expect(typesOf(events).filter((type) => type.startsWith('ReadySms'))).toEqual([
      'ReadySmsRequested',
      'ReadySmsSent',
    ]);
    expect(events.find((event) => event.type === 'ReadySmsRequested')?.data).toMatchObject({ language: 'he' });
    // Nowhere in the log: not in any event, not in the order's row.
    expect(JSON.stringify(events)).not.toContain(diner.e164.slice(4));
    const [row] = await query<{ row: string }>(
      app.database.em(),
      'select to_jsonb(o)::text as row from orders o where id = ?',
      [order.orderId],
    );
    expect(row?.row).not.toContain(diner.e164.slice(4));

    // Delivered again (a restart before the checkpoint moved): nothing more is sent or recorded.
    await runner.runUntilIdle();
    expect(readyTo(diner.e164)).toHaveLength(1);
  });

  it('speaks the diner’s language, and a table-service order at a table is on its way', async () => {
    const diner = newPhone();
    const order = await checkout(diner.local, { tableNumber: 4, cookies: { lang: 'ar' } });
    await paidAndReady(order);
    await runner.runUntilIdle();
    expect(readyTo(diner.e164).map((line) => line.text)).toEqual([
      expect.stringMatching(/: طلبك رقم \d+ جاهز! إنه في الطريق إليك\.$/),
    ]);
  });

  it('served before the message went out: no SMS, the number is gone, the order says why', async () => {
    const diner = newPhone();
    const order = await checkout(diner.local);
    await paidAndReady(order);
    expect((await kitchenStep(order.orderId, 'served')).status).toBe(200);
    await runner.runUntilIdle();
    expect(readyTo(diner.e164)).toEqual([]);
    expect(await keptRows(order.orderId)).toEqual([]);
    expect(typesOf(await streamOf(app, order.orderId)).filter((type) => type.startsWith('ReadySms'))).toEqual([
      'ReadySmsRequested',
      'ReadySmsFailed',
    ]);
  });

  it('declined (refunded whole): the number is forgotten and nothing is sent', async () => {
    const diner = newPhone();
    const order = await checkout(diner.local);
    expect((await payInSandbox(app, order.paymentUrl, { number: SANDBOX_APPROVED_CARD })).status).toBe(303);
    const declined = await call(app, 'POST', `/api/live-orders/${order.orderId}/decline`, {
      token: owner.token,
      body: { reason: 'נגמר החלב' },
    });
    expect(declined.status).toBe(200);
    await runner.runUntilIdle();
    expect(await keptRows(order.orderId)).toEqual([]);
    expect(readyTo(diner.e164)).toEqual([]);
  });
});

describe('an order without a phone', () => {
  it('sends nothing and records nothing about a ready SMS', async () => {
    const before = smsLog(app).filter((line) => line.kind === 'ready').length;
    const order = await checkout(null);
    await paidAndReady(order);
    await runner.runUntilIdle();
    expect(smsLog(app).filter((line) => line.kind === 'ready')).toHaveLength(before);
    expect(typesOf(await streamOf(app, order.orderId)).filter((type) => type.startsWith('ReadySms'))).toEqual([]);
    expect(await keptRows(order.orderId)).toEqual([]);
  });

  it('costs the checkout no extra statement: with a phone the same number of round trips, the insert inside the append', async () => {
    await checkout(undefined, { items: [{ productId: shop.croissant.id, quantity: 1 }], amount: '12.00' });
    const statementsOf = async (readySmsPhone: string | undefined) => {
      const runs = jest.spyOn(app.database, 'run');
      await checkout(readySmsPhone, { items: [{ productId: shop.croissant.id, quantity: 2 }], amount: '24.00' });
      const names = runs.mock.calls.map(([statement]) => statement.name);
      runs.mockRestore();
      return names;
    };
    const without = await statementsOf(undefined);
    const withPhone = await statementsOf(newPhone().local);
    expect(without).toContain('order_append');
    expect(withPhone).toEqual(without.map((name) => (name === 'order_append' ? 'order_append_ready_sms' : name)));
  });
});

describe('the phone given once the payment page is open', () => {
  it('is kept for the order of the diner’s own session only, and texted when ready', async () => {
    const order = await checkout();
    const diner = newPhone();
    const stranger = await call(app, 'PUT', `/api/orders/${order.orderId}/ready-sms`, {
      body: { phone: diner.local },
      cookies: { [DINER_COOKIE]: 'A'.repeat(32) },
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ success: false, code: 'order.not_found' });
    expect(await keptRows(order.orderId)).toEqual([]);

    const asked = await call(app, 'PUT', `/api/orders/${order.orderId}/ready-sms`, {
      body: { phone: diner.local },
      cookies: { [DINER_COOKIE]: order.session, lang: 'en' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ success: true, data: { readySms: 'requested' } });
    // Asked again with another number: the latest one is kept, nothing new in the log.
    const other = newPhone();
    const again = await call(app, 'PUT', `/api/orders/${order.orderId}/ready-sms`, {
      body: { phone: other.local },
      cookies: { [DINER_COOKIE]: order.session, lang: 'en' },
    });
    expect(again.status).toBe(200);
    expect(await keptRows(order.orderId)).toHaveLength(1);

    await paidAndReady(order);
    await runner.runUntilIdle();
    expect(readyTo(diner.e164)).toEqual([]);
    expect(readyTo(other.e164).map((line) => line.text)).toEqual([
      expect.stringMatching(/: Your order #\d+ is ready! Please collect it at the counter\.$/),
    ]);
    expect(typesOf(await streamOf(app, order.orderId)).filter((type) => type.startsWith('ReadySms'))).toEqual([
      'ReadySmsRequested',
      'ReadySmsSent',
    ]);
  });

  it('the same checkout sent again with a number keeps it for the first order', async () => {
    const first = await checkout(undefined, { items: [{ productId: shop.coffee.id, quantity: 3 }], amount: '43.50' });
    const diner = newPhone();
    const again = await checkout(diner.local, {
      items: [{ productId: shop.coffee.id, quantity: 3 }],
      amount: '43.50',
      session: first.session,
    });
    expect(again.orderId).toBe(first.orderId);
    expect(await keptRows(first.orderId)).toHaveLength(1);
  });

  it('is too late once the order is ready', async () => {
    const order = await checkout();
    await paidAndReady(order);
    const late = await call(app, 'PUT', `/api/orders/${order.orderId}/ready-sms`, {
      body: { phone: newPhone().local },
      cookies: { [DINER_COOKIE]: order.session },
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ success: false, code: 'order.invalid_transition' });
    expect(await keptRows(order.orderId)).toEqual([]);
  });
});

describe('a bad number', () => {
  it.each([['12345'], ['03-6123456'], ['+14155550123'], ['050-765432a'], [42]])(
    'create-payment refuses %s with the 400 envelope in Hebrew, placing nothing',
    async (readySmsPhone) => {
      const answer = await createPayment(app, shop.departmentId, {
        items: [{ productId: shop.coffee.id, quantity: 1 }],
        amount: '14.50',
        extra: { readySmsPhone },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'validation.failed' });
      expect((answer.body.fields as Record<string, string>).readySmsPhone).toMatch(/מספר הנייד אינו תקין/);
      expect(answer.body.orderId).toBeUndefined();
    },
  );

  it('the later request refuses it too, and an empty one', async () => {
    const order = await checkout();
    for (const phone of ['12345', '', null]) {
      const answer = await call(app, 'PUT', `/api/orders/${order.orderId}/ready-sms`, {
        body: { phone },
        cookies: { [DINER_COOKIE]: order.session },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'validation.failed' });
      expect((answer.body.fields as Record<string, string>).phone).toMatch(/[\u0590-\u05ff]/);
    }
    const unknown = await call(app, 'PUT', `/api/orders/not-an-order/ready-sms`, {
      body: { phone: newPhone().local },
      cookies: { [DINER_COOKIE]: order.session },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('keeping the numbers', () => {
  it('a server without a key stores no number in the clear: 503 before anything is placed', () => {
    const phones = new ReadySmsPhones(app.database, new SecretBox({ secretsKeys: undefined }));
    expect(() => phones.seal(randomUUID(), '+972507654321')).toThrow(
      expect.objectContaining({ code: 'order.ready_sms_unavailable' }),
    );
  });

  it('the sweep forgets any number kept longer than a day', async () => {
    const order = await checkout(newPhone().local);
    const phones = app.app.get(ReadySmsPhones);
    expect(await phones.sweep()).toBe(0);
    expect(await keptRows(order.orderId)).toHaveLength(1);
    expect(await phones.sweep(Date.now() + 25 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    expect(await keptRows(order.orderId)).toEqual([]);
  });
});
