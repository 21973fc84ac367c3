import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  type MonthString,
  type PlatformDocument,
  type PlatformInvoiceEventData,
  type PlatformInvoiceSummary,
  platformInvoiceStreamId,
} from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { query } from '../../../platform/database/sql.js';
import { BusinessReader } from '../../accounts/index.js';
import { byHebrewName } from './commission-report.query.js';
import { PlatformInvoiceLinks } from './platform-invoice-links.js';

/** The documents of one month: one business's (the owner's own), or every business's (the admin's list). */
export class GetPlatformInvoicesQuery {
  constructor(
    readonly month: MonthString,
    readonly businessPhone?: string,
  ) {}
}

interface DocumentRow {
  kind: 'invoice' | 'credit';
  number: number;
  business_id: string;
  total: string;
  before_vat: string;
  vat: string;
  vat_rate_percent: number;
  issued_at: Date | string;
}

/** From the `platform_documents` read model, the invoice first then its credits, each with its printable link. */
@QueryHandler(GetPlatformInvoicesQuery)
export class GetPlatformInvoicesHandler implements IQueryHandler<GetPlatformInvoicesQuery, PlatformInvoiceSummary[]> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly businesses: BusinessReader,
    private readonly links: PlatformInvoiceLinks,
  ) {}

  async execute({ month, businessPhone }: GetPlatformInvoicesQuery): Promise<PlatformInvoiceSummary[]> {
    const rows = await query<DocumentRow>(
      this.database.em(),
      `select kind, number, business_id, total::text as total, before_vat::text as before_vat, vat::text as vat,
              vat_rate_percent, issued_at
         from platform_documents
        where month = ? and (?::text is null or business_id = ?::text)
        order by business_id, kind desc, number`,
      [month, businessPhone ?? null, businessPhone ?? null],
    );
    const byBusiness = new Map<string, PlatformDocument[]>();
    for (const row of rows) {
      const list = byBusiness.get(row.business_id) ?? [];
      list.push({
        kind: row.kind,
        number: Number(row.number),
        total: row.total,
        beforeVat: row.before_vat,
        vat: row.vat,
        vatRatePercent: Number(row.vat_rate_percent),
        issuedAt: new Date(row.issued_at).toISOString(),
        url: this.links.urlFor(row.business_id, month, row.kind === 'credit' ? Number(row.number) : undefined),
      });
      byBusiness.set(row.business_id, list);
    }
    const names = await this.businesses.namesOf([...byBusiness.keys()]);
    return [...byBusiness]
      .map(([businessId, documents]) => ({ businessId, businessName: names.get(businessId) ?? '', month, documents }))
      .sort((a, b) => byHebrewName.compare(a.businessName, b.businessName) || a.businessId.localeCompare(b.businessId));
  }
}

/** The stream's documents as recorded (the printable page reads the events themselves, not the read model). */
export async function loadPlatformDocuments(store: EventStore, businessPhone: string, month: MonthString) {
  const { events } = await store.readStream(platformInvoiceStreamId(businessPhone, month));
  const invoice = events.find((event) => event.type === 'PlatformInvoiceIssued')?.data as
    PlatformInvoiceEventData['PlatformInvoiceIssued'] | undefined;
  const credits = events
    .filter((event) => event.type === 'PlatformCreditIssued')
    .map((event) => event.data as PlatformInvoiceEventData['PlatformCreditIssued']);
  return { invoice, credits };
}
