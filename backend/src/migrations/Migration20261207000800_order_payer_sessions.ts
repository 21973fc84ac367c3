import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 34, a shared table's bill paid in parts (decision 056): the diner sessions of the order's payers other than
 * the one who placed it, so each payer's thank-you page finds the order by their own session. Empty for every order
 * paid by one diner (all orders before it); the index holds only the rows that have any.
 */
export class Migration20261207000800_order_payer_sessions extends Migration {
  override up(): void {
    this.addSql(`alter table orders add column if not exists payer_sessions text[] not null default '{}';`);
    this.addSql(`create index if not exists orders_payer_sessions on orders using gin (payer_sessions)
      where payer_sessions <> '{}';`);
  }

  override down(): void {
    this.addSql('drop index if exists orders_payer_sessions;');
    this.addSql('alter table orders drop column if exists payer_sessions;');
  }
}
