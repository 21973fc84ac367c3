import { Migration } from '@mikro-orm/migrations';

/**
 * Commissions after refunds and the platform's commission invoices (issue 17, decision 025):
 * - `monthly_commissions` gains the refunds the provider made on the month's orders and the commission they returned;
 *   `total_amount`, `total_commission` and `total_net` stay as paid (their check holds), the figures after refunds are
 *   computed from them. Written only by the `monthly-commissions` projection.
 * - `commission_refunds`: each requested refund with the Israel month its order was paid in; `refunded_position` is
 *   set once, when the provider's refund is folded in, so a second delivery adds nothing.
 * - `platform_document_sequences`: the platform's own gapless numbering of its invoices and of its credit documents,
 *   one row per kind, taken last in the document's transaction (a rolled-back issue gives its number back).
 * - `platform_documents`: the issued invoices and credits, written only by the `platform-documents` projection.
 */
export class Migration20261127000200_commission_refunds_and_platform_invoices extends Migration {
  override up(): void {
    this.addSql(`
      alter table monthly_commissions
        add column total_refunds numeric(12,2) not null default 0,
        add column refunded_commission numeric(12,2) not null default 0,
        add constraint monthly_commissions_refunds_check check (total_refunds >= 0 and refunded_commission >= 0
          and total_refunds <= total_amount and refunded_commission <= total_commission);

      create table commission_refunds (
        refund_id uuid primary key,
        order_id uuid not null,
        business_id varchar(16) not null,
        month char(7) not null,
        amount numeric(12,2) not null,
        commission numeric(12,2) not null,
        requested_position bigint not null,
        refunded_position bigint
      );
      create index commission_refunds_month_index on commission_refunds (business_id, month);

      create table platform_document_sequences (
        kind text primary key,
        last_number integer not null,
        constraint platform_document_sequences_kind check (kind in ('invoice', 'credit')),
        constraint platform_document_sequences_positive check (last_number > 0)
      );

      create table platform_documents (
        kind text not null,
        number integer not null,
        business_id varchar(16) not null,
        month char(7) not null,
        total numeric(12,2) not null,
        before_vat numeric(12,2) not null,
        vat numeric(12,2) not null,
        vat_rate_percent integer not null,
        issued_at timestamptz not null,
        global_position bigint not null,
        primary key (kind, number),
        constraint platform_documents_kind check (kind in ('invoice', 'credit'))
      );
      create unique index platform_documents_one_invoice on platform_documents (business_id, month)
        where kind = 'invoice';
      create index platform_documents_month_index on platform_documents (month, business_id);
    `);
  }

  override down(): void {
    this.addSql(`
      drop table if exists platform_documents, platform_document_sequences, commission_refunds;
      alter table monthly_commissions drop constraint if exists monthly_commissions_refunds_check,
        drop column if exists total_refunds, drop column if exists refunded_commission;
    `);
  }
}
