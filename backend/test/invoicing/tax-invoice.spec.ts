import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OrderEntity } from '../../src/modules/ordering/projections/order.entity.js';
import { TAX_INVOICES_PROCESSOR } from '../../src/modules/invoicing/processors/tax-invoice.processor.js';
import { query } from '../../src/platform/event-store/postgres/sql.js';
import type { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  deliver,
  invoiceOf,
  paidEventOf,
  paidOrder,
  paidOrderWithProviderDocument,
  paymentProcessors,
  registerCafe,
  streamOf,
  takeOverRunner,
  typesOf,
} from './support.js';

let app: TestApp;
let runner: ProcessorRunner;
let processors: ReturnType<typeof paymentProcessors>;

beforeAll(async () => {
  app = await startTestApp();
  processors = paymentProcessors(app);
  runner = await takeOverRunner(app, [processors.taxInvoices]);
});
afterAll(() => app.close());

async function lastInvoiceNumber(businessPhone: string): Promise<number | undefined> {
  const [row] = await query<{ last_number: number }>(
    app.database.em(),
    'select last_number from invoice_sequences where business_id = ?',
    [businessPhone],
  );
  return row ? Number(row.last_number) : undefined;
}

const numberOf = async (orderId: string) => Number((await invoiceOf(app, orderId))?.invoiceNumber);
const countOf = async (orderId: string, type: string) =>
  typesOf(await streamOf(app, orderId)).filter((candidate) => candidate === type).length;

describe('the tax invoice of a paid order', () => {
  it('is our own tax invoice receipt, numbered 1, 2, ... per business, with the VAT split from the total', async () => {
    const cafe = await registerCafe(app);
    const other = await registerCafe(app);
    const first = await paidOrder(app, cafe);
    await runner.runUntilIdle();
    const second = await paidOrder(app, cafe);
    const elsewhere = await paidOrder(app, other);
    await runner.runUntilIdle();

    const invoice = await invoiceOf(app, first.orderId);
    expect(invoice).toMatchObject({
      orderId: first.orderId,
      businessPhone: cafe.phone,
      source: 'platform',
      invoiceNumber: '1',
      totalAgorot: 4100,
      beforeVatAgorot: 3475,
      vatAgorot: 625,
      vatRatePercent: 18,
    });
    expect(invoice?.invoiceUrl).toBe(processors.links.urlFor(first.orderId));
    expect(invoice?.invoiceUrl).toMatch(/^\/api\/invoice\/[0-9a-f-]{36}\?token=[A-Za-z0-9_-]{43}$/);
    expect(await numberOf(second.orderId)).toBe(2);
    expect(await numberOf(elsewhere.orderId)).toBe(1);
    expect(await lastInvoiceNumber(cafe.phone)).toBe(2);

    const row = await app.database.em().findOneOrFail(OrderEntity, { id: second.orderId });
    expect(row).toMatchObject({
      invoiceNumber: '2',
      invoiceStatus: 'generated',
      invoiceUrl: processors.links.urlFor(second.orderId),
    });
  });

  it('gives orders paid at the same moment different numbers, with no gap', async () => {
    const cafe = await registerCafe(app);
    const orders = await Promise.all(Array.from({ length: 6 }, () => paidOrder(app, cafe)));
    await runner.runUntilIdle();
    const numbers = await Promise.all(orders.map(({ orderId }) => numberOf(orderId)));
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await lastInvoiceNumber(cafe.phone)).toBe(6);
  });

  it('numbers deliveries of different orders running at once in their own transactions one after the other', async () => {
    const cafe = await registerCafe(app);
    const orders = await Promise.all(Array.from({ length: 4 }, () => paidOrder(app, cafe)));
    const paid = await Promise.all(orders.map(({ orderId }) => paidEventOf(app, orderId)));
    // On PostgreSQL these run truly at once: each waits on the business's sequence row until the one before commits.
    await Promise.all(paid.map((event) => deliver(app, processors.taxInvoices, event)));
    const numbers = await Promise.all(orders.map(({ orderId }) => numberOf(orderId)));
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    await runner.runUntilIdle();
    expect(await lastInvoiceNumber(cafe.phone)).toBe(4);
  });

  it('issues one invoice when the same payment is delivered twice, and spends no number on the repeat', async () => {
    const cafe = await registerCafe(app);
    const { orderId } = await paidOrder(app, cafe);
    await runner.runUntilIdle();
    const paid = await paidEventOf(app, orderId);

    await deliver(app, processors.taxInvoices, paid);
    await deliver(app, processors.taxInvoices, paid);

    expect(await countOf(orderId, 'InvoiceIssued')).toBe(1);
    expect(await lastInvoiceNumber(cafe.phone)).toBe(1);
    const next = await paidOrder(app, cafe);
    await runner.runUntilIdle();
    expect(await numberOf(next.orderId)).toBe(2);
  });

  it('issues one invoice when two deliveries of the same payment run at once', async () => {
    const cafe = await registerCafe(app);
    const { orderId } = await paidOrder(app, cafe);
    const paid = await paidEventOf(app, orderId);

    // Each in its own transaction, as two instances would after a lease moved: the loser rolls its number back.
    const results = await Promise.allSettled([
      deliver(app, processors.taxInvoices, paid),
      deliver(app, processors.taxInvoices, paid),
    ]);
    // The loser either saw the invoice and did nothing, or lost the race and rolled back to be retried.
    for (const result of results) {
      if (result.status === 'rejected') expect(String(result.reason)).toMatch(/issued by another delivery/);
    }
    await runner.runUntilIdle();
    expect(await countOf(orderId, 'InvoiceIssued')).toBe(1);
    expect(await numberOf(orderId)).toBe(1);
    expect(await lastInvoiceNumber(cafe.phone)).toBe(1);
  });

  it('gives the number back when the delivery rolls back', async () => {
    const cafe = await registerCafe(app);
    const first = await paidOrder(app, cafe);
    await runner.runUntilIdle();
    const second = await paidOrder(app, cafe);
    const paid = await paidEventOf(app, second.orderId);

    await expect(
      app.database.em().transactional(async (em) => {
        await processors.taxInvoices.handle(paid, { em, attempt: 1 });
        throw new Error('the checkpoint could not move');
      }),
    ).rejects.toThrow('the checkpoint could not move');
    expect(await invoiceOf(app, second.orderId)).toBeUndefined();
    expect(await lastInvoiceNumber(cafe.phone)).toBe(1);

    await runner.runUntilIdle();
    expect(await numberOf(first.orderId)).toBe(1);
    expect(await numberOf(second.orderId)).toBe(2);
  });

  it('records the provider document as the invoice without using the business sequence', async () => {
    const cafe = await registerCafe(app);
    const { orderId } = await paidOrderWithProviderDocument(app, cafe, {
      documentType: 'TaxInvoiceAndReceipt',
      documentNumber: '70015',
      documentUrl: 'https://secure.cardcom.solutions/Documents/70015.pdf',
    });
    const withoutUrl = await paidOrderWithProviderDocument(app, cafe, {
      documentType: 'TaxInvoiceAndReceipt',
      documentNumber: '70016',
      documentUrl: null,
    });
    await runner.runUntilIdle();

    expect(await invoiceOf(app, orderId)).toMatchObject({
      source: 'provider',
      invoiceNumber: '70015',
      invoiceUrl: 'https://secure.cardcom.solutions/Documents/70015.pdf',
      beforeVatAgorot: 3475,
      vatAgorot: 625,
    });
    expect(await invoiceOf(app, withoutUrl.orderId)).toMatchObject({
      source: 'provider',
      invoiceNumber: '70016',
      invoiceUrl: processors.links.urlFor(withoutUrl.orderId),
    });
    expect(await lastInvoiceNumber(cafe.phone)).toBeUndefined();

    const ours = await paidOrder(app, cafe);
    await runner.runUntilIdle();
    expect(await numberOf(ours.orderId)).toBe(1);
  });

  it('records a failure when the business details cannot head a tax invoice, and spends no number', async () => {
    const cafe = await registerCafe(app);
    await query(app.database.em(), `update businesses set id_number = '' where phone = ?`, [cafe.phone]);
    const { orderId } = await paidOrder(app, cafe);
    await runner.runUntilIdle();

    const failed = (await streamOf(app, orderId)).find((event) => event.type === 'InvoiceFailed');
    expect(failed?.data).toMatchObject({ orderId, reason: 'the business has no valid dealer number' });
    expect(failed?.metadata.actor).toEqual({ kind: 'system', id: TAX_INVOICES_PROCESSOR });
    expect(await invoiceOf(app, orderId)).toBeUndefined();
    expect(await lastInvoiceNumber(cafe.phone)).toBeUndefined();
    const row = await app.database.em().findOneOrFail(OrderEntity, { id: orderId });
    expect(row.invoiceStatus).toBe('failed');

    // A repeat records nothing more.
    await deliver(app, processors.taxInvoices, await paidEventOf(app, orderId));
    expect(await countOf(orderId, 'InvoiceFailed')).toBe(1);
  });
});
