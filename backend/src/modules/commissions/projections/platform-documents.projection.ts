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
    handles: [
      'PlatformInvoiceIssued',
      'PlatformCreditIssued',
      'PlatformInvoiceAwaitingAllocation',
      'PlatformAllocationRefused',
    ],
    mode: 'projection',
    handle: async (event, { em }) => {
      if (event.type === 'PlatformInvoiceAwaitingAllocation' || event.type === 'PlatformAllocationRefused') {
        return keepWaiting(em, event);
      }
      // Issued: it waits no more (decision 049).
      if (event.type === 'PlatformInvoiceIssued') {
        const { businessPhone, month } = event.data as PlatformInvoiceEventData['PlatformInvoiceIssued'];
        await execute(em, 'delete from platform_allocation_waits where business_id = ? and month = ?', [
          businessPhone,
          month,
        ]);
      }
      return addDocument(em, event);
    },
  };
}

/** `platform_allocation_waits`: the invoice decided and waiting for its allocation number, and its refusal. */
async function keepWaiting(em: EntityManager, event: RecordedEvent): Promise<void> {
  if (event.type === 'PlatformAllocationRefused') {
    const data = event.data as PlatformInvoiceEventData['PlatformAllocationRefused'];
    const refusal = { code: data.code, reason: data.reason, refusedAt: data.refusedAt };
    await execute(em, 'update platform_allocation_waits set refusal = ?::jsonb where business_id = ? and month = ?', [
      JSON.stringify(refusal),
      data.businessPhone,
      data.month,
    ]);
    return;
  }
  const data = event.data as PlatformInvoiceEventData['PlatformInvoiceAwaitingAllocation'];
  await execute(
    em,
    `insert into platform_allocation_waits
       (business_id, month, invoice_number, seller_dealer_number, buyer_tax_id, business_name, total, before_vat,
        decided_at, issue_without_by, refusal, global_position)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?)
     on conflict (business_id, month) do nothing`,
    [
      data.businessPhone,
      data.month,
      data.invoiceNumber,
      data.issuer.dealerNumber,
      data.buyerTaxId,
      data.businessName,
      agorotToDecimalString(data.totalAgorot),
      agorotToDecimalString(data.beforeVatAgorot),
      data.issuedAt,
      data.issueWithoutBy,
      event.globalPosition,
    ],
  );
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
