import {
  type AdminCommissionReport,
  type CommissionHistory,
  israelMonthOf,
  israelMonthRange,
  type MonthlyReport,
  type OrderLine,
} from '@tafrit/contracts';
import { commissionsCsv } from '../../src/modules/commissions/application/commission-report.query.js';
import {
  addPaidOrders,
  MONTHLY_COMMISSIONS_PROCESSOR,
} from '../../src/modules/commissions/projections/monthly-commissions.projection.js';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from '../../src/platform/event-store/postgres/event-rows.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { recordOrder, recordRefund } from '../support/orders.js';
import type { TestApp } from '../support/test-app.js';
import { APP_START_TIMEOUT_MS, inMonth, lastMonth, runProcessors, startCommissionsApp } from './support.js';

let app: TestApp;
let adminToken: string;

interface Owner extends SignedInOwner {
  departmentId: string;
  name: string;
}

const owners: Owner[] = [];
const month = lastMonth();
const currentMonth = israelMonthOf(new Date());

async function newOwner(businessName: string): Promise<Owner> {
  const owner = await registerOwner(app, { businessName });
  const business = (owner.answer.body.data as { business: { departmentId: string } }).business;
  return { ...owner, departmentId: business.departmentId, name: businessName };
}

let orderNumbers = 0;
async function paidOrder(owner: Owner, paidAt: string, lines?: OrderLine[]) {
  orderNumbers += 1;
  // Placed a minute before it was paid: the owner's report counts the order's date, ours the payment's month.
  const placedAt = new Date(Date.parse(paidAt) - 60_000).toISOString();
  return recordOrder(app, {
    businessPhone: owner.phone,
    departmentId: owner.departmentId,
    orderNumber: orderNumbers,
    placedAt,
    paidAt,
    lines,
  });
}

const line = (unitPriceAgorot: number, quantity = 1): OrderLine[] => [
  { productId: 1, name: 'מנה', unitPriceAgorot, quantity },
];

async function adminReport(forMonth: string): Promise<AdminCommissionReport> {
  const answer = await call<{ data: AdminCommissionReport }>(app, 'GET', `/api/admin/commissions/${forMonth}`, {
    token: adminToken,
  });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function ownerReport(owner: Owner, forMonth: string): Promise<MonthlyReport> {
  const answer = await call<{ data: MonthlyReport }>(app, 'GET', `/api/orders?month=${forMonth}`, {
    token: owner.token,
  });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function history(owner: Owner, forMonth: string): Promise<CommissionHistory> {
  const answer = await call<{ data: CommissionHistory }>(
    app,
    'GET',
    `/api/admin/commissions/${forMonth}/${encodeURIComponent(owner.phone)}/history`,
    { token: adminToken },
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** Adds decimal strings exactly, through integer agorot. */
const sum = (values: string[]) => {
  const agorot = values.reduce((total, value) => total + Math.round(Number(value) * 100), 0);
  return `${Math.trunc(agorot / 100)}.${String(agorot % 100).padStart(2, '0')}`;
};

beforeAll(async () => {
  ({ app, adminToken } = await startCommissionsApp());
  // Registered out of alphabetical order: the admin's list sorts by name.
  owners.push(await newOwner('קפה תמר'), await newOwner('אפרת מאפה'), await newOwner('בית הקלה'));
  const [tamar, efrat, beit] = owners as [Owner, Owner, Owner];
  // Half-agora commissions round up (1010 -> 51), others down (1009 -> 50).
  await paidOrder(tamar, inMonth(month, 3), line(1010));
  await paidOrder(tamar, inMonth(month, 9), line(1009, 3));
  await paidOrder(tamar, inMonth(month, 17));
  await paidOrder(efrat, inMonth(month, 5), line(2_345, 2));
  const large = await paidOrder(efrat, inMonth(month, 28), line(99_999));
  await paidOrder(beit, inMonth(month, 12), line(1_111, 7));
  // The last minutes of the month in Israel belong to it; half an hour after midnight, to the next one.
  const { start } = israelMonthRange(currentMonth);
  await paidOrder(beit, new Date(start.getTime() - 10 * 60_000).toISOString(), line(505));
  await paidOrder(tamar, new Date(start.getTime() + 40 * 60_000).toISOString(), line(777));
  // An unpaid order counts nowhere.
  orderNumbers += 1;
  await recordOrder(app, {
    businessPhone: efrat.phone,
    departmentId: efrat.departmentId,
    orderNumber: orderNumbers,
    placedAt: inMonth(month, 20),
  });
  // Refunds (decision 025): two of one order, the second after the month ended; both count in the order's month, and
  // each returns its share of the commission (₪100.00 of ₪999.99 returns ₪5.00; ₪33.33 returns ₪1.67).
  await recordRefund(app, large.orderId, { amountAgorot: 10_000, at: inMonth(month, 29) });
  await recordRefund(app, large.orderId, {
    amountAgorot: 3_333,
    at: new Date(start.getTime() + 3_600_000).toISOString(),
  });
  await runProcessors(app);
}, APP_START_TIMEOUT_MS);
afterAll(() => app.close());

describe('monthly commissions', () => {
  it("equal, to the agora, the sum of the three businesses' own reports and of their commission histories", async () => {
    const report = await adminReport(month);
    expect(report.month).toBe(month);
    expect(report.businesses.map((business) => business.businessName)).toEqual(['אפרת מאפה', 'בית הקלה', 'קפה תמר']);

    const own = await Promise.all(owners.map((owner) => ownerReport(owner, month)));
    expect(report.summary).toEqual({
      totalOrders: own.reduce((total, entry) => total + entry.summary.totalOrders, 0),
      totalAmount: sum(own.map((entry) => entry.summary.totalAmount)),
      totalRefunds: sum(own.map((entry) => entry.summary.totalRefunds)),
      totalCommission: sum(own.map((entry) => entry.summary.totalCommission)),
      totalNet: sum(own.map((entry) => entry.summary.netAmount)),
    });
    expect(report.summary.totalOrders).toBe(7);
    expect(report.summary.totalRefunds).toBe('133.33');

    for (const [index, owner] of owners.entries()) {
      const mine = own[index] as MonthlyReport;
      const row = report.businesses.find((business) => business.businessId === owner.phone);
      expect(row).toEqual({
        businessId: owner.phone,
        businessName: owner.name,
        totalOrders: mine.summary.totalOrders,
        totalAmount: mine.summary.totalAmount,
        totalRefunds: mine.summary.totalRefunds,
        totalCommission: mine.summary.totalCommission,
        totalNet: mine.summary.netAmount,
      });

      const trail = await history(owner, month);
      const paid = trail.lines.filter((entry) => entry.kind === 'order_paid');
      expect(paid).toHaveLength(mine.summary.totalOrders);
      expect(trail.totals).toEqual({
        totalOrders: row?.totalOrders,
        totalAmount: row?.totalAmount,
        totalRefunds: row?.totalRefunds,
        totalCommission: row?.totalCommission,
        totalNet: row?.totalNet,
      });
      // The payments and the refunds (negative) add up to the figures; a request alone moves nothing.
      const refunded = trail.lines.filter((entry) => entry.kind === 'order_refunded');
      const moving = [...paid, ...refunded];
      expect(sum(paid.map((entry) => entry.amount))).toBe(row?.totalAmount);
      expect(sum(refunded.map((entry) => entry.amount.replace('-', '')))).toBe(row?.totalRefunds);
      expect(sum(moving.map((entry) => entry.commission))).toBe(row?.totalCommission);
      expect(sum(moving.map((entry) => entry.net))).toBe(row?.totalNet);
      expect(trail.lines.filter((entry) => entry.kind === 'refund_requested')).toHaveLength(refunded.length);
      // Every line names its event, its order and its number, in log order.
      expect(new Set(paid.map((entry) => entry.orderNumber)).size).toBe(paid.length);
      expect(paid.map((entry) => BigInt(entry.eventPosition))).toEqual(
        paid.map((entry) => BigInt(entry.eventPosition)).sort((a, b) => (a < b ? -1 : 1)),
      );
      for (const entry of paid) {
        expect(entry.streamId).toBe(`order-${entry.orderId}`);
        expect(mine.orders.find((order) => order.id === entry.orderId)?.orderNumber).toBe(entry.orderNumber);
      }
    }
  });

  it('rounds each order and keeps exact decimals: 10.10 pays 0.51 commission, 10.09 pays 0.50', async () => {
    const tamar = owners[0] as Owner;
    const trail = await history(tamar, month);
    expect(trail.businessName).toBe('קפה תמר');
    expect(trail.lines.slice(0, 2)).toMatchObject([
      { kind: 'order_paid', amount: '10.10', commission: '0.51', net: '9.59' },
      { kind: 'order_paid', amount: '30.27', commission: '1.51', net: '28.76' },
    ]);
  });

  it('counts an order paid half an hour after midnight on the 1st (Israel time) in the new month', async () => {
    const [tamar, , beit] = owners as [Owner, Owner, Owner];
    expect((await history(beit, month)).lines.map((entry) => entry.amount)).toContain('5.05');
    const current = await adminReport(currentMonth);
    expect(current.businesses).toEqual([
      expect.objectContaining({ businessId: tamar.phone, totalOrders: 1, totalAmount: '7.77' }),
    ]);
    expect((await ownerReport(tamar, currentMonth)).summary.totalAmount).toBe('7.77');
  });

  it('adds nothing when the same payment is delivered again', async () => {
    const before = await adminReport(month);
    const [event] = await app.database
      .em()
      .getConnection()
      .execute<EventRow[]>(`select ${EVENT_COLUMNS} from events where type = 'OrderPaid' limit 1`);
    // Read as the store reads a row: what the row keeps once (decisions 066, 067) is put back.
    const recorded = toRecordedEvent(event!);
    const paid = recorded.data as never;
    const added = await app.database.em().transactional((em) =>
      addPaidOrders(em, [
        { paid, globalPosition: recorded.globalPosition },
        // The same payment twice in one batch is counted once too.
        { paid, globalPosition: recorded.globalPosition },
      ]),
    );
    expect(added).toBe(0);
    expect(await adminReport(month)).toEqual(before);
  });

  it('gives the same totals when rebuilt from the log', async () => {
    const before = await adminReport(month);
    const current = await adminReport(currentMonth);
    const connection = app.database.em().getConnection();
    await connection.execute('truncate monthly_commissions, commission_orders, commission_refunds');
    expect((await adminReport(month)).businesses).toEqual([]);
    await connection.execute('delete from processor_checkpoints where name = ?', [MONTHLY_COMMISSIONS_PROCESSOR]);
    await runProcessors(app);
    expect(await adminReport(month)).toEqual(before);
    expect(await adminReport(currentMonth)).toEqual(current);
  });

  it('answers an empty month with zeros', async () => {
    expect(await adminReport('2020-01')).toEqual({
      month: '2020-01',
      summary: { totalOrders: 0, totalAmount: '0.00', totalRefunds: '0.00', totalCommission: '0.00', totalNet: '0.00' },
      businesses: [],
    });
  });

  it('refuses a month that is not YYYY-MM with 400', async () => {
    for (const bad of ['2026-13', '2026-1', 'latest', '202611']) {
      const answer = await call(app, 'GET', `/api/admin/commissions/${bad}`, { token: adminToken });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'validation.failed' });
    }
    const csv = await call(app, 'GET', '/api/admin/commissions/2026-00/csv', { token: adminToken });
    expect(csv.status).toBe(400);
  });
});

describe('the commissions CSV', () => {
  it('is UTF-8 with a BOM, Hebrew headers, one row per business and the totals', async () => {
    const response = await fetch(`${app.url}/api/admin/commissions/${month}/csv`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="commissions-${month}.csv"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(rows[0]).toBe('מזהה עסק (טלפון),שם העסק,מספר הזמנות,"סה""כ מכירות",עמלה,נטו,הוחזר');
    expect(rows).toHaveLength(1 + 3 + 1);
    const report = await adminReport(month);
    // A phone starts with '+', which a spreadsheet would read as a formula: it gets the apostrophe.
    expect(rows[1]).toBe(
      [
        `'${report.businesses[0]?.businessId}`,
        report.businesses[0]?.businessName,
        report.businesses[0]?.totalOrders,
        report.businesses[0]?.totalAmount,
        report.businesses[0]?.totalCommission,
        report.businesses[0]?.totalNet,
        report.businesses[0]?.totalRefunds,
      ].join(','),
    );
    expect(rows[4]).toBe(
      `"סה""כ",,${report.summary.totalOrders},${report.summary.totalAmount},${report.summary.totalCommission},${report.summary.totalNet},${report.summary.totalRefunds}`,
    );
  });

  it('never lets a business name run as a formula', () => {
    const csv = commissionsCsv({
      month: '2026-10',
      summary: { totalOrders: 1, totalAmount: '1.00', totalRefunds: '0.00', totalCommission: '0.05', totalNet: '0.95' },
      businesses: [
        {
          businessId: '0521234567',
          businessName: '=HYPERLINK("http://x")',
          totalOrders: 1,
          totalAmount: '1.00',
          totalRefunds: '0.00',
          totalCommission: '0.05',
          totalNet: '0.95',
        },
      ],
    });
    expect(csv.split('\r\n')[1]).toBe(`0521234567,"'=HYPERLINK(""http://x"")",1,1.00,0.05,0.95,0.00`);
  });
});

describe('commission routes are for administrators only', () => {
  it('refuse no token and an owner token', async () => {
    const owner = owners[0] as Owner;
    const paths = [
      `/api/admin/commissions/${month}`,
      `/api/admin/commissions/${month}/csv`,
      `/api/admin/commissions/${month}/${encodeURIComponent(owner.phone)}/history`,
    ];
    for (const path of paths) {
      expect((await call(app, 'GET', path)).status).toBe(401);
      const asOwner = await call(app, 'GET', path, { token: owner.token });
      expect(asOwner.status).toBe(401);
      expect(asOwner.body).toMatchObject({ success: false, code: 'auth.unauthenticated' });
    }
  });

  it('answers 404 for a history of something that is not a phone', async () => {
    const answer = await call(app, 'GET', `/api/admin/commissions/${month}/not-a-phone/history`, {
      token: adminToken,
    });
    expect(answer.status).toBe(404);
  });
});

describe('a commission history', () => {
  it('lists its lines in the order they happened, whatever the order they were recorded in', async () => {
    const owner = await newOwner('קפה הסדר');
    await paidOrder(owner, inMonth(month, 20), line(2_000));
    const early = await paidOrder(owner, inMonth(month, 10), line(1_000));
    await recordRefund(app, early.orderId, { amountAgorot: 500, at: inMonth(month, 15) });
    await runProcessors(app);
    const trail = await history(owner, month);
    expect(trail.lines.map((entry) => [entry.kind, Date.parse(entry.at)])).toEqual([
      ['order_paid', Date.parse(inMonth(month, 10))],
      ['refund_requested', Date.parse(inMonth(month, 15))],
      ['order_refunded', Date.parse(inMonth(month, 15))],
      ['order_paid', Date.parse(inMonth(month, 20))],
    ]);
  });
});
