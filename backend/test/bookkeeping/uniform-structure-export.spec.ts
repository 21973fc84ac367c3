import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { israelDateOf, type MonthlyReport, israelMonthOf, shiftMonth } from '@tafrit/contracts';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { createPayment, openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { dinerPays } from '../support/paid-order.js';
import { recordOrder } from '../support/orders.js';
import type { TestApp } from '../support/test-app.js';
import { APP_START_TIMEOUT_MS, inMonth, newIp, runProcessors, startCommissionsApp } from '../commissions/support.js';
import { amountOf, readUniformStructure } from './uniform-structure-reader.js';
import { unzip } from './unzip.js';

// Issue 32, item 1, over HTTP: a business's documents as the uniform structure, read back by the independent reader;
// the administrator's platform documents the same way; bad ranges refused in Hebrew.

let app: TestApp;
let adminToken: string;
let owner: SignedInOwner;
let shop: Shop;
const today = israelDateOf(new Date());
const yearStart = `${today.slice(0, 4)}-01-01`;
const PLATFORM = { PLATFORM_NAME: 'תפריט פלטפורמות בע"מ', PLATFORM_DEALER_NUMBER: '516161616' };

const download = (path: string, token = owner.token) =>
  fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

async function filesOf(answer: Response) {
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/zip');
  const files = await unzip(Buffer.from(await answer.arrayBuffer()));
  const ini = [...files.keys()].find((name) => /^OPENFRMT\/\d{8}\.\d{2}\/\d{8}\/INI\.TXT$/.test(name));
  expect(ini).toBeDefined();
  const folder = ini!.slice(0, -'INI.TXT'.length);
  return { files, folder, read: readUniformStructure(files.get(ini!)!, files.get(`${folder}BKMVDATA.TXT`)!) };
}

beforeAll(async () => {
  ({ app, adminToken } = await startCommissionsApp(PLATFORM));
  owner = await registerOwner(app, { businessName: 'קפה "השדרה"' });
  shop = await openShop(app, owner);
  await call(app, 'PUT', '/api/business/payment-options', {
    token: owner.token,
    body: { tipsEnabled: true, bitEnabled: false, googlePayEnabled: false },
  });
  const first = (await dinerPays(app, shop)).orderId;
  await call(app, 'POST', `/api/orders/${first}/refunds`, {
    token: owner.token,
    body: { lines: [{ index: 1, quantity: 1 }], reason: 'מאפה שרוף' },
  });
  const tipped = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity: 1 }],
    amount: '15.95',
    ip: newIp(),
    extra: { tip: { percent: 10 } },
  });
  const { payInSandbox } = await import('../support/checkout.js');
  await payInSandbox(app, tipped.body.paymentUrl as string, { number: '4580000000000000' });
  await runProcessors(app);
}, APP_START_TIMEOUT_MS);
afterAll(() => app?.close());

describe("a business's uniform structure", () => {
  it('holds every document of the range: two invoice-receipts with their payments, a credit invoice', async () => {
    const { read, folder, files } = await filesOf(
      await download(`/api/bookkeeping/uniform-structure?from=${yearStart}&to=${today}`),
    );
    const report = (await call(app, 'GET', `/api/orders?month=${israelMonthOf(new Date())}`, { token: owner.token }))
      .body.data as MonthlyReport;
    const headers = read.records.filter((record) => record.type === 'C100');
    expect(headers.map((header) => header.fields[1203]).sort()).toEqual(['320', '320', '330']);
    const invoiceNumbers = headers
      .filter((header) => header.fields[1203] === '320')
      .map((header) => header.fields[1204]!.trim())
      .sort();
    expect(invoiceNumbers).toEqual(report.orders.map((order) => order.invoiceNumber).sort());
    // The receipts' lines: one payment per invoice-receipt, none under the credit.
    expect(read.records.filter((record) => record.type === 'D120')).toHaveLength(2);
    // The sums: what the diners paid, less what the credit took back, is the report's.
    const total = (type: string) =>
      headers
        .filter((header) => header.fields[1203] === type)
        .reduce((sum, header) => sum + amountOf(header.fields[1223]!), 0);
    const paid = Math.round(Number(report.summary.totalAmount) * 100);
    const refunded = Math.round(Number(report.summary.totalRefunds) * 100);
    expect(total('320')).toBe(paid);
    expect(total('330')).toBe(refunded);
    // The business: its name in Hebrew through windows-1255, its dealer number in every record.
    expect(read.records[0]?.type).toBe('A100');
    expect(read.a000.fields[1003]).toMatch(/^\d{9}$/);
    expect(folder.startsWith(`OPENFRMT/${read.a000.fields[1003]!.slice(0, 8)}.${today.slice(2, 4)}/`)).toBe(true);
    expect(files.has('SUMMARY.html')).toBe(true);
    expect(files.get('SUMMARY.html')!.toString('utf8')).toContain('קפה');
  });

  it("is only ever the signed-in business's: another owner's range holds no document", async () => {
    const other = await registerOwner(app);
    const { read } = await filesOf(
      await download(`/api/bookkeeping/uniform-structure?from=${yearStart}&to=${today}`, other.token),
    );
    expect(read.records.filter((record) => record.type === 'C100')).toEqual([]);
  });

  it('refuses a reversed range, one across two years, a ten-year one, a future one, a date that is none', async () => {
    const year = Number(today.slice(0, 4));
    const cases: [string, number, string][] = [
      [`from=${today}&to=${yearStart}`, 400, 'תאריך ההתחלה מאוחר מתאריך הסיום'],
      [
        `from=${year - 1}-12-01&to=${year}-01-31`,
        400,
        'אפשר להפיק קובץ לשנה קלנדרית אחת לכל היותר: שני התאריכים באותה שנה',
      ],
      [
        `from=${year - 10}-01-01&to=${year}-01-01`,
        400,
        'אפשר להפיק קובץ לשנה קלנדרית אחת לכל היותר: שני התאריכים באותה שנה',
      ],
      [
        `from=${year + 1}-01-01&to=${year + 1}-01-02`,
        400,
        'אפשר להפיק מסמכים מהיום ועד שבע שנים אחורה, לא תאריך עתידי',
      ],
      [
        `from=${year - 8}-01-01&to=${year - 8}-02-01`,
        400,
        'אפשר להפיק מסמכים מהיום ועד שבע שנים אחורה, לא תאריך עתידי',
      ],
      [`from=${year}-02-30&to=${year}-03-01`, 400, 'תאריך לא תקין (YYYY-MM-DD)'],
      ['', 400, 'תאריך לא תקין (YYYY-MM-DD)'],
    ];
    for (const [query, status, message] of cases) {
      const answer = await download(`/api/bookkeeping/uniform-structure?${query}`);
      expect([query, answer.status]).toEqual([query, status]);
      expect(await answer.json()).toMatchObject({ success: false, message });
    }
  });
});

describe("the administrator's uniform structure of the platform's documents", () => {
  it('holds each commission invoice as a tax invoice to the business, with no receipt lines', async () => {
    const month = shiftMonth(israelMonthOf(new Date()), -1);
    const business = (owner.answer.body.data as { business: { departmentId: string } }).business;
    await recordOrder(app, {
      businessPhone: owner.phone,
      departmentId: business.departmentId,
      orderNumber: 900,
      lines: [{ productId: 1, name: 'ארוחה', unitPriceAgorot: 11_800, quantity: 1 }],
      placedAt: inMonth(month, 7, 9),
      paidAt: inMonth(month, 7, 10),
    });
    await runProcessors(app);
    expect(
      (await call(app, 'POST', `/api/admin/platform-invoices/${month}`, { token: adminToken, ip: newIp() })).status,
    ).toBe(200);
    await runProcessors(app);
    const { read } = await filesOf(
      await download(`/api/admin/bookkeeping/uniform-structure?from=${today}&to=${today}`, adminToken),
    );
    expect(read.a000.fields[1003]).toBe(PLATFORM.PLATFORM_DEALER_NUMBER);
    const headers = read.records.filter((record) => record.type === 'C100');
    expect(headers.map((header) => header.fields[1203])).toEqual(['305']);
    // 5% of ₪118.00, VAT included.
    expect(amountOf(headers[0]!.fields[1223]!)).toBe(590);
    expect(read.records.filter((record) => record.type === 'D120')).toEqual([]);
    expect(read.records.filter((record) => record.type === 'D110')).toHaveLength(1);
  });

  it('is the administrator’s only: an owner’s token is refused', async () => {
    const answer = await download(`/api/admin/bookkeeping/uniform-structure?from=${today}&to=${today}`);
    expect(answer.status).toBe(401);
  });
});
