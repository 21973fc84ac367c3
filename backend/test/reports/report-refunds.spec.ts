import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { israelMonthOf, type MonthlyReport } from '@tafrit/contracts';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { dinerPays } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The owner's monthly report after refunds (issue 17's contract): totalAmount and totalOrders as paid, totalRefunds,
// and totalCommission and netAmount after refunds (a refund returns its commission); each order its refunds.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
});
afterAll(() => app.close());

/** Two coffees and a croissant, ₪41.00, paid in the sandbox. */
const paidOrder = async (): Promise<string> => (await dinerPays(app, shop)).orderId;

describe('the monthly report after refunds', () => {
  it('counts the sales as paid, the refunds apart, and the commission and net on what was kept', async () => {
    const lineRefunded = await paidOrder();
    const wholeRefunded = await paidOrder();
    const untouched = await paidOrder();
    const refund = (orderId: string, body: unknown) =>
      call(app, 'POST', `/api/orders/${orderId}/refunds`, { body, token: owner.token });
    expect((await refund(lineRefunded, { lines: [{ index: 0, quantity: 1 }], reason: 'קפה קר' })).status).toBe(200);
    expect((await refund(wholeRefunded, { reason: 'ביטול' })).status).toBe(200);

    const answer = await call(app, 'GET', `/api/orders?month=${israelMonthOf(new Date())}`, { token: owner.token });
    expect(answer.status).toBe(200);
    const report = answer.body.data as MonthlyReport;
    // 3 × ₪41.00 paid; ₪14.50 + ₪41.00 refunded; commission 3 × ₪2.05 less ₪0.73 and ₪2.05 returned.
    expect(report.summary).toEqual({
      totalOrders: 3,
      totalAmount: '123.00',
      totalRefunds: '55.50',
      totalCommission: '3.37',
      netAmount: '64.13',
      totalTips: '0.00',
    });
    const byId = new Map(report.orders.map((order) => [order.id, order]));
    expect(byId.get(lineRefunded)?.refunds).toEqual([
      {
        refundId: expect.any(String),
        amount: '14.50',
        reason: 'קפה קר',
        createdAt: expect.any(String),
        creditUrl: expect.stringMatching(/^\/api\/invoice\/[0-9a-f-]{36}\/credits\/[0-9a-f-]{36}\?token=/),
        credit: 'issued',
        creditFailureReason: null,
      },
    ]);
    // The report's link opens the credit document without a session, as the invoice's does.
    const creditUrl = byId.get(lineRefunded)?.refunds[0]?.creditUrl as string;
    const credit = await fetch(`${app.url}${creditUrl}`);
    expect(credit.status).toBe(200);
    expect(await credit.text()).toContain('זיכוי');
    expect(byId.get(wholeRefunded)?.refunds).toMatchObject([{ amount: '41.00', reason: 'ביטול' }]);
    expect(byId.get(wholeRefunded)?.totalAmount).toBe('41.00');
    expect(byId.get(untouched)?.refunds).toEqual([]);
  });

  it('puts what was refunded after the older columns in the CSV: per order, and the month in the summary row', async () => {
    const answer = await fetch(`${app.url}/api/orders/csv?month=${israelMonthOf(new Date())}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(answer.status).toBe(200);
    const lines = (await answer.text()).trim().split(/\r?\n/);
    expect(lines[0]?.endsWith('הוחזר,טיפ,אמצעי תשלום')).toBe(true);
    // Then the tip (none here) and the way to pay (a card in the sandbox's card form).
    const refundedCells = lines.slice(1, -1).map((line) => line.split(',').at(-3));
    expect(refundedCells.sort()).toEqual(['', '14.50', '41.00']);
    expect(lines.slice(1, -1).map((line) => line.split(',').slice(-2))).toEqual(
      lines.slice(1, -1).map(() => ['', 'כרטיס אשראי']),
    );
    expect(lines.at(-1)?.split(',').at(-3)).toBe('55.50');
  });
});
