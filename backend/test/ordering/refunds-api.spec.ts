import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messageFor } from '@tafrit/contracts';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { execute, query } from '../../src/platform/database/sql.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { createPayment, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// `POST /api/orders/{orderId}/refunds` (issue 17's contract): the owner's refunds over HTTP, with the sandbox.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let stranger: SignedInOwner;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  stranger = await registerOwner(app);
  await openShop(app, stranger);
});
afterAll(async () => {
  await app?.close();
});

/** Two coffees (₪14.50) and a croissant (₪12.00): ₪41.00; paid in the sandbox unless `pay` is false. */
async function order(pay = true): Promise<string> {
  const answer = await createPayment(app, shop.departmentId, {
    items: [
      { productId: shop.coffee.id, quantity: 2 },
      { productId: shop.croissant.id, quantity: 1 },
    ],
    amount: '41.00',
    ip: `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
  const { paymentUrl, orderId } = answer.body as { paymentUrl: string; orderId: string };
  if (pay) expect((await payInSandbox(app, paymentUrl, { number: SANDBOX_APPROVED_CARD })).status).toBeLessThan(400);
  return orderId;
}

const refund = (orderId: string, body: unknown, who: SignedInOwner = owner) =>
  call(app, 'POST', `/api/orders/${orderId}/refunds`, { body, token: who.token });

const eventCount = async (orderId: string) =>
  (await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`)).events.length;

const sandboxRefunds = (orderId: string) =>
  query<{ amount_agorot: number }>(
    app.database.em(),
    `select r.amount_agorot from sandbox_refunds r join orders o on o.cardcom_transaction_id = r.transaction_id
      where o.id = ?`,
    [orderId],
  );

/** The error envelope of `code`, with its Hebrew message. */
const envelope = (code: Parameters<typeof messageFor>[0]) => ({
  success: false,
  code,
  message: messageFor(code),
});

describe('POST /api/orders/{orderId}/refunds', () => {
  it('refunds a line by its position and answers refundId, amount in shekels and status', async () => {
    const orderId = await order();
    const answer = await refund(orderId, { lines: [{ index: 0, quantity: 1 }], reason: 'קפה קר' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      data: {
        refundId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        amount: '14.50',
        status: 'refunded',
        failureReason: null,
      },
    });
    // Then an amount, then the rest: never more than was paid.
    expect((await refund(orderId, { amount: '10.00', reason: 'פיצוי' })).body).toMatchObject({
      data: { amount: '10.00', status: 'refunded' },
    });
    expect((await refund(orderId, { reason: 'ביטול' })).body).toMatchObject({ data: { amount: '16.50' } });
    expect((await sandboxRefunds(orderId)).map((r) => Number(r.amount_agorot)).sort()).toEqual([1000, 1450, 1650]);
    const again = await refund(orderId, { amount: 1, reason: 'עוד' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject(envelope('refund.fully_refunded'));
  });

  it('refuses more than remains with 409 and changes nothing', async () => {
    const orderId = await order();
    const before = await eventCount(orderId);
    const answer = await refund(orderId, { amount: 41.01, reason: 'טעות' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject(envelope('refund.exceeds_remaining'));
    expect(await eventCount(orderId)).toBe(before);
  });

  it('refuses an unpaid order with 409 in Hebrew', async () => {
    const orderId = await order(false);
    const answer = await refund(orderId, { reason: 'טעות' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject(envelope('refund.order_not_paid'));
  });

  it("answers another business's order, an unknown one and a malformed id with 404, changing nothing", async () => {
    const orderId = await order();
    const before = await eventCount(orderId);
    for (const [id, who] of [
      [orderId, stranger],
      [randomUUID(), owner],
      ['not-an-id', owner],
    ] as const) {
      const answer = await refund(id, { reason: 'טעות' }, who);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject(envelope('order.not_found'));
    }
    // The path is read before the body: a malformed id with a malformed body is the same 404.
    const both = await refund('not-an-id', { amount: -5 }, owner);
    expect(both.status).toBe(404);
    expect(both.body).toMatchObject(envelope('order.not_found'));
    expect(await eventCount(orderId)).toBe(before);
    expect(await sandboxRefunds(orderId)).toHaveLength(0);
    const anonymous = await call(app, 'POST', `/api/orders/${orderId}/refunds`, { body: { reason: 'x' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, code: 'auth.unauthenticated' });
  });

  it('refuses malformed input with the 400 envelope, never a 500, changing nothing', async () => {
    const orderId = await order();
    const before = await eventCount(orderId);
    for (const body of [
      { amount: -5, reason: 'טעות' },
      { amount: 0, reason: 'טעות' },
      { amount: '0.00', reason: 'טעות' },
      { amount: '12.345', reason: 'טעות' },
      { amount: 'abc', reason: 'טעות' },
      { amount: 1e30, reason: 'טעות' },
      { amount: 5, lines: [{ index: 0, quantity: 1 }], reason: 'טעות' },
      { lines: [], reason: 'טעות' },
      { lines: [{ index: -1, quantity: 1 }], reason: 'טעות' },
      { lines: [{ index: 0, quantity: 0 }], reason: 'טעות' },
      {
        lines: [
          { index: 0, quantity: 1 },
          { index: 0, quantity: 1 },
        ],
        reason: 'טעות',
      },
      { lines: 'all', reason: 'טעות' },
      { amount: 5 },
      { amount: 5, reason: '   ' },
      { amount: 5, reason: 'x'.repeat(201) },
      { amount: 5, reason: 'טעות', refundId: 'nope' },
      { amount: 5, reason: 'טעות', extra: true },
      [],
      'text',
    ]) {
      const answer = await refund(orderId, body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.body).toMatchObject({ success: false, code: 'validation.failed', message: expect.any(String) });
    }
    // A line beyond the order is the order's refusal (409), not the schema's.
    const beyond = await refund(orderId, { lines: [{ index: 5, quantity: 1 }], reason: 'טעות' });
    expect(beyond.status).toBe(409);
    expect(beyond.body).toMatchObject(envelope('refund.line_unavailable'));
    expect(await eventCount(orderId)).toBe(before);
  });

  it('concurrent double requests: exactly one refund', async () => {
    const orderId = await order();
    const answers = await Promise.all([refund(orderId, { reason: 'כפול' }), refund(orderId, { reason: 'כפול' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject(envelope('refund.fully_refunded'));
    expect((await sandboxRefunds(orderId)).map((r) => Number(r.amount_agorot))).toEqual([4100]);

    // With the client's refund id (one per confirmation), a double click is the same refund, answered twice.
    const second = await order();
    const body = { amount: '5.00', reason: 'כפול', refundId: randomUUID() };
    const same = await Promise.all([refund(second, body), refund(second, body), refund(second, body)]);
    expect(same.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(same.map((a) => (a.body.data as { refundId: string }).refundId))).toEqual(new Set([body.refundId]));
    expect((await sandboxRefunds(second)).map((r) => Number(r.amount_agorot))).toEqual([500]);
    // The same id with another amount is refused.
    const reused = await refund(second, { ...body, amount: '6.00' });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject(envelope('refund.id_reused'));
  });

  it('answers 503 refund.not_recorded (not 500) when the log refuses the request or the decline, holding nothing', async () => {
    const orderId = await order();
    // The log refuses this order's refund requests (as a failing disk would) for the two calls below.
    await execute(
      app.database.em(),
      `create function refuse_requests() returns trigger language plpgsql as $$
       begin
         if new.type in ('RefundRequested', 'OrderDeclined') and new.stream_id = 'order-${orderId}' then
           raise exception 'the log is full';
         end if;
         return new;
       end $$;
       create trigger refuse_requests before insert on events for each row execute function refuse_requests();`,
    );
    let refused;
    let declined;
    try {
      refused = await refund(orderId, { amount: '5.00', reason: 'מנה אזלה' });
      declined = await call(app, 'POST', `/api/live-orders/${orderId}/decline`, {
        body: { reason: 'מנה אזלה' },
        token: owner.token,
      });
    } finally {
      await execute(app.database.em(), 'drop trigger refuse_requests on events; drop function refuse_requests();');
    }
    for (const answer of [refused, declined]) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject(envelope('refund.not_recorded'));
    }
    expect(await sandboxRefunds(orderId)).toEqual([]);
    // Nothing was held: the whole order is still refundable.
    const whole = await refund(orderId, { reason: 'מנה אזלה' });
    expect(whole.status).toBe(200);
    expect(whole.body).toMatchObject({ data: { amount: '41.00', status: 'refunded' } });
  });
});
