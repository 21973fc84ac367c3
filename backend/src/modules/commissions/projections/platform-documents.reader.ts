import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../../platform/database/sql.js';

/** One of the platform's own tax documents to a business (decision 025), amounts in agorot. */
export interface PlatformDocumentRow {
  kind: 'invoice' | 'credit';
  number: number;
  businessId: string;
  /** The commission month it is for. */
  month: string;
  totalAgorot: number;
  beforeVatAgorot: number;
  vatAgorot: number;
  vatRatePercent: number;
  issuedAt: Date;
  /** A credit's invoice: the business's invoice of the same month (there is one); null for an invoice. */
  invoiceNumber: number | null;
}

/**
 * The platform's documents issued in [start, end), in issue order: the administrator's uniform structure export
 * (bookkeeping, issue 32). `platform_documents` is named in SQL only here, in commissions.
 */
export async function platformDocumentsBetween(
  em: EntityManager,
  start: Date,
  end: Date,
): Promise<PlatformDocumentRow[]> {
  const rows = await query<{
    kind: 'invoice' | 'credit';
    number: string;
    business_id: string;
    month: string;
    total_agorot: string;
    before_vat_agorot: string;
    vat_agorot: string;
    vat_rate_percent: number;
    issued_at: Date | string;
    invoice_number: string | null;
  }>(
    em,
    `select d.kind, d.number, d.business_id, d.month, (d.total * 100)::bigint::text as total_agorot,
            (d.before_vat * 100)::bigint::text as before_vat_agorot, (d.vat * 100)::bigint::text as vat_agorot,
            d.vat_rate_percent, d.issued_at, i.number as invoice_number
       from platform_documents d
       left join platform_documents i
         on d.kind = 'credit' and i.kind = 'invoice' and i.business_id = d.business_id and i.month = d.month
      where d.issued_at >= ? and d.issued_at < ?
      order by d.issued_at, d.kind desc, d.number`,
    [start, end],
  );
  return rows.map((row) => ({
    kind: row.kind,
    number: Number(row.number),
    businessId: row.business_id,
    month: row.month,
    totalAgorot: Number(row.total_agorot),
    beforeVatAgorot: Number(row.before_vat_agorot),
    vatAgorot: Number(row.vat_agorot),
    vatRatePercent: Number(row.vat_rate_percent),
    issuedAt: new Date(row.issued_at),
    invoiceNumber: row.invoice_number === null ? null : Number(row.invoice_number),
  }));
}
