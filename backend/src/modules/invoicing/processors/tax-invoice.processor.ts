import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type OrderEventData,
  orderEventSchemaVersions,
  orderStreamId,
  splitVat,
  VAT_RATE_PERCENT,
} from '@tafrit/contracts';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import type { EventStore, RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import { query } from '../../../platform/event-store/postgres/sql.js';
import type { Processor } from '../../../platform/processing/processor.js';
import { BusinessEntity } from '../../accounts/index.js';
import { foldOrder, type OrderCommand, orderDecider } from '../../ordering/index.js';
import type { InvoiceLinks } from '../application/invoice-links.js';

export const TAX_INVOICES_PROCESSOR = 'tax-invoices';

/** A dealer number (עוסק מורשה: an ID or a company number) is nine digits. */
const DEALER_NUMBER = /^\d{9}$/;

/**
 * The other delivery of this very event issued the invoice between our read and our append (only possible while a
 * lease moves between instances). Thrown so the transaction rolls back and gives the number back; the retry then
 * finds the invoice issued and does nothing.
 */
export class InvoiceIssuedConcurrentlyError extends Error {
  constructor(orderId: string) {
    super(`the invoice of order ${orderId} was issued by another delivery; rolling back the number taken`);
    this.name = 'InvoiceIssuedConcurrentlyError';
  }
}

/**
 * The next number of the business's own invoice sequence (1, 2, 3, ...). Taken inside the delivery's transaction:
 * concurrent takers queue on the row, and a rolled-back delivery gives its number back, so there are no gaps and
 * no duplicates (a tax authority requirement for sequential tax documents).
 */
export async function takeInvoiceNumber(em: EntityManager, businessPhone: string): Promise<number> {
  const [row] = await query<{ last_number: number | string }>(
    em,
    `insert into invoice_sequences as s (business_id, last_number) values (?, 1)
       on conflict (business_id) do update set last_number = s.last_number + 1
     returning last_number`,
    [businessPhone],
  );
  if (!row) throw new Error(`no invoice number was returned for business ${businessPhone}`);
  return Number(row.last_number);
}

/**
 * Issues the tax invoice receipt (חשבונית מס/קבלה) of each paid order (DESIGN.md §4 step 7). A `projection`
 * processor: the number, the `InvoiceIssued` append and the checkpoint commit in one transaction.
 *
 * - The provider made a tax document with the charge (Cardcom's DocumentInfo): that is the invoice; ours is not
 *   issued and the business's sequence is not touched.
 * - Otherwise our own document in the business's name, numbered from the business's sequence, VAT 18% split from
 *   the total, at `/api/invoice/{orderId}?token=...`.
 * - The business is gone or its details cannot head a tax document: `InvoiceFailed`, so the owner's report shows it.
 *   A database error is thrown instead, so the runner retries and then parks the event.
 *
 * A second delivery of the same `OrderPaid` decides nothing: the order aggregate already has its invoice.
 */
export function taxInvoiceProcessor({ store, links }: { store: EventStore; links: InvoiceLinks }): Processor {
  return {
    name: TAX_INVOICES_PROCESSOR,
    handles: ['OrderPaid'],
    mode: 'projection',
    async handle(event, { em }) {
      const paid = event.data as OrderEventData['OrderPaid'];
      const streamId = orderStreamId(paid.orderId);
      const { events } = await store.readStream(streamId, { em });
      const state = foldOrder(events);
      // Checked before a number is taken: a repeat must not spend one.
      if (!state.placed || state.invoice === 'generated') return;

      const now = new Date().toISOString();
      const run = (command: OrderCommand) =>
        handleCommand({
          store,
          streamId,
          decider: orderDecider,
          command,
          metadata: metadataFor(event, now),
          schemaVersions: orderEventSchemaVersions,
          em,
        });
      const { beforeVat, vat } = splitVat(state.totalAgorot, VAT_RATE_PERCENT);
      const amounts = { beforeVatAgorot: beforeVat, vatAgorot: vat, vatRatePercent: VAT_RATE_PERCENT };

      if (paid.document) {
        await run({
          type: 'IssueInvoice',
          data: {
            now,
            source: 'provider',
            invoiceNumber: paid.document.documentNumber,
            // Cardcom's DocumentUrl is documented as unreliable: without one our page shows what we know.
            invoiceUrl: paid.document.documentUrl ?? links.urlFor(paid.orderId),
            ...amounts,
          },
        });
        return;
      }

      const business = await em.findOne(BusinessEntity, { phone: paid.businessPhone });
      const unusable = !business
        ? 'business not found'
        : !business.businessName.trim()
          ? 'the business has no name'
          : !DEALER_NUMBER.test(business.idNumber)
            ? 'the business has no valid dealer number'
            : null;
      if (unusable) {
        await run({ type: 'RecordInvoiceFailure', data: { now, reason: unusable } });
        return;
      }

      const invoiceNumber = await takeInvoiceNumber(em, paid.businessPhone);
      const result = await run({
        type: 'IssueInvoice',
        data: {
          now,
          source: 'platform',
          invoiceNumber: String(invoiceNumber),
          invoiceUrl: links.urlFor(paid.orderId),
          ...amounts,
        },
      });
      if (result.events.length === 0) throw new InvoiceIssuedConcurrentlyError(paid.orderId);
    },
  };
}

function metadataFor(event: RecordedEvent, now: string) {
  return {
    correlationId: event.metadata.correlationId,
    causationId: event.globalPosition,
    actor: { kind: 'system' as const, id: TAX_INVOICES_PROCESSOR },
    occurredAt: now,
  };
}
