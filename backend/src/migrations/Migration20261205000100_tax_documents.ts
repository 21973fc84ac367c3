import { Migration } from '@mikro-orm/migrations';

/**
 * The businesses' tax documents (issue 32, decision 048), owned by the bookkeeping module: one row per tax
 * invoice-receipt (`InvoiceIssued`) and credit invoice (`CreditIssued`), ours or the business's Cardcom terminal's, as
 * the document's event recorded it. The accountant's exports (the uniform structure, the month's download) read it by
 * business and date; the lines and the payment come from the order (ordering's reader).
 */
export class Migration20261205000100_tax_documents extends Migration {
  override up(): void {
    this.addSql(`
      create table if not exists tax_documents (
        business_id varchar(20) not null,
        kind varchar(10) not null check (kind in ('invoice', 'credit')),
        source varchar(10) not null check (source in ('platform', 'provider')),
        number varchar(32) not null,
        order_id uuid not null,
        refund_id uuid null,
        issued_at timestamptz not null,
        total numeric(10,2) not null,
        before_vat numeric(10,2) not null,
        vat numeric(10,2) not null,
        tip numeric(10,2) not null default 0,
        vat_rate_percent integer not null,
        original_number varchar(32) null,
        refund_lines jsonb null,
        seller jsonb null,
        buyer_name varchar(200) null,
        buyer_tax_id varchar(9) null,
        global_position bigint not null,
        primary key (business_id, kind, source, number)
      );
      create index if not exists tax_documents_issued_idx on tax_documents (business_id, issued_at);
    `);
  }

  override down(): void {
    this.addSql('drop table if exists tax_documents;');
  }
}
