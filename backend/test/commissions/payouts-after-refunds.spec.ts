import {
  type AdminCommissionReport,
  israelMonthOf,
  type MonthlyReport,
  type PayoutBatch,
  shiftMonth,
} from '@tafrit/contracts';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { recordOrder, recordRefund } from '../support/orders.js';
import type { TestApp } from '../support/test-app.js';
import { APP_START_TIMEOUT_MS, inMonth, newIp, runProcessors, startCommissionsApp } from './support.js';

// Decision 025: a refund of a month already paid out is deducted from the next payout; what the next month's net does
// not cover carries forward; a closed business's balance is shown as owed. Two ended months: the first is paid out,
// then one of its orders is refunded, then the second month's batch is made.
let app: TestApp;
let adminToken: string;
const current = israelMonthOf(new Date());
const paidOut = shiftMonth(current, -2);
const next = shiftMonth(current, -1);
let cafe: SignedInOwner & { departmentId: string };
let bakery: SignedInOwner & { departmentId: string };
let refundedOrder: string;

async function newOwner(overrides: Record<string, unknown>) {
  const owner = await registerOwner(app, overrides);
  const business = (owner.answer.body.data as { business: { departmentId: string } }).business;
  return { ...owner, departmentId: business.departmentId };
}

const get = <T>(path: string, token = adminToken) => call<{ data: T }>(app, 'GET', path, { token });
const post = <T>(path: string) => call<{ data: T }>(app, 'POST', path, { token: adminToken, ip: newIp() });
let orderNumber = 0;
const paid = (owner: typeof cafe, month: string, totalAgorot: number) =>
  recordOrder(app, {
    businessPhone: owner.phone,
    departmentId: owner.departmentId,
    orderNumber: ++orderNumber,
    lines: [{ productId: 1, name: 'מגש אירוח', unitPriceAgorot: totalAgorot, quantity: 1 }],
    placedAt: inMonth(month, 10, 9),
    paidAt: inMonth(month, 10, 10),
  });

beforeAll(async () => {
  ({ app, adminToken } = await startCommissionsApp());
  cafe = await newOwner({ businessName: 'קפה הגפן', beneficiaryName: 'גפן לוי', bankName: '12', branch: '600' });
  bakery = await newOwner({ businessName: 'מאפיית השקד', beneficiaryName: 'שקד כהן', bankName: '10', branch: '912' });
  // ₪100.00 in the first month: ₪5.00 commission, ₪95.00 paid out.
  refundedOrder = (await paid(cafe, paidOut, 10_000)).orderId;
  await runProcessors(app);
  expect((await post(`/api/admin/payouts/${paidOut}`)).status).toBe(201);
  // After the payout, ₪80.00 of it is refunded (returning ₪4.00 of commission): the month is now worth ₪19.00 to the
  // café, which was paid ₪95.00, so it owes ₪76.00. Its next month nets ₪47.50 (₪50.00 less ₪2.50).
  await recordRefund(app, refundedOrder, { amountAgorot: 8_000, at: new Date().toISOString() });
  await paid(cafe, next, 5_000);
  await paid(bakery, next, 20_000);
  await runProcessors(app);
}, APP_START_TIMEOUT_MS);
afterAll(() => app.close());

describe('a refund of a month already paid out', () => {
  it('lowers that month’s commission and net for the admin exactly as in the owner’s report', async () => {
    const admin = (await get<AdminCommissionReport>(`/api/admin/commissions/${paidOut}`)).body.data;
    const own = (await get<MonthlyReport>(`/api/orders?month=${paidOut}`, cafe.token)).body.data;
    expect(admin.businesses).toEqual([
      expect.objectContaining({
        businessId: cafe.phone,
        totalAmount: '100.00',
        totalRefunds: '80.00',
        totalCommission: '1.00',
        totalNet: '19.00',
      }),
    ]);
    expect(own.summary).toMatchObject({ totalRefunds: '80.00', totalCommission: '1.00', netAmount: '19.00' });
    // The batch already made keeps what was sent to the bank.
    const batch = (await get<PayoutBatch>(`/api/admin/payouts/${paidOut}`)).body.data;
    expect(batch.lines.map((line) => line.net)).toEqual(['95.00']);
  });

  it('is deducted from the next payout; what the month does not cover carries forward', async () => {
    const draft = (await get<PayoutBatch>(`/api/admin/payouts/${next}`)).body.data;
    // The café's whole ₪47.50 goes to its balance: no transfer, ₪28.50 still owed. The bakery is paid in full.
    expect(draft.lines).toEqual([
      expect.objectContaining({ businessId: bakery.phone, net: '190.00', monthNet: '190.00', deducted: '0.00' }),
    ]);
    const balance = {
      businessId: cafe.phone,
      businessName: 'קפה הגפן',
      monthNet: '47.50',
      owed: '76.00',
      deducted: '47.50',
      carried: '28.50',
      closed: false,
    };
    expect(draft.balances).toEqual([balance]);
    expect(draft.owedNow).toEqual([expect.objectContaining({ businessId: cafe.phone, owed: '76.00' })]);

    const created = await post<PayoutBatch>(`/api/admin/payouts/${next}`);
    expect(created.status).toBe(201);
    expect(created.body.data.balances).toEqual([balance]);
    expect(created.body.data.total).toBe('190.00');
    // After the batch, what is still owed is the carried balance.
    expect(created.body.data.owedNow).toEqual([expect.objectContaining({ businessId: cafe.phone, owed: '28.50' })]);

    const report = (await get<MonthlyReport>(`/api/orders?month=${next}`, cafe.token)).body.data;
    expect(report.payout).toEqual({
      status: 'created',
      dueDate: `${current}-20`,
      transferredAt: null,
      net: '0.00',
      deducted: '47.50',
      carried: '28.50',
    });
  });

  it('puts the deduction and the carried balance in the payouts CSV', async () => {
    const response = await fetch(`${app.url}/api/admin/payouts/${next}/csv`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const rows = new TextDecoder()
      .decode(new Uint8Array(await response.arrayBuffer()).slice(3))
      .trimEnd()
      .split('\r\n');
    expect(rows).toHaveLength(1 + 1 + 1 + 1);
    expect(rows[1]).toMatch(/,190\.00,190\.00,0\.00$/);
    expect(rows[3]).toContain('קפה הגפן');
    expect(rows[3]).toContain('יתרת חוב להעברה הבאה: 28.50');
    expect(rows[3]).toMatch(/,0\.00,47\.50,47\.50$/);
  });

  it('shows the history of the paid-out month with the refund’s events', async () => {
    const history = (
      await get<{ lines: { kind: string; amount: string; commission: string }[]; totals: Record<string, unknown> }>(
        `/api/admin/commissions/${paidOut}/${encodeURIComponent(cafe.phone)}/history`,
      )
    ).body.data;
    // In the order they happened: the month was paid out before the refund came.
    expect(history.lines.map((line) => line.kind)).toEqual([
      'order_paid',
      'payout_created',
      'refund_requested',
      'order_refunded',
    ]);
    expect(history.lines[3]).toMatchObject({ amount: '-80.00', commission: '-4.00' });
    expect(history.totals).toMatchObject({ totalRefunds: '80.00', totalCommission: '1.00', totalNet: '19.00' });
  });

  it('leaves a closed business’s balance shown as owed', async () => {
    const closed = await call(app, 'DELETE', `/api/admin/businesses/${encodeURIComponent(cafe.phone)}`, {
      token: adminToken,
      ip: newIp(),
    });
    expect(closed.status).toBeLessThan(300);
    const batch = (await get<PayoutBatch>(`/api/admin/payouts/${next}`)).body.data;
    expect(batch.owedNow).toEqual([expect.objectContaining({ businessId: cafe.phone, owed: '28.50', closed: true })]);
  });
});
