import { Migration } from '@mikro-orm/migrations';

/**
 * The platform's commission invoices waiting for their allocation number (issue 32, decision 049), owned by the
 * commissions module and written only by its `platform-documents` projection: one row per business and month from
 * `PlatformInvoiceAwaitingAllocation` until its `PlatformInvoiceIssued`, with the Authority's refusal when there was
 * one. The asker sweeps it; the administrator's list reads it.
 */
export class Migration20261206000300_platform_allocation_waits extends Migration {
  override up(): void {
    this.addSql(`
      create table if not exists platform_allocation_waits (
        business_id varchar(20) not null,
        month varchar(7) not null,
        invoice_number integer not null,
        seller_dealer_number varchar(9) not null,
        buyer_tax_id varchar(9) not null,
        business_name text not null,
        total numeric(10,2) not null,
        before_vat numeric(10,2) not null,
        decided_at timestamptz not null,
        issue_without_by timestamptz not null,
        refusal jsonb null,
        global_position bigint not null,
        primary key (business_id, month)
      );
    `);
  }

  override down(): void {
    this.addSql('drop table if exists platform_allocation_waits;');
  }
}
