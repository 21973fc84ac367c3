import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrderLine, PaymentMethod, RefundLine, SellerBlock } from '@tafrit/contracts';
import { query } from '../../../platform/database/sql.js';

/** A tax document as `tax_documents` holds it, amounts in agorot. */
export interface TaxDocumentRow {
  kind: 'invoice' | 'credit';
  /** `platform`: ours, from the business's sequence; `provider`: made by the business's Cardcom terminal. */
  source: 'platform' | 'provider';
  number: string;
  orderId: string;
  refundId: string | null;
  issuedAt: Date;
  totalAgorot: number;
  beforeVatAgorot: number;
  vatAgorot: number;
  tipAgorot: number;
  vatRatePercent: number;
  /** A credit's invoice. */
  originalNumber: string | null;
  /** A credit's lines by their place in the order (null: an amount, not lines). */
  refundLines: RefundLine[] | null;
  seller: SellerBlock | null;
  buyer: { name: string; taxId: string } | null;
  /** The allocation number the document carries (decision 049); null: none needed, or issued without one. */
  allocationNumber: string | null;
  /** It needed a number and went out without one: the copy says so, as the document did. */
  withoutAllocation: boolean;
  /**
   * A payer's document of a shared bill (issue 34, decision 056): its own lines and card; null on an order's one
   * document (its lines and card are the order's).
   */
  partLines: OrderLine[] | null;
  card: { method: PaymentMethod; brand: string | null; last4: string | null } | null;
}

interface SqlRow {
  kind: 'invoice' | 'credit';
  source: 'platform' | 'provider';
  number: string;
  order_id: string;
  refund_id: string | null;
  issued_at: Date | string;
  total_agorot: string;
  before_vat_agorot: string;
  vat_agorot: string;
  tip_agorot: string;
  vat_rate_percent: number;
  original_number: string | null;
  refund_lines: RefundLine[] | string | null;
  seller: SellerBlock | string | null;
  buyer_name: string | null;
  buyer_tax_id: string | null;
  allocation_number: string | null;
  without_allocation: boolean;
  part_lines: OrderLine[] | string | null;
  card: TaxDocumentRow['card'] | string | null;
}

const json = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * A business's tax documents issued in [start, end), in the order they were issued (invoices before credits at the
 * same instant, then by number). Numbers are compared as numbers where they are: '10' comes after '9'.
 */
export async function taxDocumentsBetween(
  em: EntityManager,
  businessPhone: string,
  start: Date,
  end: Date,
): Promise<TaxDocumentRow[]> {
  const rows = await query<SqlRow>(
    em,
    `select kind, source, number, order_id, refund_id, issued_at, (total * 100)::bigint::text as total_agorot,
            (before_vat * 100)::bigint::text as before_vat_agorot, (vat * 100)::bigint::text as vat_agorot,
            (tip * 100)::bigint::text as tip_agorot, vat_rate_percent, original_number, refund_lines, seller,
            buyer_name, buyer_tax_id, allocation_number, without_allocation, part_lines, card
       from tax_documents
      where business_id = ? and issued_at >= ? and issued_at < ?
      order by issued_at, kind desc, length(number), number`,
    [businessPhone, start, end],
  );
  return rows.map((row) => ({
    kind: row.kind,
    source: row.source,
    number: row.number,
    orderId: row.order_id,
    refundId: row.refund_id,
    issuedAt: new Date(row.issued_at),
    totalAgorot: Number(row.total_agorot),
    beforeVatAgorot: Number(row.before_vat_agorot),
    vatAgorot: Number(row.vat_agorot),
    tipAgorot: Number(row.tip_agorot),
    vatRatePercent: Number(row.vat_rate_percent),
    originalNumber: row.original_number,
    refundLines: json<RefundLine[]>(row.refund_lines),
    seller: json<SellerBlock>(row.seller),
    buyer: row.buyer_name && row.buyer_tax_id ? { name: row.buyer_name, taxId: row.buyer_tax_id } : null,
    allocationNumber: row.allocation_number,
    withoutAllocation: row.without_allocation === true,
    partLines: json<OrderLine[]>(row.part_lines),
    card: json<TaxDocumentRow['card']>(row.card),
  }));
}
