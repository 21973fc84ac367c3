import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DinerOrderView, OrderEventData } from '@tafrit/contracts';
import { CommandBus } from '@nestjs/cqrs';
import {
  CompleteRefundCommand,
  type RefundOutcome,
} from '../../src/modules/ordering/application/complete-refund.handler.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { execute, query } from '../../src/platform/database/sql.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { createPayment, DINER_COOKIE, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD, dinerPays } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A refund's credit tax document (issue 17): ours when the invoice was ours, numbered from the business's own gapless
// sequence of credit documents, linked to the invoice, printable like it and opened by the order's link or its owner.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let stranger: SignedInOwner;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  stranger = await registerOwner(app);
});
afterAll(() => app.close());

/** Two coffees and a croissant, ₪41.00, paid in the sandbox. */
const paidOrder = async (): Promise<string> => (await dinerPays(app, shop)).orderId;

const refund = (orderId: string, body: unknown) =>
  call(app, 'POST', `/api/orders/${orderId}/refunds`, { body, token: owner.token });

async function eventsOf<T extends 'CreditIssued' | 'InvoiceIssued'>(orderId: string, type: T) {
  const { events } = await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`);
  return events.filter((e) => e.type === type).map((e) => e.data as OrderEventData[T]);
}

describe('the credit tax document of a refund', () => {
  it('is numbered 1, 2, 3 per business, commits with the refund and names the invoice it credits', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    expect((await refund(first, { lines: [{ index: 0, quantity: 1 }], reason: 'קפה קר' })).status).toBe(200);
    expect((await refund(second, { amount: '5.00', reason: 'פיצוי' })).status).toBe(200);
    expect((await refund(first, { reason: 'ביטול' })).status).toBe(200);
    const credits = [...(await eventsOf(first, 'CreditIssued')), ...(await eventsOf(second, 'CreditIssued'))];
    expect(credits.map((c) => c.creditNumber).sort()).toEqual(['1', '2', '3']);
    const [invoice] = await eventsOf(first, 'InvoiceIssued');
    const [line] = await eventsOf(first, 'CreditIssued');
    expect(line).toMatchObject({
      source: 'platform',
      originalInvoiceNumber: invoice?.invoiceNumber,
      lines: [{ index: 0, quantity: 1 }],
      totalAgorot: 1450,
      beforeVatAgorot: 1229,
      vatAgorot: 221,
      vatRatePercent: 18,
    });
  });

  it('opens by the order link and for its owner, printable in Hebrew; anyone else gets the same 404 page', async () => {
    const orderId = await paidOrder();
    expect((await refund(orderId, { lines: [{ index: 1, quantity: 1 }], reason: 'נגמר' })).status).toBe(200);
    const [credit] = await eventsOf(orderId, 'CreditIssued');
    const [invoice] = await eventsOf(orderId, 'InvoiceIssued');
    if (!credit || !invoice) throw new Error('no credit document');

    const byLink = await call<string>(app, 'GET', credit.creditUrl);
    expect(byLink.status).toBe(200);
    expect(byLink.headers.get('content-type')).toContain('text/html');
    expect(byLink.headers.get('cache-control')).toBe('no-store');
    expect(byLink.body).toContain('<html lang="he" dir="rtl">');
    expect(byLink.body).toContain(
      `<span class="nowrap">חשבונית מס זיכוי</span> <span class="nowrap">מס' <bdi dir="ltr">${credit.creditNumber}</bdi></span>`,
    );
    // The seller's block with the address (issue 17), as the credit's event carries it.
    expect(byLink.body).toContain('<p><bdi>הרצל 12, תל אביב-יפו</bdi></p>');
    expect(credit.seller).toMatchObject({ street: 'הרצל 12', city: 'תל אביב-יפו' });
    expect(byLink.body).toContain(`<bdi dir="ltr">${invoice.invoiceNumber}</bdi>`);
    expect(byLink.body).toContain('קרואסון');
    expect(byLink.body).toContain('נגמר');

    const path = credit.creditUrl.split('?')[0]!;
    expect((await call<string>(app, 'GET', path, { token: owner.token })).status).toBe(200);
    for (const [address, token] of [
      [path, stranger.token],
      [path, undefined],
      [`${path}?token=wrong`, undefined],
      [`/api/invoice/${orderId}/credits/${randomUUID()}?token=${credit.creditUrl.split('token=')[1]}`, undefined],
      [`/api/invoice/${orderId}/credits/not-an-id`, owner.token],
    ] as const) {
      const answer = await call<string>(app, 'GET', address, { token });
      expect({ address, status: answer.status }).toEqual({ address, status: 404 });
      expect(answer.body).toContain('החשבונית לא נמצאה');
    }
  });

  it('stays gapless: concurrent refunds of one business take 1..n, and a rolled-back refund gives its number back', async () => {
    const cafe = await registerOwner(app);
    const cafeShop = await openShop(app, cafe);
    const orders: string[] = [];
    for (let n = 0; n < 4; n++) {
      const answer = await createPayment(app, cafeShop.departmentId, {
        items: [{ productId: cafeShop.coffee.id, quantity: 1 }],
        amount: '14.50',
        ip: `10.82.${n}.${Math.floor(Math.random() * 250) + 1}`,
      });
      const { paymentUrl, orderId } = answer.body as { paymentUrl: string; orderId: string };
      expect((await payInSandbox(app, paymentUrl, { number: SANDBOX_APPROVED_CARD })).status).toBeLessThan(400);
      orders.push(orderId);
    }
    const refundOf = (orderId: string) =>
      call(app, 'POST', `/api/orders/${orderId}/refunds`, { body: { reason: 'ביטול' }, token: cafe.token });
    const answers = await Promise.all(orders.slice(0, 3).map(refundOf));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const numbers = async (orderIds: string[]) =>
      (await Promise.all(orderIds.map((id) => eventsOf(id, 'CreditIssued')))).flat().map((c) => c.creditNumber);
    expect((await numbers(orders.slice(0, 3))).sort()).toEqual(['1', '2', '3']);

    // The log refuses the next refund's record (as a failing disk would): its credit number goes back with it, the
    // refund stays requested (the sandbox refunded), and completing it later takes the next number, not a gap.
    await execute(
      app.database.em(),
      `create function refuse_refunds() returns trigger language plpgsql as $$
       begin
         if new.type = 'OrderRefunded' and new.data->>'businessPhone' = '${cafe.phone}' then
           raise exception 'the log is full';
         end if;
         return new;
       end $$;
       create trigger refuse_refunds before insert on events for each row execute function refuse_refunds();`,
    );
    let refused;
    try {
      refused = await refundOf(orders[3]!);
    } finally {
      await execute(app.database.em(), 'drop trigger refuse_refunds on events; drop function refuse_refunds();');
    }
    // Answered 503 with the envelope and a stable code (the owner's "try again"), never a bare 500.
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ success: false, code: 'refund.not_recorded' });
    const [sequence] = await query<{ last_number: number }>(
      app.database.em(),
      'select last_number from credit_sequences where business_id = ?',
      [cafe.phone],
    );
    expect(sequence?.last_number).toBe(3);
    const { events } = await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orders[3]}`);
    const requested = events.find((e) => e.type === 'RefundRequested')?.data as OrderEventData['RefundRequested'];
    const completed = await app.app
      .get(CommandBus)
      .execute<CompleteRefundCommand, RefundOutcome>(
        new CompleteRefundCommand(orders[3]!, requested.refundId, 'retry'),
      );
    expect(completed.status).toBe('refunded');
    expect(await numbers([orders[3]!])).toEqual(['4']);
  });
});

describe("the diner's thank-you page after a refund", () => {
  it("lists the order's refunds with a link to each credit document, in the diner's session, without the reason", async () => {
    const placed = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 2 }],
      amount: '29.00',
      ip: '10.83.1.1',
    });
    const session = placed.cookies[DINER_COOKIE]?.value ?? '';
    const orderId = String(placed.body.orderId);
    expect((await payInSandbox(app, String(placed.body.paymentUrl), { number: SANDBOX_APPROVED_CARD })).status).toBe(
      303,
    );
    const latest = () =>
      call<{ data: DinerOrderView }>(app, 'GET', `/api/orders/${shop.departmentId}/latest`, {
        cookies: { [DINER_COOKIE]: session },
      });
    expect((await latest()).body.data.refunds).toBeUndefined();

    expect((await refund(orderId, { lines: [{ index: 0, quantity: 1 }], reason: 'הערה פנימית של הקפה' })).status).toBe(
      200,
    );
    const { data } = (await latest()).body;
    expect(data.refunds).toEqual([
      {
        refundId: expect.any(String),
        amount: '14.50',
        refundedAt: expect.any(String),
        creditUrl: expect.stringMatching(new RegExp(`^/api/invoice/${orderId}/credits/[0-9a-f-]{36}\\?token=`)),
      },
    ]);
    expect(JSON.stringify(data)).not.toContain('הערה פנימית');
    // The link opens the credit document without an owner's session, as the invoice's link does.
    const page = await fetch(`${app.url}${data.refunds?.[0]?.creditUrl}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('זיכוי');
  });
});
