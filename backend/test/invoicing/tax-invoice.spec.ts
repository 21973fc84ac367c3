import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OrderEntity } from '../../src/modules/ordering/projections/order.entity.js';
import { execute, query } from '../../src/platform/database/sql.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  invoiceOf,
  paidOrder,
  paidOrderWithProviderDocument,
  paymentProcessors,
  registerCafe,
  repeatPayment as repeatPaymentOf,
  streamOf,
  typesOf,
} from './support.js';

// The tax invoice is decided with the payment and numbered in the payment's own transaction (decision 015): these
// tests read it right after the payment, with no processor in between.

let app: TestApp;
let processors: ReturnType<typeof paymentProcessors>;

beforeAll(async () => {
  app = await startTestApp();
  processors = paymentProcessors(app);
});
afterAll(() => app.close());

const repeatPayment = (orderId: string) => repeatPaymentOf(app, orderId);

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
    const second = await paidOrder(app, cafe);
    const elsewhere = await paidOrder(app, other);

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
    // The invoice commits with the payment, in the same transaction, right after it in the stream.
    const types = typesOf(await streamOf(app, first.orderId));
    expect(types.slice(types.indexOf('OrderPaid'), types.indexOf('OrderPaid') + 3)).toEqual([
      'OrderPaid',
      'InvoiceIssued',
      'SlipQueued',
    ]);
    const events = await streamOf(app, first.orderId);
    const paidAt = events.find((event) => event.type === 'OrderPaid')!;
    const issued = events.find((event) => event.type === 'InvoiceIssued')!;
    expect(issued.transactionId).toBe(paidAt.transactionId);

    const row = await app.database.em().findOneOrFail(OrderEntity, { id: second.orderId });
    expect(row).toMatchObject({
      invoiceNumber: '2',
      invoiceStatus: 'generated',
      invoiceUrl: processors.links.urlFor(second.orderId),
    });
  });

  it('gives orders paid at the same moment different numbers, with no gap', async () => {
    const cafe = await registerCafe(app);
    // On PostgreSQL these run truly at once: each waits on the business's sequence row until the one before commits.
    const orders = await Promise.all(Array.from({ length: 6 }, () => paidOrder(app, cafe)));
    const numbers = await Promise.all(orders.map(({ orderId }) => numberOf(orderId)));
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await lastInvoiceNumber(cafe.phone)).toBe(6);
  });

  it('issues one invoice when the same payment is recorded again, and spends no number on the repeat', async () => {
    const cafe = await registerCafe(app);
    const { orderId } = await paidOrder(app, cafe);

    expect((await repeatPayment(orderId)).events).toEqual([]);
    expect((await repeatPayment(orderId)).events).toEqual([]);

    expect(await countOf(orderId, 'InvoiceIssued')).toBe(1);
    expect(await countOf(orderId, 'OrderPaid')).toBe(1);
    expect(await lastInvoiceNumber(cafe.phone)).toBe(1);
    const next = await paidOrder(app, cafe);
    expect(await numberOf(next.orderId)).toBe(2);
  });

  it('issues one invoice when the same payment is recorded twice at once', async () => {
    const cafe = await registerCafe(app);
    const { orderId } = await paidOrder(app, cafe);
    // A second, concurrent verdict for a fresh order: the slower writer finds the order moved, reloads and decides
    // nothing (the same transaction id).
    await Promise.all([repeatPayment(orderId), repeatPayment(orderId), repeatPayment(orderId)]);
    expect(await countOf(orderId, 'InvoiceIssued')).toBe(1);
    expect(await numberOf(orderId)).toBe(1);
    expect(await lastInvoiceNumber(cafe.phone)).toBe(1);
  });

  it('gives the number back when the payment’s transaction rolls back', async () => {
    const cafe = await registerCafe(app);
    const first = await paidOrder(app, cafe);
    // The log refuses the next payment's events (as a failing disk would): the number taken in that transaction
    // must be given back with it.
    await execute(
      app.database.em(),
      `create function refuse_payments() returns trigger language plpgsql as $$
       begin
         if new.type = 'OrderPaid' and new.data->>'businessPhone' = '${cafe.phone}' then
           raise exception 'the log is full';
         end if;
         return new;
       end $$;
       create trigger refuse_payments before insert on events for each row execute function refuse_payments();`,
    );
    try {
      await expect(paidOrder(app, cafe)).rejects.toThrow('the log is full');
    } finally {
      await execute(app.database.em(), 'drop trigger refuse_payments on events; drop function refuse_payments();');
    }
    expect(await lastInvoiceNumber(cafe.phone)).toBe(1);
    const second = await paidOrder(app, cafe);
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
    expect(await numberOf(ours.orderId)).toBe(1);
  });

  it('records a failure when the business details cannot head a tax invoice, and spends no number', async () => {
    const cafe = await registerCafe(app);
    await query(app.database.em(), `update businesses set id_number = '' where phone = ?`, [cafe.phone]);
    const { orderId } = await paidOrder(app, cafe);

    const failed = (await streamOf(app, orderId)).find((event) => event.type === 'InvoiceFailed');
    expect(failed?.data).toMatchObject({ orderId, reason: 'the business has no valid dealer number' });
    expect(await invoiceOf(app, orderId)).toBeUndefined();
    expect(await lastInvoiceNumber(cafe.phone)).toBeUndefined();
    const row = await app.database.em().findOneOrFail(OrderEntity, { id: orderId });
    expect(row.invoiceStatus).toBe('failed');

    // A repeat records nothing more.
    await repeatPayment(orderId);
    expect(await countOf(orderId, 'InvoiceFailed')).toBe(1);
  });
});
