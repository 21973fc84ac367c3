import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 34, a shared bill paid in parts (decision 056): a payer's tax document lists its own lines and its own card
 * (`InvoiceIssued.lines` and `.card`, with `partId`), so the accountant's files and the ledger print each payer's
 * document as it was issued, not the whole order's. Null on every document of an order paid by one diner.
 */
export class Migration20261207000810_part_documents extends Migration {
  override up(): void {
    this.addSql(`
      alter table tax_documents
        add column if not exists part_id uuid null,
        add column if not exists part_lines jsonb null,
        add column if not exists card jsonb null;
    `);
  }

  override down(): void {
    this.addSql(`
      alter table tax_documents drop column if exists card, drop column if exists part_lines,
        drop column if exists part_id;
    `);
  }
}
