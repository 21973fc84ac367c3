import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { agorotToDecimalString, israelMonthOf, type MonthlyReport, parsePriceToAgorot } from '@tafrit/contracts';
import { parse } from 'csv-parse/sync';
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
    expect(
      lines[0]?.endsWith('הוחזר,טיפ,אמצעי תשלום,עמלה אחרי החזרים,נטו אחרי החזרים,מקור,תג מקור,קוד הנחה,הנחה'),
    ).toBe(true);
    // Then the tip (none here) and the way to pay (a card in the sandbox's card form); the source's and the promo
    // code's two columns each last (issue 33).
    const refundedCells = lines.slice(1, -1).map((line) => line.split(',').at(-9));
    expect(refundedCells.sort()).toEqual(['', '14.50', '41.00']);
    expect(lines.slice(1, -1).map((line) => line.split(',').slice(-8, -6))).toEqual(
      lines.slice(1, -1).map(() => ['', 'כרטיס אשראי']),
    );
    expect(lines.at(-1)?.split(',').at(-9)).toBe('55.50');
  });

  it('says on each order its refund, and its commission and net after refunds, and the rows sum to the month (issue 29)', async () => {
    const answer = await call(app, 'GET', `/api/orders?month=${israelMonthOf(new Date())}`, { token: owner.token });
    const { orders, summary } = answer.body.data as MonthlyReport;
    // One order refunded a line (₪14.50, its ₪0.73 of commission returned), one whole, one untouched.
    const figures = orders.map((order) => [order.refundedAmount, order.commissionAfterRefunds, order.netAfterRefunds]);
    expect(figures.sort()).toEqual([
      ['0.00', '2.05', '38.95'],
      ['14.50', '1.32', '25.18'],
      ['41.00', '0.00', '0.00'],
    ]);
    const sum = (pick: (order: MonthlyReport['orders'][number]) => string | undefined) =>
      agorotToDecimalString(orders.reduce((total, order) => total + (parsePriceToAgorot(pick(order) ?? '') ?? NaN), 0));
    expect(sum((order) => order.totalAmount)).toBe(summary.totalAmount);
    expect(sum((order) => order.refundedAmount)).toBe(summary.totalRefunds);
    expect(sum((order) => order.commissionAfterRefunds)).toBe(summary.totalCommission);
    expect(sum((order) => order.netAfterRefunds)).toBe(summary.netAmount);
  });

  it('gives the CSV columns of the refund, the commission and the net after refunds, summing to its totals row', async () => {
    const answer = await fetch(`${app.url}/api/orders/csv?month=${israelMonthOf(new Date())}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    // Read by an independent parser, as a spreadsheet would: quoted cells, the byte-order mark, CRLF.
    const [header, ...rows] = parse(await answer.text(), { bom: true, relax_column_count: false }) as string[][];
    expect(header?.slice(-9, -4)).toEqual(['הוחזר', 'טיפ', 'אמצעי תשלום', 'עמלה אחרי החזרים', 'נטו אחרי החזרים']);
    const column = (name: string) => header!.indexOf(name);
    const totals = rows.at(-1)!;
    const orders = rows.slice(0, -1);
    expect(totals[0]).toBe('סה"כ');
    const figures = orders.map((row) =>
      ['הוחזר', 'עמלה אחרי החזרים', 'נטו אחרי החזרים'].map((name) => row[column(name)]),
    );
    expect(figures.sort()).toEqual([
      ['', '2.05', '38.95'],
      ['14.50', '1.32', '25.18'],
      ['41.00', '0.00', '0.00'],
    ]);
    // Every money column adds up to its totals cell: as paid (the older columns) and after refunds (the new ones).
    for (const name of ['סה"כ', 'עמלה 5%', 'נטו', 'הוחזר', 'טיפ', 'עמלה אחרי החזרים', 'נטו אחרי החזרים']) {
      const sum = orders.reduce((total, row) => total + (parsePriceToAgorot(row[column(name)] || '0') ?? NaN), 0);
      expect([name, agorotToDecimalString(sum)]).toEqual([name, totals[column(name)]]);
    }
    expect(totals[column('עמלה אחרי החזרים')]).toBe('3.37');
    expect(totals[column('נטו אחרי החזרים')]).toBe('64.13');
  });
});
