import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { israelDateOf, israelMonthOf, type MonthlyReport } from '@tafrit/contracts';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { createPayment, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { dinerPays, SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { pdfText } from '../invoicing/pdf-text.js';
import { unzip } from './unzip.js';

// Issue 32, item 2: the accountant's month in one download. A month with a plain order, a tipped order paid with Bit,
// a refund with its credit invoice; the ledger read back by independent parsers (CSV and the workbook), summed to the
// agora against the owner's monthly report with the reconciliation's lines; each document a PDF whose text reads.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
const month = israelMonthOf(new Date());
const COMPANY = { name: 'הייטק בע"מ', taxId: '515678902' };
let ip = 0;
const nextIp = () => `10.91.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

async function download(path: string, token = owner.token): Promise<Response> {
  return fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  await call(app, 'PUT', '/api/business/payment-options', {
    token: owner.token,
    body: { tipsEnabled: true, bitEnabled: true, googlePayEnabled: false },
  });
  // A plain order (₪41.00), then one line of it refunded (₪14.50): a credit invoice of this month.
  const plain = (await dinerPays(app, shop, { tableNumber: 2 })).orderId;
  const refund = await call(app, 'POST', `/api/orders/${plain}/refunds`, {
    token: owner.token,
    body: { lines: [{ index: 0, quantity: 1 }], reason: 'קפה קר' },
  });
  expect(refund.status).toBe(200);
  // A tipped order paid with Bit: ₪41.00 and a ₪4.10 tip.
  const tipped = await createPayment(app, shop.departmentId, {
    items: [
      { productId: shop.coffee.id, quantity: 2 },
      { productId: shop.croissant.id, quantity: 1 },
    ],
    amount: '45.10',
    ip: nextIp(),
    extra: { tip: { percent: 10 }, paymentMethod: 'bit' },
  });
  expect(tipped.status).toBe(200);
  const bit = await fetch(`${app.url}${new URL(tipped.body.paymentUrl as string).pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'wallet=bit',
  });
  expect(bit.status).toBe(303);
  // A third order by card.
  const third = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.croissant.id, quantity: 3 }],
    amount: '36.00',
    ip: nextIp(),
  });
  await payInSandbox(app, third.body.paymentUrl as string, { number: SANDBOX_APPROVED_CARD });
  // A business lunch: the invoice in a company's name (decision 046).
  const company = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity: 4 }],
    amount: '58.00',
    ip: nextIp(),
    extra: { invoiceFor: { name: COMPANY.name, taxId: COMPANY.taxId } },
  });
  expect(company.status).toBe(200);
  await payInSandbox(app, company.body.paymentUrl as string, { number: SANDBOX_APPROVED_CARD });
  await app.app.get(ProcessorRunner).runUntilIdle();
  // Starting the app and three payments take a while on a busy machine: the setup gets more than a test.
}, 120_000);
afterAll(() => app?.close());

/** The company invoice's number, from the ledger. */
function companyInvoiceNumber(files: Map<string, Buffer>): string {
  const rows = parse(files.get(`${month}/ledger.csv`)!.toString('utf8'), { bom: true }) as string[][];
  return rows.find((row) => row[3] === COMPANY.name)![1]!;
}

describe("the accountant's month", () => {
  let files: Map<string, Buffer>;

  it('is one zip: a PDF per document, the ledger as CSV and workbook, the figures and a summary', async () => {
    const answer = await download(`/api/bookkeeping/months/${month}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="bookkeeping-${month}.zip"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    files = await unzip(Buffer.from(await answer.arrayBuffer()));
    const names = [...files.keys()].sort();
    expect(names.filter((name) => name.startsWith(`${month}/documents/`))).toHaveLength(5);
    expect(names.filter((name) => /\/documents\/invoice-\d+\.pdf$/.test(name))).toHaveLength(4);
    expect(names.filter((name) => /\/documents\/credit-\d+\.pdf$/.test(name))).toHaveLength(1);
    for (const name of ['ledger.csv', 'ledger.xlsx', 'vat-and-reconciliation.csv', 'summary.pdf']) {
      expect(names).toContain(`${month}/${name}`);
    }
  });

  it('has a ledger that sums, to the agora, to the monthly report with the reconciliation lines', async () => {
    const [header, ...rows] = parse(files.get(`${month}/ledger.csv`)!.toString('utf8'), { bom: true }) as string[][];
    expect(header).toEqual([
      'סוג מסמך',
      'מספר',
      'תאריך',
      'לקוח',
      'ח.פ./ע.מ. לקוח',
      'סכום לפני מע"מ',
      'מע"מ',
      'סה"כ',
      'אמצעי תשלום',
      'טיפ',
      'הנחה',
      'מסמך מקור',
      'הופק על ידי',
    ]);
    expect(rows).toHaveLength(5);
    const column = (name: string) => header!.indexOf(name);
    const companyRow = rows.find((row) => row[column('לקוח')] === COMPANY.name)!;
    expect(companyRow[column('ח.פ./ע.מ. לקוח')]).toBe(COMPANY.taxId);
    expect(companyRow[column('סה"כ')]).toBe('58.00');
    expect(rows.filter((row) => row[column('לקוח')] === 'לקוח מזדמן')).toHaveLength(4);
    const credit = rows.find((row) => row[0] === 'חשבונית מס זיכוי')!;
    expect(credit[column('סה"כ')]).toBe('-14.50');
    const invoiceNumbers = rows.filter((row) => row[0] === 'חשבונית מס/קבלה').map((row) => row[1]);
    expect(invoiceNumbers).toContain(credit[column('מסמך מקור')]);
    const bitRow = rows.find((row) => row[column('אמצעי תשלום')] === 'Bit')!;
    expect(bitRow[column('טיפ')]).toBe('4.10');
    expect(bitRow[column('סה"כ')]).toBe('45.10');
    // Each row: before VAT + VAT + tip = total.
    const agorot = (text: string | undefined) => Math.round(Number(text) * 100);
    for (const row of rows) {
      expect(agorot(row[column('סכום לפני מע"מ')]) + agorot(row[column('מע"מ')]) + agorot(row[column('טיפ')])).toBe(
        agorot(row[column('סה"כ')]),
      );
      expect(row[column('תאריך')]).toBe(israelDateOf(new Date()));
    }
    const ledgerNet = rows.reduce((sum, row) => sum + agorot(row[column('סה"כ')]), 0);
    const report = (await call(app, 'GET', `/api/orders?month=${month}`, { token: owner.token })).body
      .data as MonthlyReport;
    expect(ledgerNet).toBe(agorot(report.summary.totalAmount) - agorot(report.summary.totalRefunds));

    const figures = parse(files.get(`${month}/vat-and-reconciliation.csv`)!.toString('utf8'), {
      bom: true,
      relax_column_count: true,
    }) as string[][];
    const line = (label: string) => figures.find((row) => row[0] === label)?.[1];
    expect(line('הדוח החודשי: הזמנות ששולמו בחודש')).toBe(report.summary.totalAmount);
    expect(line('הדוח החודשי: החזרים על הזמנות החודש')).toBe(`-${report.summary.totalRefunds}`);
    expect(line('לפי פנקס המסמכים: מסמכים פחות זיכויים')).toBe((ledgerNet / 100).toFixed(2));
    expect(line('הפרש שאינו מוסבר')).toBe('0.00');
    // The output VAT: the invoices' VAT less the credit's, at 18%.
    const vatRow = figures.find((row) => row[0] === '18%')!;
    const vatSum = rows.reduce((sum, row) => sum + agorot(row[column('מע"מ')]), 0);
    expect(agorot(vatRow[2])).toBe(vatSum);
  });

  it('has the same ledger in the workbook, read by an independent parser, amounts as numbers', async () => {
    const [header, ...rows] = await readSheet(files.get(`${month}/ledger.xlsx`)!, 'פנקס מסמכים');
    expect(header?.[0]).toBe('סוג מסמך');
    expect(rows).toHaveLength(5);
    const totals = rows.map((row) => row[7]);
    for (const total of totals) expect(typeof total).toBe('number');
    const csvRows = (parse(files.get(`${month}/ledger.csv`)!.toString('utf8'), { bom: true }) as string[][]).slice(1);
    expect(totals.map((total) => Number(total).toFixed(2)).sort()).toEqual(csvRows.map((row) => row[7]).sort());
  });

  it('makes each document a PDF whose text reads in order: a copy, its number, the seller', async () => {
    const [name, pdf] = [...files].find(([path]) => /\/documents\/invoice-/.test(path))!;
    const number = /invoice-(\d+)\.pdf$/.exec(name)![1]!;
    const text = (await pdfText(pdf)).pages.join('\n');
    expect(text).toContain('העתק');
    expect(text).toContain(number);
    expect(text).toContain('חשבונית מס/קבלה');
    const companyNumber = companyInvoiceNumber(files);
    const companyPdf = (await pdfText(files.get(`${month}/documents/invoice-${companyNumber}.pdf`)!)).pages.join('\n');
    expect(companyPdf).toContain(COMPANY.name);
    expect(companyPdf).toContain(COMPANY.taxId);
    const summary = (await pdfText(files.get(`${month}/summary.pdf`)!)).pages.join('\n');
    expect(summary).toContain('מע"מ עסקאות');
  });

  it('refuses a malformed, a future or a too old month with a clear Hebrew error', async () => {
    const bad = await download('/api/bookkeeping/months/2026-13');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      success: false,
      code: 'validation.failed',
      message: 'חודש לא תקין (YYYY-MM)',
    });
    const future = await download(`/api/bookkeeping/months/${Number(month.slice(0, 4)) + 1}-01`);
    expect(future.status).toBe(400);
    expect(await future.json()).toMatchObject({ code: 'bookkeeping.range_out_of_bounds' });
    const old = await download(`/api/bookkeeping/months/${Number(month.slice(0, 4)) - 8}-06`);
    expect(old.status).toBe(400);
  });

  it("is only ever the signed-in business's: another owner's month has none of these documents", async () => {
    const other = await registerOwner(app);
    const answer = await download(`/api/bookkeeping/months/${month}`, other.token);
    expect(answer.status).toBe(200);
    const theirs = await unzip(Buffer.from(await answer.arrayBuffer()));
    expect([...theirs.keys()].filter((name) => name.includes('/documents/'))).toEqual([]);
  });
});
