import type { EntityManager } from '@mikro-orm/postgresql';
import { agorotToDecimalString, type PlatformInvoiceEventData } from '@tafrit/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import { execute } from '../../../platform/database/sql.js';
import type { Processor } from '../../../platform/processing/processor.js';

export const PLATFORM_DOCUMENTS_PROCESSOR = 'platform-documents';

/**
 * `platform_documents`: the platform's commission invoices and credit documents (decision 025), one row each, keyed
 * by kind and number, so a second delivery changes nothing. A `projection` processor: the row and the checkpoint
 * commit together; a rebuild replays the `platform-invoice-*` streams.
 */
export function platformDocumentsProjection(): Processor {
  return {
    name: PLATFORM_DOCUMENTS_PROCESSOR,
    handles: ['PlatformInvoiceIssued', 'PlatformCreditIssued'],
    mode: 'projection',
    handle: (event, { em }) => addDocument(em, event),
  };
}

async function addDocument(em: EntityManager, event: RecordedEvent): Promise<void> {
  const credit = event.type === 'PlatformCreditIssued';
  const data = event.data as PlatformInvoiceEventData['PlatformInvoiceIssued'] &
    Partial<PlatformInvoiceEventData['PlatformCreditIssued']>;
  await execute(
    em,
    `insert into platform_documents
       (kind, number, business_id, month, total, before_vat, vat, vat_rate_percent, issued_at, global_position)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (kind, number) do nothing`,
    [
      credit ? 'credit' : 'invoice',
      credit ? data.creditNumber : data.invoiceNumber,
      data.businessPhone,
      data.month,
      agorotToDecimalString(data.totalAgorot),
      agorotToDecimalString(data.beforeVatAgorot),
      agorotToDecimalString(data.vatAgorot),
      data.vatRatePercent,
      data.issuedAt,
      event.globalPosition,
    ],
  );
}
