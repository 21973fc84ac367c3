import { Migration } from '@mikro-orm/migrations';

/**
 * The allocation number a tax document carries (issue 32, decision 049), or that it was issued without the one it
 * needed: the accountant's copies print it, as the document did. Older rows: none needed.
 */
export class Migration20261206000200_tax_documents_allocation extends Migration {
  override up(): void {
    this.addSql(`
      alter table tax_documents
        add column if not exists allocation_number varchar(9) null,
        add column if not exists without_allocation boolean not null default false;
    `);
  }

  override down(): void {
    this.addSql(
      'alter table tax_documents drop column if exists allocation_number, drop column if exists without_allocation;',
    );
  }
}
