import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { israelMonthOf, messageFor, type AwaitingDocumentsAnswer, type OrderEventData } from '@tafrit/contracts';
import { WITHOUT_ALLOCATION } from '../../src/modules/invoicing/pdf/tax-document-pdf.js';
import { InvoiceAllocation } from '../../src/modules/ordering/processors/invoice-allocation.js';
import type { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { createPayment, payInSandbox } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { createCategory, createProduct } from '../support/menu.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTaxAuthorityStandIn, type TaxAuthorityStandIn } from '../support/tax-authority-stand-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { unzip } from '../bookkeeping/unzip.js';
import { pdfText } from './pdf-text.js';
import { type Cafe, paidOrder, registerCafe, streamOf, takeOverRunner } from './support.js';
import { connectionsOf, connectThrough, PORTAL, taxAuthorityEnv } from './tax-authority-support.js';

// Issue 32, decision 049: our tax invoice-receipt that needs an allocation number is decided and numbered with the
// payment, asked about under the business's grant, and issued unchanged when the number comes; or after a refusal
// as the owner chooses; or without a number when the wait ends. The Tax Authority is the local stand-in, and each
// café connects to it from its own settings.

const BUYER = { name: 'חברת הדוגמה בע"מ', taxId: '512345679' };
const REFUSED_BUYER = { name: 'חברה בבדיקה בע"מ', taxId: '513456780' };
// One line of ₪8,260: ₪7,000 before VAT, above the ₪5,000 threshold in force since June 2026.
const LINES = [{ productId: 1, name: 'מגש אירוח לישיבה', unitPriceAgorot: 826_000, quantity: 1 }];

let app: TestApp;
let standIn: TaxAuthorityStandIn;
let cafe: Cafe;
let other: Cafe;
let asker: InvoiceAllocation;
let runner: ProcessorRunner;

/** The café's owner connects it at the Authority from its settings, as a person does (decision 047). */
async function connect(owner: Cafe): Promise<void> {
  const back = await connectThrough(app, '/api/owner/tax-authority/connect', owner.token);
  expect(back.location).toBe('/settings?taxAuthority=connected');
}

beforeAll(async () => {
  standIn = await startTaxAuthorityStandIn({ ...PORTAL });
  standIn.refuseWhen((body) =>
    body.customer_vat_number === Number(REFUSED_BUYER.taxId) ? 'Invoice not approved: the buyer is under review' : null,
  );
  // This server talks to the stand-in; each café's grant is its own, kept by invoicing.
  app = await startTestApp(taxAuthorityEnv(standIn));
  connectionsOf(app, standIn);
  runner = await takeOverRunner(app, []);
  asker = app.app.get(InvoiceAllocation);
  // The test drives the asker's sweeps itself: its minute's timer would ask at moments of its own.
  asker.onApplicationShutdown();
  cafe = await registerCafe(app, { businessName: 'קייטרינג הדוגמה' });
  other = await registerCafe(app);
  await connect(cafe);
});
afterAll(async () => {
  await app.close();
  await standIn.close();
});

const eventsOf = async (orderId: string) => streamOf(app, orderId);
const typesIn = async (orderId: string) => (await eventsOf(orderId)).map((event) => event.type);

/** The order's event of `type`, once the log's processors (the asker among them) have handled all there is. */
async function eventOf<T extends keyof OrderEventData>(orderId: string, type: T): Promise<OrderEventData[T]> {
  await runner.runUntilIdle();
  const found = (await eventsOf(orderId)).find((event) => event.type === type);
  if (!found) throw new Error(`order ${orderId} has no ${type}: ${(await typesIn(orderId)).join(', ')}`);
  return found.data as OrderEventData[T];
}

const businessOrder = (owner: Cafe, buyer = BUYER) => paidOrder(app, owner, { lines: LINES, invoiceFor: buyer });
const choose = (owner: Cafe, orderId: string, body: unknown) =>
  call(app, 'POST', `/api/orders/${orderId}/allocation`, { token: owner.token, body });
async function waitingList(owner: Cafe): Promise<AwaitingDocumentsAnswer> {
  const answer = await call(app, 'GET', '/api/orders/allocations', { token: owner.token });
  expect(answer.body).toMatchObject({ success: true });
  return answer.body.data as AwaitingDocumentsAnswer;
}

describe('a document that needs an allocation number', () => {
  it('is numbered with the payment and issued, unchanged, with the number the Authority grants', async () => {
    const { orderId } = await businessOrder(cafe);
    const waiting = await eventOf(orderId, 'InvoiceAwaitingAllocation');
    expect(waiting).toMatchObject({ source: 'platform', buyer: BUYER, beforeVatAgorot: 700_000, vatAgorot: 126_000 });
    expect(waiting.invoiceNumber).toMatch(/^\d+$/);

    const issued = await eventOf(orderId, 'InvoiceIssued');
    const confirmation = standIn.grantedFor(waiting.seller.dealerNumber, orderId) as string;
    expect(issued.allocation).toEqual({
      number: confirmation.slice(-9),
      source: 'tax_authority',
      confirmationNumber: confirmation,
    });
    // The document is the one decided with the payment: its number, its date, its amounts and its buyer.
    expect(issued).toMatchObject({
      invoiceNumber: waiting.invoiceNumber,
      issuedAt: waiting.awaitingSince,
      totalAgorot: waiting.totalAgorot,
      buyer: BUYER,
      allocationRequired: true,
    });
    // The Authority was asked about that document, by its printed number, in shekels.
    const asked = standIn.seen.approvals.find((body) => body.invoice_id === orderId)!;
    expect(asked).toMatchObject({ invoice_reference_number: waiting.invoiceNumber, amount_before_discount: 7000 });
    expect((await waitingList(cafe)).documents.map((document) => document.orderId)).not.toContain(orderId);

    // The document carries it: its page, and the accountant's copy in the month's download.
    const html = (await call<string>(app, 'GET', issued.invoiceUrl)).body;
    expect(html).toContain(`<dt>מספר הקצאה</dt><dd><bdi dir="ltr">${issued.allocation?.number}</bdi></dd>`);
    const month = israelMonthOf(new Date(issued.issuedAt));
    const zip = await fetch(`${app.url}/api/bookkeeping/months/${month}`, {
      headers: { authorization: `Bearer ${cafe.token}` },
    });
    expect(zip.status).toBe(200);
    const files = await unzip(Buffer.from(await zip.arrayBuffer()));
    const copy = files.get(`${month}/documents/invoice-${issued.invoiceNumber}.pdf`);
    const text = (await pdfText(copy!)).pages.join('\n');
    expect(text).toContain('מספר הקצאה');
    expect(text).toContain(issued.allocation!.number);
  });

  it('is recorded refused with the Authority’s words; the owner then issues it without a number', async () => {
    const { orderId } = await businessOrder(cafe, REFUSED_BUYER);
    const refused = await eventOf(orderId, 'AllocationRefused');
    expect(refused).toMatchObject({ code: '460', options: ['cancel', 'issue_without_number'] });
    expect(refused.reason).toContain('the buyer is under review');

    const listed = (await waitingList(cafe)).documents.find((document) => document.orderId === orderId);
    expect(listed).toMatchObject({ status: 'allocation_refused', buyer: REFUSED_BUYER, beforeVat: '7000.00' });
    expect(listed?.refusal?.code).toBe('460');

    // No refund while the document waits: its credit document would have nothing to credit.
    const refund = await call(app, 'POST', `/api/orders/${orderId}/refunds`, {
      token: cafe.token,
      body: { reason: 'הלקוח ביקש' },
    });
    expect(refund.status).toBe(409);
    expect(refund.body).toMatchObject({
      code: 'refund.invoice_awaiting_allocation',
      message: messageFor('refund.invoice_awaiting_allocation'),
    });

    const chosen = await choose(cafe, orderId, { choice: 'issue_without_number' });
    expect(chosen.status).toBe(200);
    const issued = await eventOf(orderId, 'InvoiceIssued');
    expect(issued.withoutAllocation).toEqual({ why: 'refused', choice: 'issue_without_number' });
    expect(issued).not.toHaveProperty('allocation');
    // An issued document never changes: a second choice, or a number typed now, is a conflict.
    expect((await choose(cafe, orderId, { choice: 'manual', allocationNumber: '123456789' })).status).toBe(409);
    expect((await typesIn(orderId)).filter((type) => type === 'InvoiceIssued')).toHaveLength(1);
  });

  it('after a refusal, "cancel" issues it without a number and refunds the whole order, crediting it', async () => {
    // Paid for real in the sandbox, so the sandbox can refund it: a catering tray ordered at the table, from a café
    // whose order numbers are the checkout's own.
    const caterer = await registerCafe(app, { businessName: 'מגשי אירוח' });
    await connect(caterer);
    const categoryId = await createCategory(app, caterer, 'קייטרינג');
    const tray = await createProduct(app, caterer, { categoryId, name: 'מגש אירוח לישיבה', price: '8260.00' });
    const answer = await createPayment(app, caterer.departmentId, {
      items: [{ productId: tray.id, quantity: 1 }],
      amount: '8260.00',
      ip: '10.94.0.1',
      extra: { invoiceFor: REFUSED_BUYER },
    });
    expect(answer.status).toBe(200);
    const { orderId, paymentUrl } = answer.body as { orderId: string; paymentUrl: string };
    expect((await payInSandbox(app, paymentUrl, { number: SANDBOX_APPROVED_CARD })).status).toBe(303);
    await eventOf(orderId, 'AllocationRefused');

    expect((await choose(caterer, orderId, { choice: 'cancel' })).status).toBe(200);
    expect((await eventOf(orderId, 'InvoiceIssued')).withoutAllocation).toEqual({ why: 'refused', choice: 'cancel' });
    expect((await eventOf(orderId, 'OrderRefunded')).amountAgorot).toBe(826_000);
    expect(await eventOf(orderId, 'CreditIssued')).toMatchObject({ buyer: REFUSED_BUYER, totalAgorot: 826_000 });
  });

  it('waits through an outage and is issued when the Authority answers again', async () => {
    standIn.behave('approval', 'unavailable');
    const { orderId } = await businessOrder(cafe);
    await eventOf(orderId, 'InvoiceAwaitingAllocation');
    // The first ask met the outage: still waiting, as the list says.
    expect(await asker.ask(orderId)).toBe('still_waiting');
    expect((await waitingList(cafe)).documents.find((document) => document.orderId === orderId)?.status).toBe(
      'awaiting_allocation',
    );
    standIn.behave('approval', 'normal');
    const outcomes = await asker.sweep();
    expect(outcomes.get(orderId)).toBe('allocated');
    expect((await eventOf(orderId, 'InvoiceIssued')).allocation?.source).toBe('tax_authority');
  });

  it('is issued without a number once the wait is over with no answer, saying why', async () => {
    standIn.behave('approval', 'unavailable');
    try {
      const { orderId } = await businessOrder(cafe);
      const waiting = await eventOf(orderId, 'InvoiceAwaitingAllocation');
      // Before the end of the wait nothing is issued; at its end, one last ask, then the document goes out.
      expect((await asker.sweep(new Date(Date.parse(waiting.issueWithoutBy) - 1_000))).get(orderId)).toBe(
        'still_waiting',
      );
      expect((await asker.sweep(new Date(Date.parse(waiting.issueWithoutBy) + 1_000))).get(orderId)).toBe(
        'issued_without',
      );
      const issued = await eventOf(orderId, 'InvoiceIssued');
      expect(issued.withoutAllocation).toEqual({ why: 'no_answer', cause: 'server' });
      expect(issued.invoiceNumber).toBe(waiting.invoiceNumber);
      // The buyer is told on the document itself.
      const html = (await call<string>(app, 'GET', issued.invoiceUrl)).body;
      expect(html).toContain(`<dt>מספר הקצאה</dt><dd>${WITHOUT_ALLOCATION}</dd>`);
    } finally {
      standIn.behave('approval', 'normal');
    }
  });

  it('takes a number typed by the owner from the personal area, and refuses a malformed one in Hebrew', async () => {
    // The other café never connected: its documents wait for a number typed by hand.
    const { orderId } = await businessOrder(other);
    await eventOf(orderId, 'InvoiceAwaitingAllocation');
    expect(await asker.ask(orderId)).toBe('still_waiting');

    const bad = await choose(other, orderId, { choice: 'manual', allocationNumber: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'invoice.allocation_number_invalid',
      fields: { allocationNumber: messageFor('invoice.allocation_number_invalid') },
    });
    // Another business's owner finds no such order; nor does a malformed id, nor a choice of nothing.
    expect((await choose(cafe, orderId, { choice: 'manual', allocationNumber: '123456789' })).status).toBe(404);
    expect((await choose(other, 'not-an-id', { choice: 'manual', allocationNumber: '123456789' })).status).toBe(404);
    expect((await choose(other, orderId, { choice: 'later' })).status).toBe(400);
    // The refusal's choices answer a refusal only.
    expect((await choose(other, orderId, { choice: 'issue_without_number' })).status).toBe(409);

    const typed = await choose(other, orderId, { choice: 'manual', allocationNumber: '123 456-789' });
    expect(typed.status).toBe(200);
    const issued = await eventOf(orderId, 'InvoiceIssued');
    expect(issued.allocation).toMatchObject({ number: '123456789', source: 'manual' });
    expect(issued.allocation?.enteredBy).toEqual(expect.any(String));
    expect((await waitingList(other)).documents).toEqual([]);
  });
});
