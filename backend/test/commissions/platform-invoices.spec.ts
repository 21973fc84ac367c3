import { CommandBus } from '@nestjs/cqrs';
import { israelMonthOf, type PlatformInvoiceSummary, shiftMonth } from '@tafrit/contracts';
import { IssuePlatformDocumentCommand } from '../../src/modules/commissions/application/platform-invoice-commands.js';
import { PLATFORM_DOCUMENTS_PROCESSOR } from '../../src/modules/commissions/projections/platform-documents.projection.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { recordOrder, recordRefund } from '../support/orders.js';
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

// Decision 025: the platform's monthly commission tax invoice to each business, from its own gapless numbering, once
// per business and month after the month ended, and a credit document for a refund after issue.
let app: TestApp;
let adminToken: string;
const month = lastMonth();
const PLATFORM = {
  PLATFORM_NAME: 'תפריט פלטפורמות בע"מ',
  PLATFORM_DEALER_NUMBER: '516161616',
  PLATFORM_ADDRESS: 'הרצל 10, חיפה',
};
type Owner = SignedInOwner & { departmentId: string };
const owners: Owner[] = [];
const orders = new Map<string, string>();

async function newOwner(businessName: string): Promise<Owner> {
  const owner = await registerOwner(app, { businessName });
  const business = (owner.answer.body.data as { business: { departmentId: string } }).business;
  return { ...owner, departmentId: business.departmentId };
}

const adminList = async () =>
  (
    await call<{ data: PlatformInvoiceSummary[] }>(app, 'GET', `/api/admin/platform-invoices/${month}`, {
      token: adminToken,
    })
  ).body.data;
const ownerView = async (owner: Owner) => {
  const answer = await call<{ data: PlatformInvoiceSummary }>(app, 'GET', `/api/platform-invoices?month=${month}`, {
    token: owner.token,
  });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const issueAll = () =>
  call<{ data: PlatformInvoiceSummary[] }>(app, 'POST', `/api/admin/platform-invoices/${month}`, {
    token: adminToken,
    ip: newIp(),
  });

beforeAll(async () => {
  ({ app, adminToken } = await startCommissionsApp({ ...MASAV_TEST_ENV, ...PLATFORM }));
  for (let index = 0; index < 6; index++) owners.push(await newOwner(`קפה מספר ${index + 1}`));
  for (const [index, owner] of owners.entries()) {
    // ₪118.00 + index: a commission of ₪5.90 and up, VAT included.
    const { orderId } = await recordOrder(app, {
      businessPhone: owner.phone,
      departmentId: owner.departmentId,
      orderNumber: index + 1,
      lines: [{ productId: 1, name: 'ארוחה', unitPriceAgorot: 11_800 + index * 100, quantity: 1 }],
      placedAt: inMonth(month, 7, 9),
      paidAt: inMonth(month, 7, 10),
    });
    orders.set(owner.phone, orderId);
  }
  await runProcessors(app);
}, APP_START_TIMEOUT_MS);
afterAll(() => app.close());

describe('the platform’s monthly commission invoices', () => {
  it('are not issued for a month that has not ended', async () => {
    const answer = await call(app, 'POST', `/api/admin/platform-invoices/${israelMonthOf(new Date())}`, {
      token: adminToken,
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'conflict',
      message: 'חשבוניות העמלה של חודש מופקות רק לאחר שהחודש הסתיים',
    });
    expect(await ownerView(owners[0]!)).toMatchObject({ documents: [] });
  });

  it('are numbered without gaps when every business is issued at once, each once', async () => {
    const bus = app.app.get(CommandBus);
    const request = (phone: string) => ({
      now: new Date(),
      correlationId: `test:${phone}`,
      actor: { kind: 'system' as const },
    });
    // Every business twice, all at once: six invoices, numbers 1 to 6, none twice, none skipped.
    const issued = await Promise.all(
      [...owners, ...owners].map((owner) =>
        bus.execute<IssuePlatformDocumentCommand, boolean>(
          new IssuePlatformDocumentCommand(owner.phone, month, request(owner.phone)),
        ),
      ),
    );
    expect(issued.filter(Boolean)).toHaveLength(6);
    await runProcessors(app);
    const list = await adminList();
    const numbers = list.flatMap((entry) => entry.documents.map((document) => document.number)).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6]);
    // Issuing again (the admin's button, the sweep) changes nothing.
    expect((await issueAll()).body.data).toEqual(list);
  });

  it('show the month’s commission after refunds with the VAT included in it apart', async () => {
    const owner = owners[0]!;
    const [invoice] = (await ownerView(owner)).documents;
    // 5% of ₪118.00 = ₪5.90, of which VAT 18/118 = ₪0.90.
    expect(invoice).toMatchObject({
      kind: 'invoice',
      total: '5.90',
      beforeVat: '5.00',
      vat: '0.90',
      vatRatePercent: 18,
    });
    const page = await fetch(`${app.url}${invoice!.url}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of [
      PLATFORM.PLATFORM_NAME.replace('"', '&#34;'),
      '516161616',
      'הרצל 10, חיפה',
      'קפה מספר 1',
      'חשבונית מס',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('₪0.90');
  });

  it('get a credit document when a refund lowers an invoiced month’s commission', async () => {
    const owner = owners[1]!;
    // ₪119.00 paid, ₪59.50 refunded: the refund returns ₪2.98 of the ₪5.95 commission.
    await recordRefund(app, orders.get(owner.phone)!, { amountAgorot: 5_950, at: new Date().toISOString() });
    await runProcessors(app);
    const issued = await issueAll();
    expect(issued.status).toBe(200);
    await runProcessors(app);
    const { documents } = await ownerView(owner);
    expect(documents.map((document) => [document.kind, document.number, document.total])).toEqual([
      ['invoice', expect.any(Number), '5.95'],
      ['credit', 1, '2.98'],
    ]);
    const html = await (await fetch(`${app.url}${documents[1]!.url}`)).text();
    expect(html).toContain('חשבונית מס זיכוי');
    expect(html).toContain(`${documents[0]!.number}`);
    // Nothing more to credit: asking again issues nothing.
    await issueAll();
    await runProcessors(app);
    expect((await ownerView(owner)).documents).toHaveLength(2);
  });

  it('open only with their own link: another business’s, a changed token or month is the same 404 page', async () => {
    const [mine, theirs] = [owners[2]!, owners[3]!];
    const own = (await ownerView(mine)).documents[0]!;
    const other = (await ownerView(theirs)).documents[0]!;
    expect(own.url).not.toBe(other.url);
    const token = new URL(own.url, app.url).searchParams.get('token');
    const attempts = [
      `/api/platform-invoice/${month}/${encodeURIComponent(theirs.phone)}?token=${token}`,
      `/api/platform-invoice/${shiftMonth(month, -1)}/${encodeURIComponent(mine.phone)}?token=${token}`,
      `/api/platform-invoice/${month}/${encodeURIComponent(mine.phone)}?token=x${token}`,
      `/api/platform-invoice/${month}/${encodeURIComponent(mine.phone)}`,
      `${own.url}&credit=99`,
      `/api/platform-invoice/2026-13/${encodeURIComponent(mine.phone)}?token=${token}`,
      `/api/platform-invoice/${month}/not-a-phone?token=${token}`,
    ];
    for (const path of attempts) {
      const answer = await fetch(`${app.url}${path}`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain('החשבונית לא נמצאה');
    }
    // The owner's list is theirs alone.
    expect((await ownerView(mine)).businessId).toBe(mine.phone);
  });

  it('are listed the same when the read model is rebuilt from the log', async () => {
    const before = await adminList();
    const connection = app.database.em().getConnection();
    await connection.execute('truncate platform_documents');
    expect(await adminList()).toEqual([]);
    await connection.execute('delete from processor_checkpoints where name = ?', [PLATFORM_DOCUMENTS_PROCESSOR]);
    await runProcessors(app);
    expect(await adminList()).toEqual(before);
  });

  it('are for administrators in the admin routes and owners in their own', async () => {
    const owner = owners[0]!;
    expect((await call(app, 'GET', `/api/admin/platform-invoices/${month}`, { token: owner.token })).status).toBe(401);
    expect((await call(app, 'POST', `/api/admin/platform-invoices/${month}`, { token: owner.token })).status).toBe(401);
    expect((await call(app, 'GET', `/api/platform-invoices?month=${month}`)).status).toBe(401);
    expect((await call(app, 'GET', `/api/platform-invoices?month=2026-13`, { token: owner.token })).status).toBe(400);
  });
});
