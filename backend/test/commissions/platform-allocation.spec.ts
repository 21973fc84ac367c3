import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type PlatformAwaitingInvoicesAnswer,
  type PlatformInvoiceSummary,
  type PlatformInvoiceEventData,
  platformInvoiceStreamId,
} from '@tafrit/contracts';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { PlatformInvoiceAllocation } from '../../src/modules/commissions/processors/platform-invoice-allocation.js';
import { PlatformInvoiceSweep } from '../../src/modules/commissions/processors/platform-invoice-sweep.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { recordOrder } from '../support/orders.js';
import { startTaxAuthorityStandIn, type TaxAuthorityStandIn } from '../support/tax-authority-stand-in.js';
import { connectionsOf, connectThrough, PORTAL, taxAuthorityEnv } from '../invoicing/tax-authority-support.js';
import { APP_START_TIMEOUT_MS, inMonth, lastMonth, runProcessors, startCommissionsApp } from './support.js';
import type { TestApp } from '../support/test-app.js';

// Issue 32, decision 049: the platform's monthly commission invoice to a café above the allocation threshold is
// decided and numbered, asked about under the platform's own grant, and issued unchanged with its number; refused,
// it waits for the administrator; with no answer, it goes out without one when the wait ends.

const PLATFORM = {
  PLATFORM_NAME: 'תפריט פלטפורמות בע"מ',
  PLATFORM_DEALER_NUMBER: '516161616',
  PLATFORM_ADDRESS: 'הרצל 10, חיפה',
};
const month = lastMonth();

let app: TestApp;
let adminToken: string;
let standIn: TaxAuthorityStandIn;
let sweep: PlatformInvoiceSweep;
let asker: PlatformInvoiceAllocation;
let orderNumber = 0;

type Cafe = SignedInOwner & { departmentId: string; dealerNumber: string };

/** A café that sold ₪130,000 last month: a commission of ₪6,500 with VAT, ₪5,508.47 before it. */
async function bigCafe(name: string): Promise<Cafe> {
  const owner = await registerOwner(app, { businessName: name });
  const business = await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
  await recordOrder(app, {
    businessPhone: owner.phone,
    departmentId: business.departmentId,
    orderNumber: ++orderNumber,
    lines: [{ productId: 1, name: 'אירוע סגור', unitPriceAgorot: 13_000_000, quantity: 1 }],
    placedAt: inMonth(month, 7, 9),
    paidAt: inMonth(month, 7, 10),
  });
  return { ...owner, departmentId: business.departmentId, dealerNumber: business.idNumber };
}

const streamOf = async (cafe: Cafe) =>
  (await app.app.get<EventStore>(EVENT_STORE).readStream(platformInvoiceStreamId(cafe.phone, month))).events;
const invoiceOf = async (cafe: Cafe) =>
  (await streamOf(cafe)).find((event) => event.type === 'PlatformInvoiceIssued')?.data as
    PlatformInvoiceEventData['PlatformInvoiceIssued'] | undefined;
const waitingOf = async (cafe: Cafe) =>
  (await streamOf(cafe)).find((event) => event.type === 'PlatformInvoiceAwaitingAllocation')?.data as
    PlatformInvoiceEventData['PlatformInvoiceAwaitingAllocation'] | undefined;
const adminList = async () => {
  const answer = await call(app, 'GET', '/api/admin/platform-allocations', { token: adminToken });
  expect(answer.status).toBe(200);
  return (answer.body.data as PlatformAwaitingInvoicesAnswer).invoices;
};
const choose = (cafe: Cafe, body: unknown) =>
  call(app, 'POST', `/api/admin/platform-allocations/${encodeURIComponent(cafe.phone)}/${month}`, {
    token: adminToken,
    body,
  });

/** The month's invoices decided (the platform's sweep), and their projection. */
async function issueMonth(): Promise<void> {
  await sweep.sweep(new Date(), month);
  await runProcessors(app);
}

beforeAll(async () => {
  standIn = await startTaxAuthorityStandIn({ ...PORTAL });
  ({ app, adminToken } = await startCommissionsApp({ ...PLATFORM, ...taxAuthorityEnv(standIn) }));
  connectionsOf(app, standIn);
  sweep = app.app.get(PlatformInvoiceSweep);
  asker = app.app.get(PlatformInvoiceAllocation);
  // The test drives the asker itself.
  asker.onApplicationShutdown();
}, APP_START_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
  await standIn.close();
});

describe('the platform’s invoice that needs an allocation number', () => {
  it('waits for a number typed by the administrator while the platform is not connected', async () => {
    const cafe = await bigCafe('אולמי הדוגמה');
    await runProcessors(app);
    await issueMonth();
    const waiting = await waitingOf(cafe);
    expect(waiting).toMatchObject({ buyerTaxId: cafe.dealerNumber, totalAgorot: 650_000, beforeVatAgorot: 550_847 });
    expect(await invoiceOf(cafe)).toBeUndefined();
    // The platform's own grant is missing: the ask gets no number, and the invoice waits.
    expect((await asker.sweep()).get(`${cafe.phone}/${month}`)).toBe('still_waiting');
    expect((await adminList()).find((row) => row.businessPhone === cafe.phone)).toMatchObject({
      month,
      invoiceNumber: waiting!.invoiceNumber,
      total: '6500.00',
      refusal: null,
    });
    // Issuing the month again decides nothing new: the invoice is decided, and waits.
    await issueMonth();
    expect((await streamOf(cafe)).map((event) => event.type)).toEqual(['PlatformInvoiceAwaitingAllocation']);

    const bad = await choose(cafe, { choice: 'manual', allocationNumber: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invoice.allocation_number_invalid' });
    expect((await choose(cafe, { choice: 'issue_without_number' })).status).toBe(409);
    const cancel = await choose(cafe, { choice: 'cancel' });
    expect(cancel.status).toBe(409);
    expect(cancel.body).toMatchObject({ code: 'conflict' });
    expect(
      (
        await call(app, 'POST', `/api/admin/platform-allocations/${cafe.phone}/${month}`, {
          body: { choice: 'manual', allocationNumber: '123456789' },
        })
      ).status,
    ).toBe(401);

    expect((await choose(cafe, { choice: 'manual', allocationNumber: '123-456-789' })).status).toBe(200);
    await runProcessors(app);
    expect(await invoiceOf(cafe)).toMatchObject({
      invoiceNumber: waiting!.invoiceNumber,
      issuedAt: waiting!.issuedAt,
      allocation: { number: '123456789', source: 'manual' },
    });
    expect((await adminList()).map((row) => row.businessPhone)).not.toContain(cafe.phone);
  });

  it('goes out without a number when the wait ends with no answer', async () => {
    const cafe = await bigCafe('גני האירועים');
    await runProcessors(app);
    await issueMonth();
    const waiting = (await waitingOf(cafe))!;
    const key = `${cafe.phone}/${month}`;
    expect((await asker.sweep(new Date(Date.parse(waiting.issueWithoutBy) - 1_000))).get(key)).toBe('still_waiting');
    expect((await asker.sweep(new Date(Date.parse(waiting.issueWithoutBy) + 1_000))).get(key)).toBe('issued_without');
    await runProcessors(app);
    expect((await invoiceOf(cafe))?.withoutAllocation).toEqual({ why: 'no_answer', cause: 'grant_needed' });
  });

  it('is granted its number under the platform’s grant, or refused and then issued as the administrator chooses', async () => {
    const back = await connectThrough(app, '/api/admin/tax-authority/connect', adminToken);
    expect(back.location).toContain('taxAuthority=connected');
    const granted = await bigCafe('היכל הדוגמה');
    const refused = await bigCafe('אולם בבדיקה');
    await runProcessors(app);
    await issueMonth();
    // The Authority refuses that one invoice (the cafés' registrations share a dealer number here: by its number).
    const refusedNumber = String((await waitingOf(refused))!.invoiceNumber);
    standIn.refuseWhen((body) =>
      body.invoice_reference_number === refusedNumber ? 'Invoice not approved: under review' : null,
    );
    const outcomes = await asker.sweep();
    expect(outcomes.get(`${granted.phone}/${month}`)).toBe('allocated');
    expect(outcomes.get(`${refused.phone}/${month}`)).toBe('refused');
    await runProcessors(app);

    const invoice = (await invoiceOf(granted))!;
    const asked = standIn.seen.approvals.find(
      (body) => body.invoice_reference_number === String(invoice.invoiceNumber),
    );
    expect(asked).toMatchObject({ vat_number: Number(PLATFORM.PLATFORM_DEALER_NUMBER), invoice_type: 305 });
    expect(invoice.allocation).toMatchObject({ source: 'tax_authority', number: expect.stringMatching(/^\d{9}$/) });
    // The printed invoice carries it.
    const listed = await call<{ data: PlatformInvoiceSummary[] }>(app, 'GET', `/api/admin/platform-invoices/${month}`, {
      token: adminToken,
    });
    const url = listed.body.data.find((entry) => entry.businessId === granted.phone)!.documents[0]!.url;
    const html = (await call<string>(app, 'GET', url)).body;
    expect(html).toContain(`<dt>מספר הקצאה</dt><dd><bdi dir="ltr">${invoice.allocation!.number}</bdi></dd>`);

    const row = (await adminList()).find((entry) => entry.businessPhone === refused.phone);
    expect(row?.refusal).toMatchObject({ code: '460' });
    expect(row?.refusal?.reason).toContain('under review');
    // A refused one is not asked again; the administrator chooses.
    expect((await asker.sweep()).has(`${refused.phone}/${month}`)).toBe(false);
    expect((await choose(refused, { choice: 'issue_without_number' })).status).toBe(200);
    await runProcessors(app);
    expect((await invoiceOf(refused))?.withoutAllocation).toEqual({ why: 'refused', choice: 'issue_without_number' });
  });
});
