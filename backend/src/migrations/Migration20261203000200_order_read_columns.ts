import { Migration } from '@mikro-orm/migrations';

/** The new columns from each row's snapshot (exported for the test that runs it on rows of every kind). */
export const BACKFILL_ORDER_READ_COLUMNS = `
  update orders o set
    slip_status = o.state->>'slip',
    refunded_amount = coalesce((
      select sum((r->>'amountAgorot')::bigint)
        from jsonb_array_elements(coalesce(o.state->'refunds', '[]'::jsonb)) r
       where r->>'status' = 'refunded'), 0) / 100.0,
    refund_refused_id = last.refund_id,
    refund_refused_reason = last.reason
  from orders o2 left join lateral (
    select case when r->>'status' = 'failed' then r->>'refundId' end as refund_id,
           case when r->>'status' = 'failed' then coalesce(r->>'failureReason', '') end as reason
      from jsonb_array_elements(coalesce(o2.state->'refunds', '[]'::jsonb)) with ordinality as t(r, i)
     order by r->>'requestedAt' desc, i desc limit 1
  ) last on true
  where o2.id = o.id and o.state is not null;
`;

/**
 * What other modules read of an order, in columns of the `orders` read model (issue 30, decision 039) instead of
 * ordering's private `state` JSON: the slip's state (`state.slip`), the refunded amount (the refunds the provider
 * made), and the last refund when the provider refused it (the console shows its reason). `orderRowOf` writes them
 * with the rest of the row, through `order_append` and the projection alike; here the existing rows get them from
 * their snapshot. A row without a snapshot (written before decision 015) gets them with its next event, as its
 * snapshot.
 */
export class Migration20261203000200_order_read_columns extends Migration {
  override up(): void {
    this.addSql(`
      alter table orders
        add column if not exists slip_status varchar(10) null,
        add column if not exists refunded_amount numeric(10, 2) not null default 0,
        add column if not exists refund_refused_id varchar(64) null,
        add column if not exists refund_refused_reason text null;

      ${BACKFILL_ORDER_READ_COLUMNS}
    `);
  }

  override down(): void {
    this.addSql(`
      alter table orders
        drop column if exists slip_status,
        drop column if exists refunded_amount,
        drop column if exists refund_refused_id,
        drop column if exists refund_refused_reason;
    `);
  }
}
