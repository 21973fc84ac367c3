import { Migration } from '@mikro-orm/migrations';

/**
 * Refunds (issue 17): the sandbox provider keeps its refunds as it keeps its payments, in its own table, keyed by our
 * refund id, so asking again with the same id answers the first refund (the idempotency a real provider would offer).
 */
export class Migration20261126000300_sandbox_refunds extends Migration {
  override up(): void {
    this.addSql(`
      create table sandbox_refunds (
        refund_id uuid primary key,
        low_profile_id varchar(64) not null,
        transaction_id varchar(64) not null,
        amount_agorot integer not null check (amount_agorot > 0),
        provider_refund_id varchar(64) not null,
        created_at timestamptz not null default now()
      );
      create index sandbox_refunds_transaction_index on sandbox_refunds (transaction_id);
    `);
  }

  override down(): void {
    this.addSql('drop table if exists sandbox_refunds;');
  }
}
