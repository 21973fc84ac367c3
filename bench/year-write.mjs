// The year's orders stored in bulk (year-data.mjs makes the template with them): each order's life decided by the
// product's order decider (year-orders.mjs) and stored by the order's own append, `order_append`, the statement the
// OrderStore runs (the events, the order's row, its payment page, the business's gapless invoice and credit numbers).
import { join } from 'node:path';
import { israelDateOf, orderEventSchemaVersions } from '@tafrit/contracts';
import { random } from './year-of-orders.mjs';
import { cafeSizes, dayTimes, openDays, orderLife } from './year-orders.mjs';
import { sql } from './year-replay.mjs';
import { root } from './servers.mjs';

const dist = (path) => join(root, 'backend/dist', path);

/**
 * The year's orders, day by day (all cafés' orders of a day in time order, the refunds due that day among them), in
 * transactions of about `batch` appends. `recorded_at` of the log is the order's own time (a session setting the
 * column's default reads for the length of the write), so the log looks as a year of checkouts left it.
 */
export async function writeOrders(database, cafes, scale, log, batch = 500) {
  const { orderDecider } = await import(dist('modules/ordering/domain/order.decider.js'));
  const { orderRowOf } = await import(dist('modules/ordering/projections/order-row.js'));
  const { storedEvent } = await import(dist('platform/event-store/postgres/event-rows.js'));
  const { leanSnapshotOf } = await import(dist('modules/ordering/projections/order-snapshot.js'));
  const { execute, query } = await sql();
  const next = random(scale.seed);
  const today = israelDateOf(new Date());
  const sizes = cafeSizes(cafes.length, scale.orders);
  const shops = cafes.map((cafe, index) => {
    const days = openDays(next, today, scale.days);
    const weight = days.reduce((sum, day) => sum + day.weight, 0);
    return {
      phone: cafe.business.phone,
      departmentId: cafe.business.departmentId,
      products: cafe.products,
      options: cafe.options,
      popularity: cafe.products.map((_, i) => 1 / (1 + i * 0.35)),
      // One café in four serves at the counter: pickups, some ordered ahead.
      pickup: index % 4 === 3,
      seller: {
        name: `קפה השנה ${index + 1}`,
        dealerNumber: '515678902',
        receiptPhone: null,
        serviceMode: index % 4 === 3 ? 'pickup' : 'table',
        phone: cafe.business.phone,
        street: 'הרצל 12',
        city: 'תל אביב-יפו',
      },
      days,
      perWeight: sizes[index] / weight,
      numbered: 0,
      orders: 0,
      paidAgorot: 0,
      refundedAgorot: 0,
      commissionAgorot: 0,
      refunds: 0,
      token: cafe.token,
    };
  });
  const append = async (em, orderId, expected, commands, state, numberOf) => {
    const events = [];
    for (const [command, actor, at] of commands) {
      const metadata = { correlationId: orderId, actor, occurredAt: new Date(at).toISOString() };
      for (const event of orderDecider.decide(command, state)) {
        state = orderDecider.evolve(state, event);
        // As OrderStore hands them to order_append: as the log keeps them (decisions 066, 067).
        const appended = {
          ...event,
          metadata: { ...metadata, schemaVersion: orderEventSchemaVersions[event.type] ?? 1 },
        };
        events.push(storedEvent(appended, `order-${orderId}`));
      }
    }
    const row = orderRowOf(state);
    const rows = await query(
      em,
      'select invoice_number from order_append(?::uuid, ?::int, ?::jsonb, ?::jsonb, ?::jsonb, null, ?, null)',
      // The row's snapshot as OrderStore keeps it: without what the columns hold (decision 068).
      [
        orderId,
        expected,
        JSON.stringify(events),
        JSON.stringify(leanSnapshotOf(state, row)),
        JSON.stringify(row),
        numberOf,
      ],
    );
    const number = rows.map((row) => row.invoice_number).find(Boolean);
    return { state: number && numberOf ? { ...state, invoiceNumber: number } : state, events: events.length };
  };
  const counts = { paidOrders: 0, refunds: 0, pickupsAhead: 0, events: 0 };
  const dueRefunds = [];
  await execute(
    database.em(),
    `alter table events alter column recorded_at set default
       coalesce(nullif(current_setting('bench.recorded_at', true), '')::timestamptz, now())`,
  );
  try {
    for (let day = 0; day < scale.days; day++) {
      const work = [];
      for (const shop of shops) {
        const { date, weight } = shop.days[day];
        const mean = weight * shop.perWeight;
        const count = Math.floor(mean) + (next() < mean % 1 ? 1 : 0);
        for (const at of dayTimes(next, date, count)) work.push({ at, shop });
      }
      work.sort((a, b) => a.at - b.at);
      // The refunds asked for on this Israel day (it ends at 21:00 or 22:00 UTC); those past the year's end never were.
      const dayEnd = shops[0].days[day].date.getTime() + 22 * 3_600_000;
      const refundsToday = [];
      while (dueRefunds.length > 0 && dueRefunds[0].at < dayEnd) refundsToday.push(dueRefunds.shift());
      const todo = [
        ...work.map((item) => ({ ...item, kind: 'paid' })),
        ...refundsToday.map((due) => ({ ...due, kind: 'refund' })),
      ];
      todo.sort((a, b) => a.at - b.at);
      for (let first = 0; first < todo.length; first += batch) {
        const slice = todo.slice(first, first + batch);
        await database.em().transactional(async (em) => {
          await execute(em, "select set_config('bench.recorded_at', ?, true)", [
            new Date(slice.at(-1).at).toISOString(),
          ]);
          for (const item of slice) {
            const { shop } = item;
            if (item.kind === 'refund') {
              const done = await append(em, item.orderId, item.version, item.commands, item.state, null);
              counts.events += done.events;
              counts.refunds += 1;
              shop.refunds += 1;
              shop.refundedAgorot += item.agorot;
              continue;
            }
            const life = orderLife(next, shop, ++shop.numbered, item.at);
            if (life.pickup) {
              // The slot's row, as the checkout makes it with the café's capacity before placing (decision 050).
              await execute(
                em,
                `insert into pickup_slots (business_id, pickup_at, capacity, taken) values (?, ?, 50, 0)
                   on conflict (business_id, pickup_at) do nothing`,
                [shop.phone, life.pickup],
              );
            }
            const paid = await append(em, life.orderId, 0, life.paid, orderDecider.initialState(), shop.phone);
            counts.events += paid.events;
            counts.paidOrders += 1;
            if (life.pickup) counts.pickupsAhead += 1;
            shop.orders += 1;
            shop.paidAgorot += life.paidAgorot;
            shop.commissionAgorot += life.commissionAgorot;
            if (life.refund) {
              dueRefunds.push({
                at: life.refund.at,
                shop,
                orderId: life.orderId,
                version: paid.events,
                commands: life.refund.commands,
                state: paid.state,
                agorot: life.refund.agorot,
              });
            }
          }
        });
      }
      if (day % 30 === 29) log(`  day ${day + 1} of ${scale.days}: ${counts.paidOrders} paid orders`);
    }
  } finally {
    await execute(database.em(), 'alter table events alter column recorded_at set default now()');
  }
  const [first] = shops.map((shop) => shop.days.find((day) => day.weight > 0)).filter(Boolean);
  return {
    ...counts,
    from: israelDateOf(first?.date ?? new Date()),
    to: israelDateOf(new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)),
    cafes: shops
      .map((shop) => ({
        phone: shop.phone,
        departmentId: shop.departmentId,
        orders: shop.orders,
        refunds: shop.refunds,
        paidAgorot: shop.paidAgorot,
        refundedAgorot: shop.refundedAgorot,
        commissionAgorot: shop.commissionAgorot,
        products: shop.products.map(({ id, priceAgorot }) => ({ id, priceAgorot })),
      }))
      .sort((a, b) => b.orders - a.orders),
  };
}

/**
 * The generator's own sums against the read models built from the log: every café's paid orders, their money and
 * their refunds, and gapless invoice numbers 1..n. A bulk write that drifted from the product stops here.
 */
export async function verify(database, written, query) {
  const rows = await query(
    database.em(),
    `select business_id, count(*)::int as orders, count(distinct invoice_number)::int as invoices,
            max(invoice_number::int) as last_invoice, sum(round(total_amount * 100))::bigint::text as paid,
            sum(round(refunded_amount * 100))::bigint::text as refunded
       from orders where payment_status = 'paid' group by business_id`,
  );
  const byPhone = new Map(rows.map((row) => [row.business_id, row]));
  for (const cafe of written.cafes) {
    const row = byPhone.get(cafe.phone) ?? { orders: 0, invoices: 0, last_invoice: 0, paid: '0', refunded: '0' };
    const expected = { orders: cafe.orders, paid: cafe.paidAgorot, refunded: cafe.refundedAgorot };
    const found = { orders: row.orders, paid: Number(row.paid ?? 0), refunded: Number(row.refunded ?? 0) };
    if (
      JSON.stringify(found) !== JSON.stringify(expected) ||
      row.invoices !== cafe.orders ||
      Number(row.last_invoice ?? 0) !== cafe.orders
    ) {
      throw new Error(
        `café ${cafe.phone}: the orders hold ${JSON.stringify(row)}, written ${JSON.stringify(expected)}`,
      );
    }
  }
  const [numbers] = await query(database.em(), 'select count(*)::int as orders from numbers_orders');
  if (numbers.orders !== written.paidOrders) {
    throw new Error(`the numbers read model holds ${numbers.orders} orders, ${written.paidOrders} were paid`);
  }
  return "checked: every café's paid orders, money, refunds and gapless invoice numbers match what was written";
}
