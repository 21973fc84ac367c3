import type { EntityManager } from '@mikro-orm/postgresql';
import { israelDateOf, israelHourOf, type OrderEventData } from '@tafrit/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import { boundQuery } from '../../../platform/database/sql.js';
import type { Processor } from '../../../platform/processing/processor.js';

export const NUMBERS_PROCESSOR = 'numbers';

/**
 * The numbers page's read model (decision 053): per business, Israel date and hour, the paid orders and their sales
 * (`numbers_hours`), and per date, product and option the units sold (`numbers_items`), so a year's range reads a few
 * thousand rows and never the orders' lines.
 *
 * - A sale is counted when it is paid, under the Israel date and hour of the payment (as the monthly report and the
 *   commissions count it). Sales are the items: what was paid less the tip.
 * - A test order is never counted (its `OrderPlaced` is skipped, so its later events find no row).
 * - A refund counts when the provider returned the money (`OrderRefunded`), against the date and hour of the order's
 *   payment: its amount comes off the items' sales first (a tip is the last thing a refund returns, decision 027);
 *   refunded lines come off their products' and options' units; an order refunded in full is no longer an order, and
 *   a refund of its whole remainder takes what was left of its lines off too (a declined order sold nothing). A refund
 *   of an amount that leaves the order standing changes no units: it names none.
 * - A promo code's discount comes off the sales (sales = items − discount) and, per line, off its product's sales.
 *   Where the order came from (`numbers_sources`, 'unknown' before orders recorded it) and its code
 *   (`numbers_promos`) are added beside the hours and take their refunds as the hours do.
 * - Every step claims its row first (the order's payment, the refund's completion), so an event delivered twice adds
 *   nothing twice; names are the first seen for a date, so a batch and one event at a time write the same rows.
 * - An order's row keeps its lines' names only until its payment is claimed: the claim writes them into the items and,
 *   in the same write, leaves the row its lines' lean form (decision 072), all the refunds read of them.
 */
export function numbersProjection(): Processor {
  const project = async (events: readonly RecordedEvent[], { em }: { em: EntityManager }) => {
    // Placed before paid before refunded, as the log orders them for any one order. Neither a test order nor a tab's
    // round is counted (a round's lines are counted with its table's bill, decision 058).
    const placed = events.filter((event) => {
      const data = event.data as OrderEventData['OrderPlaced'];
      return event.type === 'OrderPlaced' && !data.test && !(data.tab && 'round' in data.tab);
    });
    const paid = events.filter((event) => event.type === 'OrderPaid');
    // An order placed and paid in the same batch (a processor catching up, a rebuild) gets its row with the payment.
    const orderIdOf = (event: RecordedEvent) => (event.data as { orderId: string }).orderId;
    const paidIds = new Set(paid.map(orderIdOf));
    await addPlaced(
      em,
      placed.filter((event) => !paidIds.has(orderIdOf(event))),
    );
    await addPaid(
      em,
      paid,
      placed.filter((event) => paidIds.has(orderIdOf(event))),
    );
    for (const event of events) {
      if (event.type === 'RefundRequested') await addRefundRequest(em, event);
      else if (event.type === 'OrderRefunded') await addRefund(em, event);
    }
  };
  return {
    name: NUMBERS_PROCESSOR,
    handles: ['OrderPlaced', 'OrderPaid', 'RefundRequested', 'OrderRefunded'],
    mode: 'projection',
    gatherMs: 50,
    // Nobody waits for a chart: at a busy moment a few deliveries a second.
    spacingMs: 500,
    handle: (event, ctx) => project([event], ctx),
    handleBatch: project,
  };
}

/** What the aggregates need of a placed order's lines, nothing of the diner's; the names only until it is paid. */
function linesOf(placed: OrderEventData['OrderPlaced']) {
  return placed.lines.map((line) => ({
    productId: line.productId,
    name: line.name,
    quantity: line.quantity,
    unitPriceAgorot: line.unitPriceAgorot,
    // The line's share of a promo code's discount: its product's sales are what was paid for it (decision 052).
    discountAgorot: line.discountAgorot ?? 0,
    options: (line.options ?? []).map((option) => ({
      optionId: option.optionId,
      name: option.name,
      groupName: option.groupName,
      priceAgorot: option.priceAgorot,
    })),
  }));
}

/**
 * Table against pickup: a pickup café's order (the serviceMode recorded on it) or an order without a table number is
 * picked up; the rest were served at their table.
 */
export function atTable(placed: OrderEventData['OrderPlaced']): boolean {
  return placed.seller?.serviceMode !== 'pickup' && placed.tableNumber !== null;
}

/** What `numbers_orders` keeps of a placed order. */
function placedRow(event: RecordedEvent) {
  const placed = event.data as OrderEventData['OrderPlaced'];
  return {
    order_id: placed.orderId,
    business_id: placed.businessPhone,
    lines: linesOf(placed),
    at_table: atTable(placed),
    // Null for an order placed before its source was recorded: counted as "unknown".
    source_channel: placed.source?.channel ?? null,
    source_tag: placed.source?.tag ?? '',
    promo_code: placed.discount?.code ?? '',
    discount_agorot: placed.discount?.agorot ?? 0,
    placed_position: event.globalPosition,
  };
}

/** What a payment adds to its order's row. */
function paidRow(event: RecordedEvent) {
  const paid = event.data as OrderEventData['OrderPaid'];
  return {
    order_id: paid.orderId,
    day: israelDateOf(paid.paidAt),
    hour: israelHourOf(paid.paidAt),
    paid_agorot: paid.amountAgorot,
    sales_agorot: paid.amountAgorot - (paid.tipAgorot ?? 0),
    position: event.globalPosition,
  };
}

async function addPlaced(em: EntityManager, events: readonly RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map(placedRow);
  await boundQuery(
    em,
    `insert into numbers_orders
       (order_id, business_id, lines, at_table, source_channel, source_tag, promo_code, discount_agorot, placed_position)
       select order_id, business_id, lines, at_table, source_channel, source_tag, promo_code, discount_agorot,
              placed_position
         from jsonb_to_recordset($1::jsonb)
           as x(order_id uuid, business_id text, lines jsonb, at_table boolean, source_channel text, source_tag text,
                promo_code text, discount_agorot bigint, placed_position bigint)
     on conflict (order_id) do nothing`,
    [JSON.stringify(rows)],
  );
}

/**
 * Claims the payments of orders not counted yet and adds them to every aggregate, in one statement per batch
 * (decision 015), so the names first seen for a date are those of the earliest payment whichever way it came. An
 * order placed in the same batch (`placedHere`, a processor catching up or a rebuild) gets its row inserted paid,
 * one write instead of an insert and an update that leaves a dead first version; if an earlier delivery inserted it
 * unpaid, it is updated as any other. A row paid already adds nothing again. Either way the claim leaves the row its
 * lines' lean form in that same write (`leanLines`, decision 072): no further version of the row for it.
 */
async function addPaid(
  em: EntityManager,
  events: readonly RecordedEvent[],
  placedHere: readonly RecordedEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const placed = new Map<string, ReturnType<typeof placedRow>>();
  for (const event of placedHere) {
    const row = placedRow(event);
    if (!placed.has(row.order_id)) placed.set(row.order_id, row);
  }
  const payments = events.map(paidRow);
  const later = payments.filter((payment) => !placed.has(payment.order_id));
  const withPlacing = payments.flatMap((payment) => {
    const row = placed.get(payment.order_id);
    return row ? [{ ...row, ...payment }] : [];
  });
  // Each way of claiming is in the statement only when it has payments: an update from an empty list can still plan
  // a scan of the whole table (a rebuild's fresh tables have no statistics yet). Each way present brings its CTEs
  // (given its parameter's number), the name of what it claimed and its rows.
  const ways = [
    { rows: later, claimedAs: 'claimed_later', ctes: claimLater },
    { rows: withPlacing, claimedAs: 'claimed_with_placing', ctes: claimWithPlacing },
  ].filter((way) => way.rows.length > 0);
  const params = ways.map((way) => JSON.stringify(way.rows));
  const claims = ways.map((way, index) => way.ctes(index + 1));
  const claimed = ways.map((way) => `select * from ${way.claimedAs}`).join(' union all ');
  await boundQuery(
    em,
    `with ${claims.join(', ')}, claimed as (
       ${claimed}
     ), sources as (
       insert into numbers_sources as s (business_id, day, channel, tag, orders, sales_agorot)
         select business_id, day, channel, source_tag, count(*), sum(sales_agorot)
           from claimed group by business_id, day, channel, source_tag
       on conflict (business_id, day, channel, tag) do update set
         orders = s.orders + excluded.orders,
         sales_agorot = s.sales_agorot + excluded.sales_agorot
       returning 1
     ), promos as (
       insert into numbers_promos as p (business_id, day, code, orders, sales_agorot, discount_agorot)
         select business_id, day, promo_code, count(*), sum(sales_agorot), sum(discount_agorot)
           from claimed where promo_code <> '' group by business_id, day, promo_code
       on conflict (business_id, day, code) do update set
         orders = p.orders + excluded.orders,
         sales_agorot = p.sales_agorot + excluded.sales_agorot,
         discount_agorot = p.discount_agorot + excluded.discount_agorot
       returning 1
     ), hours as (
       insert into numbers_hours as h
         (business_id, day, hour, orders, table_orders, sales_agorot, table_sales_agorot)
         select business_id, day, hour, count(*), count(*) filter (where at_table), sum(sales_agorot),
                coalesce(sum(sales_agorot) filter (where at_table), 0)
           from claimed group by business_id, day, hour
       on conflict (business_id, day, hour) do update set
         orders = h.orders + excluded.orders,
         table_orders = h.table_orders + excluded.table_orders,
         sales_agorot = h.sales_agorot + excluded.sales_agorot,
         table_sales_agorot = h.table_sales_agorot + excluded.table_sales_agorot
       returning 1
     ), sold as (
       select c.business_id, c.day, (l->>'productId')::int as product_id, '' as option_id, l->>'name' as name,
              '' as group_name, l->>'name' as product_name, (l->>'quantity')::int as quantity,
              (l->>'quantity')::bigint * (l->>'unitPriceAgorot')::bigint - coalesce((l->>'discountAgorot')::bigint, 0)
                as sales,
              c.paid_position as position
         from claimed c cross join jsonb_array_elements(c.lines) l
       union all
       select c.business_id, c.day, (l->>'productId')::int, o->>'optionId', o->>'name', o->>'groupName',
              l->>'name', (l->>'quantity')::int, (l->>'quantity')::bigint * (o->>'priceAgorot')::bigint,
              c.paid_position
         from claimed c cross join jsonb_array_elements(c.lines) l
              cross join jsonb_array_elements(coalesce(l->'options', '[]'::jsonb)) o
     )
     insert into numbers_items as i
       (business_id, day, product_id, option_id, name, group_name, product_name, quantity, sales_agorot)
       select business_id, day, product_id, option_id, (array_agg(name order by position))[1],
              (array_agg(group_name order by position))[1], (array_agg(product_name order by position))[1],
              sum(quantity), sum(sales)
         from sold group by business_id, day, product_id, option_id
     on conflict (business_id, day, product_id, option_id) do update set
       quantity = i.quantity + excluded.quantity,
       sales_agorot = i.sales_agorot + excluded.sales_agorot`,
    params,
  );
}

/** What the aggregates read of a claimed order's row; each way of claiming adds, last, its lines as placed. */
const CLAIMED = `o.order_id, o.business_id, o.day, o.hour, o.at_table, o.sales_agorot, o.paid_position,
                 coalesce(o.source_channel, 'unknown') as channel, o.source_tag, o.promo_code, o.discount_agorot`;

/**
 * The lean form of an order's lines (a jsonb array), what a paid row keeps (decision 072): of each line its product,
 * quantity and unit price, its discount only when it has one, its options only when it has some and of each only
 * its id and price, the lines in their order (a refund names a line by its index). That is all the refunds read, and
 * they read a missing discount and missing options as none, so a row paid before, its lines whole, refunds the same.
 * The names went into the items when the payment was claimed; nothing reads them after.
 */
const leanLines = (lines: string) => `(
         select coalesce(jsonb_agg(
                  jsonb_build_object('productId', l->'productId', 'quantity', l->'quantity',
                                     'unitPriceAgorot', l->'unitPriceAgorot')
                  || case when coalesce((l->>'discountAgorot')::numeric, 0) <> 0
                          then jsonb_build_object('discountAgorot', l->'discountAgorot') else '{}'::jsonb end
                  || case when jsonb_typeof(l->'options') = 'array' and l->'options' <> '[]'::jsonb
                          then jsonb_build_object('options', (
                                 select jsonb_agg(jsonb_build_object('optionId', x->'optionId',
                                                                     'priceAgorot', x->'priceAgorot') order by n)
                                   from jsonb_array_elements(l->'options') with ordinality as each_option(x, n)))
                          else '{}'::jsonb end
                  order by i), '[]'::jsonb)
           from jsonb_array_elements(${lines}) with ordinality as each_line(l, i))`;

/**
 * Payments of orders whose row an earlier delivery inserted unpaid: the row is updated, once, and takes its lean lines
 * in the same write. An update's `returning` sees the new row, so the lines as placed (with the names the items take)
 * come from the row as the statement found it (`unpaid`, the same row by its key).
 */
const claimLater = (param: number) => `payment as (
       select distinct on (order_id) * from jsonb_to_recordset($${param}::jsonb)
         as x(order_id uuid, day date, hour smallint, paid_agorot bigint, sales_agorot bigint, position bigint)
        order by order_id, position
     ), claimed_later as (
       update numbers_orders o set day = p.day, hour = p.hour, paid_agorot = p.paid_agorot,
              sales_agorot = p.sales_agorot, paid_position = p.position, lines = ${leanLines('o.lines')}
         from payment p join numbers_orders unpaid on unpaid.order_id = p.order_id
        where o.order_id = p.order_id and o.paid_position is null
       returning ${CLAIMED}, unpaid.lines
     )`;

/**
 * Payments of orders placed in the same batch: the row is inserted paid, with its lean lines (or paid, if it is there
 * unpaid: the same order's placing, so the same lines). The lines as placed come from the batch.
 */
const claimWithPlacing = (param: number) => `placed_and_paid as (
       select distinct on (order_id) * from jsonb_to_recordset($${param}::jsonb)
         as x(order_id uuid, business_id text, lines jsonb, at_table boolean, source_channel text, source_tag text,
              promo_code text, discount_agorot bigint, placed_position bigint, day date, hour smallint,
              paid_agorot bigint, sales_agorot bigint, position bigint)
        order by order_id, position
     ), paid_with_placing as (
       insert into numbers_orders as o
         (order_id, business_id, lines, at_table, source_channel, source_tag, promo_code, discount_agorot,
          placed_position, day, hour, paid_agorot, sales_agorot, paid_position)
         select order_id, business_id, ${leanLines('lines')}, at_table, source_channel, source_tag, promo_code,
                discount_agorot, placed_position, day, hour, paid_agorot, sales_agorot, position
           from placed_and_paid
       on conflict (order_id) do update set day = excluded.day, hour = excluded.hour,
         paid_agorot = excluded.paid_agorot, sales_agorot = excluded.sales_agorot,
         paid_position = excluded.paid_position, lines = excluded.lines
         where o.paid_position is null
       returning ${CLAIMED}
     ), claimed_with_placing as (
       select c.*, p.lines from paid_with_placing c join placed_and_paid p on p.order_id = c.order_id
     )`;

/** A refund asked for on a counted order: kept until the provider answers; nothing is subtracted yet. */
async function addRefundRequest(em: EntityManager, event: RecordedEvent): Promise<void> {
  const requested = event.data as OrderEventData['RefundRequested'];
  await boundQuery(
    em,
    `insert into numbers_refunds (refund_id, order_id, amount_agorot, lines, requested_position)
       select $1::uuid, o.order_id, $2, $3::jsonb, $4 from numbers_orders o where o.order_id = $5::uuid
     on conflict (refund_id) do nothing`,
    [
      requested.refundId,
      requested.amountAgorot,
      requested.lines === null ? null : JSON.stringify(requested.lines),
      event.globalPosition,
      requested.orderId,
    ],
  );
}

/** The money came back: once, off the order's payment hour and off the refunded lines' products and options. */
async function addRefund(em: EntityManager, event: RecordedEvent): Promise<void> {
  const refunded = event.data as OrderEventData['OrderRefunded'];
  await boundQuery(
    em,
    `with done as (
       update numbers_refunds set refunded_position = $1
        where refund_id = $2::uuid and refunded_position is null
        returning order_id, amount_agorot, lines
     ), refunded as (
       update numbers_orders o set refunded_agorot = o.refunded_agorot + d.amount_agorot
         from done d where o.order_id = d.order_id and o.paid_position is not null
       returning o.order_id, o.business_id, o.day, o.hour, o.at_table, o.lines, d.lines as refund_lines,
         coalesce(o.source_channel, 'unknown') as channel, o.source_tag, o.promo_code, o.discount_agorot,
         -- Off the items first, the tip last: the items' sales never go below zero for one order.
         least(o.refunded_agorot, o.sales_agorot) - least(o.refunded_agorot - d.amount_agorot, o.sales_agorot)
           as off_sales,
         (o.refunded_agorot >= o.paid_agorot and o.refunded_agorot - d.amount_agorot < o.paid_agorot) as emptied
     ), hours as (
       update numbers_hours h set
         refunded_agorot = h.refunded_agorot + r.off_sales,
         orders = h.orders - (case when r.emptied then 1 else 0 end),
         table_orders = h.table_orders - (case when r.emptied and r.at_table then 1 else 0 end),
         table_sales_agorot = h.table_sales_agorot - (case when r.at_table then r.off_sales else 0 end)
         from refunded r
        where h.business_id = r.business_id and h.day = r.day and h.hour = r.hour
       returning 1
     ), sources as (
       update numbers_sources s set
         refunded_agorot = s.refunded_agorot + r.off_sales,
         orders = s.orders - (case when r.emptied then 1 else 0 end)
         from refunded r
        where s.business_id = r.business_id and s.day = r.day and s.channel = r.channel and s.tag = r.source_tag
       returning 1
     ), promos as (
       -- An order refunded in full is no longer an order: neither its sales nor the discount it was given count.
       update numbers_promos p set
         refunded_agorot = p.refunded_agorot + r.off_sales,
         orders = p.orders - (case when r.emptied then 1 else 0 end),
         discount_agorot = p.discount_agorot - (case when r.emptied then r.discount_agorot else 0 end)
         from refunded r
        where p.business_id = r.business_id and p.day = r.day and p.code = r.promo_code
       returning 1
     ), returned_lines as (
       select r.business_id, r.day, r.lines -> (x->>'index')::int as line, (x->>'quantity')::int as quantity
         from refunded r cross join jsonb_array_elements(coalesce(r.refund_lines, '[]'::jsonb)) x
       union all
       -- A refund of the whole remainder (no lines) that ends the order: what its line refunds left of each line.
       select r.business_id, r.day, l.line, (l.line->>'quantity')::int - coalesce((
                select sum((y->>'quantity')::int)::int
                  from numbers_refunds f cross join jsonb_array_elements(f.lines) y
                 where f.order_id = r.order_id and f.refunded_position is not null and f.lines is not null
                   and (y->>'index')::int = l.position - 1), 0)
         from refunded r cross join jsonb_array_elements(r.lines) with ordinality as l(line, position)
        where r.refund_lines is null and r.emptied
     ), returned as (
       -- The returned units' share of the line's discount comes back with them (what was paid for them).
       select business_id, day, (line->>'productId')::int as product_id, '' as option_id, quantity,
              quantity::bigint * (line->>'unitPriceAgorot')::bigint
                - round(coalesce((line->>'discountAgorot')::numeric, 0) * quantity / (line->>'quantity')::numeric)::bigint
                as sales
         from returned_lines where line is not null
       union all
       select business_id, day, (line->>'productId')::int, o->>'optionId', quantity,
              quantity::bigint * (o->>'priceAgorot')::bigint
         from returned_lines cross join jsonb_array_elements(coalesce(line->'options', '[]'::jsonb)) o
        where line is not null
     )
     update numbers_items i set quantity = i.quantity - x.quantity, sales_agorot = i.sales_agorot - x.sales
       from (select business_id, day, product_id, option_id, sum(quantity)::int as quantity, sum(sales) as sales
               from returned group by business_id, day, product_id, option_id) x
      where i.business_id = x.business_id and i.day = x.day and i.product_id = x.product_id
        and i.option_id = x.option_id`,
    [event.globalPosition, refunded.refundId],
  );
}
