import {
  type CommissionHistory,
  israelMonthOf,
  type MonthlyReport,
  type PayoutBatch,
  shiftMonth,
} from '@tafrit/contracts';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { recordOrder } from '../support/orders.js';
import type { TestApp } from '../support/test-app.js';
import {
  APP_START_TIMEOUT_MS,
  inMonth,
  lastMonth,
  MASAV_TEST_ENV,
  newIp,
  runProcessors,
  startCommissionsApp,
} from './support.js';

let app: TestApp;
let adminToken: string;
const month = lastMonth();
const owners: (SignedInOwner & { departmentId: string })[] = [];

async function newOwner(overrides: Record<string, unknown>) {
  const owner = await registerOwner(app, overrides);
  const business = (owner.answer.body.data as { business: { departmentId: string } }).business;
  return { ...owner, departmentId: business.departmentId };
}

const get = <T>(path: string, token = adminToken) => call<{ data: T }>(app, 'GET', path, { token });
const post = <T>(path: string, ip = newIp()) => call<{ data: T }>(app, 'POST', path, { token: adminToken, ip });

async function ownerReport(owner: SignedInOwner): Promise<MonthlyReport> {
  return (await get<MonthlyReport>(`/api/orders?month=${month}`, owner.token)).body.data;
}

beforeAll(async () => {
  ({ app, adminToken } = await startCommissionsApp());
  owners.push(
    await newOwner({ businessName: 'קפה נועה', beneficiaryName: 'נועה ברק', bankName: '12', branch: '600' }),
    await newOwner({ businessName: 'בורקס יוסי', beneficiaryName: 'יוסי כהן', bankName: '10', branch: '912' }),
  );
  let orderNumber = 0;
  for (const [index, owner] of owners.entries()) {
    for (const day of [4, 11, 25].slice(0, index + 2)) {
      orderNumber += 1;
      await recordOrder(app, {
        businessPhone: owner.phone,
        departmentId: owner.departmentId,
        orderNumber,
        placedAt: inMonth(month, day, 9),
        paidAt: inMonth(month, day, 10),
      });
    }
  }
  await runProcessors(app);
}, APP_START_TIMEOUT_MS);
afterAll(() => app.close());

describe('payouts of a month', () => {
  it('before the batch, shows the draft: each business’s net with its bank details, due on the 20th next month', async () => {
    const answer = await get<PayoutBatch>(`/api/admin/payouts/${month}`);
    expect(answer.status).toBe(200);
    const batch = answer.body.data;
    expect(batch).toMatchObject({
      month,
      dueDate: `${shiftMonth(month, 1)}-20`,
      status: 'draft',
      createdAt: null,
      transferredAt: null,
    });
    const commissions = (
      await get<{ businesses: { businessId: string; totalNet: string }[] }>(`/api/admin/commissions/${month}`)
    ).body.data;
    expect(batch.lines).toEqual([
      {
        businessId: owners[1]?.phone,
        businessName: 'בורקס יוסי',
        net: commissions.businesses.find((row) => row.businessId === owners[1]?.phone)?.totalNet,
        tips: '0.00',
        bankCode: '10',
        branch: '912',
        accountNumber: '123456',
        beneficiaryName: 'יוסי כהן',
        monthNet: commissions.businesses.find((row) => row.businessId === owners[1]?.phone)?.totalNet,
        deducted: '0.00',
      },
      expect.objectContaining({ businessId: owners[0]?.phone, businessName: 'קפה נועה', bankCode: '12' }),
    ]);
    const netOf = (owner: SignedInOwner) => batch.lines.find((line) => line.businessId === owner.phone)?.net;
    for (const owner of owners) expect(netOf(owner)).toBe((await ownerReport(owner)).summary.netAmount);
    expect(Number(batch.total)).toBeCloseTo(
      batch.lines.reduce((total, line) => total + Number(line.net), 0),
      2,
    );
  });

  it('cannot be created for the current month, which has not ended in Israel', async () => {
    const answer = await post(`/api/admin/payouts/${israelMonthOf(new Date())}`);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'conflict',
      message: 'אפשר ליצור העברות רק לחודש שהסתיים',
    });
  });

  it('will not make a Masav file before the batch is created', async () => {
    const answer = await get(`/api/admin/payouts/${month}/masav`);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message: 'יש ליצור את רשימת ההעברות לפני הפקת קובץ מס"ב' });
  });

  it('is created once, as an event naming the admin and the IP; the report footer shows it planned', async () => {
    const created = await post<PayoutBatch>(`/api/admin/payouts/${month}`, '10.88.1.2');
    expect(created.status).toBe(201);
    expect(created.body.data.status).toBe('created');
    expect(created.body.data.createdAt).not.toBeNull();
    expect((await post(`/api/admin/payouts/${month}`)).status).toBe(409);

    const [event] = await app.database
      .em()
      .getConnection()
      .execute<{ type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }[]>(
        `select type, data, metadata from events where stream_id = ? order by stream_version`,
        [`payout-${month}`],
      );
    expect(event?.type).toBe('PayoutBatchCreated');
    expect(event?.data).toMatchObject({ month, adminPhone: '+972547654321', ip: '10.88.1.2' });
    // The row keeps a kind and an id as one string (decision 075); the store reads it back as the object.
    expect(event?.metadata).toMatchObject({ actor: 'admin:+972547654321' });

    const owner = owners[0] as SignedInOwner;
    const report = await ownerReport(owner);
    expect(report.payout).toEqual({
      status: 'created',
      dueDate: `${shiftMonth(month, 1)}-20`,
      transferredAt: null,
      net: report.summary.netAmount,
      deducted: '0.00',
      carried: '0.00',
    });
  });

  it('keeps the created lines even when a late payment of the month arrives', async () => {
    const before = (await get<PayoutBatch>(`/api/admin/payouts/${month}`)).body.data;
    const owner = owners[0] as SignedInOwner & { departmentId: string };
    await recordOrder(app, {
      businessPhone: owner.phone,
      departmentId: owner.departmentId,
      orderNumber: 99,
      placedAt: inMonth(month, 27, 9),
      paidAt: inMonth(month, 27, 10),
    });
    await runProcessors(app);
    expect((await get<PayoutBatch>(`/api/admin/payouts/${month}`)).body.data).toEqual(before);
  });

  it('exports the batch as CSV with Hebrew headers', async () => {
    const response = await fetch(`${app.url}/api/admin/payouts/${month}/csv`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(rows[0]).toBe('מזהה עסק (טלפון),שם העסק,מוטב,"ת""ז / ח""פ",בנק,סניף,חשבון,סכום,נטו החודש,קוזז על החזרים');
    expect(rows).toHaveLength(1 + 2 + 1);
    expect(rows[1]).toContain(',בורקס יוסי,יוסי כהן,515678902,10,912,123456,');
  });

  it('exports the batch as a Masav credit file of 128-character records with its totals', async () => {
    const batch = (await get<PayoutBatch>(`/api/admin/payouts/${month}`)).body.data;
    const response = await fetch(`${app.url}/api/admin/payouts/${month}/masav`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="masav-${month}.txt"`);
    const text = Buffer.from(await response.arrayBuffer()).toString('latin1');
    const records = text.split('\r\n');
    expect(records.pop()).toBe('');
    for (const record of records) expect(record).toHaveLength(128);
    expect(records.map((record) => record[0])).toEqual(['K', '1', '1', '5', '9']);
    expect(records[0]?.slice(1, 9)).toBe(MASAV_TEST_ENV.MASAV_INSTITUTION_CODE);
    expect(records[0]?.slice(28, 33)).toBe(MASAV_TEST_ENV.MASAV_SENDING_INSTITUTION);
    // The payment date is the batch's due date (YYMMDD).
    expect(records[0]?.slice(11, 17)).toBe(batch.dueDate.slice(2).replaceAll('-', ''));
    // The creation date is the batch's, as a day in Israel: the same batch always gives the same file.
    const createdOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(
      new Date(batch.createdAt ?? ''),
    );
    expect(records[0]?.slice(22, 28)).toBe(createdOn.slice(2).replaceAll('-', ''));
    const first = records[1] ?? '';
    const line = batch.lines[0];
    expect(first.slice(17, 19)).toBe(line?.bankCode);
    expect(first.slice(19, 22)).toBe(line?.branch);
    expect(first.slice(26, 35)).toBe(line?.accountNumber.padStart(9, '0'));
    expect(first.slice(36, 45)).toBe('515678902');
    expect(first.slice(61, 74)).toBe(String(Math.round(Number(line?.net) * 100)).padStart(13, '0'));
    const totals = records[3] ?? '';
    expect(totals.slice(21, 36)).toBe(String(Math.round(Number(batch.total) * 100)).padStart(15, '0'));
    expect(totals.slice(51, 58)).toBe('0000002');
    expect(records[4]).toBe('9'.repeat(128));
  });

  it('is marked transferred once; the owner’s report then shows the transfer and the history both events', async () => {
    const answer = await post<PayoutBatch>(`/api/admin/payouts/${month}/transferred`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('transferred');
    expect(answer.body.data.transferredAt).not.toBeNull();
    expect((await post(`/api/admin/payouts/${month}/transferred`)).status).toBe(409);

    const owner = owners[1] as SignedInOwner;
    const report = await ownerReport(owner);
    expect(report.payout).toMatchObject({ status: 'transferred', transferredAt: answer.body.data.transferredAt });

    const trail = (
      await get<CommissionHistory>(`/api/admin/commissions/${month}/${encodeURIComponent(owner.phone)}/history`)
    ).body.data;
    expect(trail.lines.map((entry) => entry.kind)).toEqual([
      'order_paid',
      'order_paid',
      'order_paid',
      'payout_created',
      'payout_transferred',
    ]);
    expect(trail.lines.at(-1)).toMatchObject({ streamId: `payout-${month}`, net: report.payout?.net });
  });

  it('cannot mark a month transferred that has no batch', async () => {
    const answer = await post(`/api/admin/payouts/${shiftMonth(month, -1)}/transferred`);
    expect(answer.status).toBe(409);
  });

  it('refuses a bad month with 400', async () => {
    expect((await get('/api/admin/payouts/2026-13')).status).toBe(400);
    expect((await post('/api/admin/payouts/abc')).status).toBe(400);
  });
});

describe('payout routes are for administrators only', () => {
  it('refuse no token and an owner token', async () => {
    const owner = owners[0] as SignedInOwner;
    const routes: [string, string][] = [
      ['GET', `/api/admin/payouts/${month}`],
      ['POST', `/api/admin/payouts/${month}`],
      ['POST', `/api/admin/payouts/${month}/transferred`],
      ['GET', `/api/admin/payouts/${month}/csv`],
      ['GET', `/api/admin/payouts/${month}/masav`],
    ];
    for (const [method, path] of routes) {
      expect((await call(app, method, path)).status).toBe(401);
      expect((await call(app, method, path, { token: owner.token })).status).toBe(401);
    }
  });
});
