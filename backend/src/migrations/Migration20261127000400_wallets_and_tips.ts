import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 17: what the checkout offers beside a card (`PaymentOptionsChosen`; null: never chosen, all off) and each
 * order's tip apart from its sale (inside total_amount; commission is 5% of the rest). The row of an order is
 * inserted whole by `order_append` (`insert into orders select v_row.*`), so the tip needs no change there: it is
 * known when the order is placed and never changes.
 */
export class Migration20261127000400_wallets_and_tips extends Migration {
  override up(): void {
    this.addSql('alter table businesses add column if not exists payment_options jsonb null;');
    // How a sandbox page was paid (card, or its Google Pay and Bit test buttons), as Cardcom reports it for its own.
    this.addSql('alter table sandbox_payments add column if not exists method varchar(20) null;');
    // The month's tips per business, inside total_net already (no commission on them): the payouts show them apart.
    this.addSql('alter table monthly_commissions add column if not exists total_tips numeric(12,2) not null default 0;');
    this.addSql(`alter table orders add column if not exists tip_amount numeric(10,2) not null default 0
      constraint orders_tip_check check (tip_amount >= 0 and tip_amount <= total_amount);`);
  }

  override down(): void {
    this.addSql('alter table orders drop column if exists tip_amount;');
    this.addSql('alter table sandbox_payments drop column if exists method;');
    this.addSql('alter table monthly_commissions drop column if exists total_tips;');
    this.addSql('alter table businesses drop column if exists payment_options;');
  }
}
