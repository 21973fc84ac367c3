import type { EntityManager } from '@mikro-orm/postgresql';
import { agorotToDecimalString, type OrderEventData } from '@tafrit/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import { boundQuery } from '../../../platform/database/sql.js';
import type { Processor } from '../../../platform/processing/processor.js';

export const TAX_DOCUMENTS_PROCESSOR = 'tax-documents';

/**
 * `tax_documents`: every tax invoice-receipt and credit invoice of every business, one row each, keyed by business,
 * kind, source and number, so a second delivery changes nothing. A batching `projection` (decision 015): the rows and
 * the checkpoint commit together, one statement per delivery; nobody waits for a row (the accountant's exports read
 * it), so at a busy moment a few deliveries a second. A new processor replays the whole log, so the documents issued
 * before this table existed are in it too.
 */
export function taxDocumentsProjection(): Processor {
  const project = async (events: readonly RecordedEvent[], { em }: { em: EntityManager }) =>
    addDocuments(em, events.map(rowOf));
  return {
    name: TAX_DOCUMENTS_PROCESSOR,
    handles: ['InvoiceIssued', 'CreditIssued'],
    mode: 'projection',
    gatherMs: 50,
    spacingMs: 250,
    handle: (event, ctx) => project([event], ctx),
    handleBatch: project,
  };
}

function rowOf(event: RecordedEvent): Record<string, unknown> {
  const common = (data: OrderEventData['InvoiceIssued'] | OrderEventData['CreditIssued']): Record<string, unknown> => ({
    business_id: data.businessPhone,
    source: data.source,
    order_id: data.orderId,
    issued_at: data.issuedAt,
    total: agorotToDecimalString(data.totalAgorot),
    before_vat: agorotToDecimalString(data.beforeVatAgorot),
    vat: agorotToDecimalString(data.vatAgorot),
    tip: agorotToDecimalString(data.tipAgorot ?? 0),
    vat_rate_percent: data.vatRatePercent,
    seller: data.seller ?? null,
    buyer_name: data.buyer?.name ?? null,
    buyer_tax_id: data.buyer?.taxId ?? null,
    global_position: event.globalPosition,
  });
  if (event.type === 'CreditIssued') {
    const data = event.data as OrderEventData['CreditIssued'];
    return {
      ...common(data),
      kind: 'credit',
      number: data.creditNumber,
      refund_id: data.refundId,
      original_number: data.originalInvoiceNumber,
      refund_lines: data.lines,
    };
  }
  const data = event.data as OrderEventData['InvoiceIssued'];
  return {
    ...common(data),
    kind: 'invoice',
    number: data.invoiceNumber,
    refund_id: null,
    original_number: null,
    // The number the document carries (decision 049), or that it went out without the one it needed.
    allocation_number: data.allocation?.number ?? null,
    without_allocation: data.withoutAllocation !== undefined,
    // A payer's part of a shared bill (decision 056): its own lines and card.
    part_id: data.partId ?? null,
    part_lines: data.lines ?? null,
    card: data.card ?? null,
  };
}

async function addDocuments(em: EntityManager, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  // Bound, not quoted into the text: a rebuild's page sends hundreds of documents as one value (sql.ts).
  await boundQuery(
    em,
    `insert into tax_documents
       (business_id, kind, source, number, order_id, refund_id, issued_at, total, before_vat, vat, tip,
        vat_rate_percent, original_number, refund_lines, seller, buyer_name, buyer_tax_id, global_position,
        allocation_number, without_allocation, part_id, part_lines, card)
     select business_id, kind, source, number, order_id, refund_id, issued_at, total, before_vat, vat, tip,
            vat_rate_percent, original_number, refund_lines, seller, buyer_name, buyer_tax_id, global_position,
            allocation_number, coalesce(without_allocation, false), part_id, part_lines, card
       from jsonb_to_recordset($1::jsonb) as x(business_id text, kind text, source text, number text, order_id uuid,
         refund_id uuid, issued_at timestamptz, total numeric, before_vat numeric, vat numeric, tip numeric,
         vat_rate_percent integer, original_number text, refund_lines jsonb, seller jsonb, buyer_name text,
         buyer_tax_id text, global_position bigint, allocation_number text, without_allocation boolean, part_id uuid,
         part_lines jsonb, card jsonb)
     on conflict (business_id, kind, source, number) do nothing`,
    [JSON.stringify(rows)],
  );
}
