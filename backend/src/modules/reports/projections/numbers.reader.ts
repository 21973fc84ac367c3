import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  NumbersHours,
  NumbersItem,
  NumbersMonths,
  NumbersPeriod,
  NumbersProducts,
  NumbersPromos,
  NumbersRange,
  NumbersSales,
  NumbersSourceChannel,
  NumbersSources,
} from '@tafrit/contracts';
import { query } from '../../../platform/database/sql.js';

/**
 * The numbers page's figures, read from the `numbers` projection's aggregates only (decision 053): a year's range
 * reads at most 365 × 24 hour rows or 365 × items rows, whatever the number of orders. Every read is of one business.
 * Sales are after refunds; bigint sums arrive as strings and are read back as numbers (well inside 2^53 agorot).
 */
export class NumbersReader {
  async sales(em: EntityManager, businessId: string, { from, to }: NumbersRange): Promise<NumbersSales> {
    const rows = await query<{
      date: string;
      orders: string;
      sales: string;
      refunded: string;
      table_orders: string;
      table_sales: string;
    }>(
      em,
      `select to_char(day, 'YYYY-MM-DD') as date, sum(orders) as orders, sum(sales_agorot - refunded_agorot) as sales,
              sum(refunded_agorot) as refunded, sum(table_orders) as table_orders,
              sum(table_sales_agorot) as table_sales
         from numbers_hours where business_id = ? and day between ?::date and ?::date
        group by day order by day`,
      [businessId, from, to],
    );
    const byDate = new Map(rows.map((row) => [row.date, row]));
    const days: NumbersPeriod[] = datesBetween(from, to).map((date) => {
      const row = byDate.get(date);
      return { date, orders: Number(row?.orders ?? 0), salesAgorot: Number(row?.sales ?? 0) };
    });
    const weeks = new Map<string, NumbersPeriod>();
    for (const day of days) {
      const week = sundayOf(day.date);
      const sum = weeks.get(week) ?? { date: week, orders: 0, salesAgorot: 0 };
      sum.orders += day.orders;
      sum.salesAgorot += day.salesAgorot;
      weeks.set(week, sum);
    }
    const total = (pick: (row: (typeof rows)[number]) => string) =>
      rows.reduce((sum, row) => sum + Number(pick(row)), 0);
    const orders = total((row) => row.orders);
    const salesAgorot = total((row) => row.sales);
    const tableOrders = total((row) => row.table_orders);
    const tableSales = total((row) => row.table_sales);
    return {
      from,
      to,
      totals: {
        orders,
        salesAgorot,
        refundedAgorot: total((row) => row.refunded),
        averageOrderAgorot: orders === 0 ? 0 : Math.round(salesAgorot / orders),
      },
      days,
      weeks: [...weeks.values()],
      service: [
        { kind: 'table', orders: tableOrders, salesAgorot: tableSales },
        { kind: 'pickup', orders: orders - tableOrders, salesAgorot: salesAgorot - tableSales },
      ],
    };
  }

  /** The weekday by hour grid: every one of the 168 cells, empty ones as zero. */
  async hours(em: EntityManager, businessId: string, { from, to }: NumbersRange): Promise<NumbersHours> {
    const rows = await query<{ weekday: number; hour: number; orders: string }>(
      em,
      `select extract(dow from day)::int as weekday, hour, sum(orders) as orders
         from numbers_hours where business_id = ? and day between ?::date and ?::date
        group by 1, 2`,
      [businessId, from, to],
    );
    const byCell = new Map(rows.map((row) => [`${row.weekday}:${row.hour}`, Number(row.orders)]));
    const cells: NumbersHours['cells'] = [];
    for (let weekday = 0; weekday < 7; weekday += 1)
      for (let hour = 0; hour < 24; hour += 1)
        cells.push({ weekday, hour, orders: byCell.get(`${weekday}:${hour}`) ?? 0 });
    return { cells };
  }

  /** Every product and option sold in the range, most units first (ties: more sales, then the name). */
  async products(em: EntityManager, businessId: string, { from, to }: NumbersRange): Promise<NumbersProducts> {
    const rows = await query<{
      product_id: number;
      option_id: string;
      name: string;
      group_name: string;
      product_name: string;
      quantity: string;
      sales: string;
    }>(
      em,
      // Summed first, then each item's names read from its last day in the range (one key lookup per item): a
      // product renamed during the year shows its newer name, without sorting a year of names per item.
      `with sums as (
         select product_id, option_id, sum(quantity) as quantity, sum(sales_agorot) as sales, max(day) as last_day
           from numbers_items where business_id = ? and day between ?::date and ?::date
          group by product_id, option_id
       )
       select s.product_id, s.option_id, i.name, i.group_name, i.product_name, s.quantity, s.sales
         from sums s join numbers_items i
           on i.business_id = ? and i.day = s.last_day and i.product_id = s.product_id and i.option_id = s.option_id
        order by s.quantity desc, s.sales desc, s.product_id, s.option_id`,
      [businessId, from, to, businessId],
    );
    const items: NumbersItem[] = rows.map((row) => ({
      productId: Number(row.product_id),
      optionId: row.option_id,
      name: row.name,
      groupName: row.group_name,
      productName: row.product_name,
      quantity: Number(row.quantity),
      salesAgorot: Number(row.sales),
    }));
    return {
      products: items.filter((item) => item.optionId === ''),
      options: items.filter((item) => item.optionId !== ''),
    };
  }

  /** Where the range's paid orders came from: each channel and tag, most orders first ('unknown': not recorded). */
  async sources(em: EntityManager, businessId: string, { from, to }: NumbersRange): Promise<NumbersSources> {
    const rows = await query<{ channel: NumbersSourceChannel; tag: string; orders: string; sales: string }>(
      em,
      `select channel, tag, sum(orders) as orders, sum(sales_agorot - refunded_agorot) as sales
         from numbers_sources where business_id = ? and day between ?::date and ?::date
        group by channel, tag having sum(orders) > 0
        order by 3 desc, 4 desc, channel, tag`,
      [businessId, from, to],
    );
    return {
      sources: rows.map((row) => ({
        channel: row.channel,
        tag: row.tag,
        orders: Number(row.orders),
        salesAgorot: Number(row.sales),
      })),
    };
  }

  /** Each promo code used in the range against the orders without one (the range's totals less the codes'). */
  async promos(em: EntityManager, businessId: string, range: NumbersRange): Promise<NumbersPromos> {
    const rows = await query<{ code: string; orders: string; sales: string; discount: string }>(
      em,
      `select code, sum(orders) as orders, sum(sales_agorot - refunded_agorot) as sales,
              sum(discount_agorot) as discount
         from numbers_promos where business_id = ? and day between ?::date and ?::date
        group by code having sum(orders) > 0
        order by 2 desc, 3 desc, code`,
      [businessId, range.from, range.to],
    );
    const [all] = await query<{ orders: string | null; sales: string | null }>(
      em,
      `select sum(orders) as orders, sum(sales_agorot - refunded_agorot) as sales
         from numbers_hours where business_id = ? and day between ?::date and ?::date`,
      [businessId, range.from, range.to],
    );
    const average = (sales: number, orders: number) => (orders === 0 ? 0 : Math.round(sales / orders));
    const codes = rows.map((row) => ({
      code: row.code,
      orders: Number(row.orders),
      salesAgorot: Number(row.sales),
      discountAgorot: Number(row.discount),
      averageOrderAgorot: average(Number(row.sales), Number(row.orders)),
    }));
    const orders = Number(all?.orders ?? 0) - codes.reduce((sum, code) => sum + code.orders, 0);
    const salesAgorot = Number(all?.sales ?? 0) - codes.reduce((sum, code) => sum + code.salesAgorot, 0);
    return { codes, withoutCode: { orders, salesAgorot, averageOrderAgorot: average(salesAgorot, orders) } };
  }

  /** The Israel month of `to` against the month before: totals and sales to date, day of month by day of month. */
  async months(em: EntityManager, businessId: string, { to }: NumbersRange): Promise<NumbersMonths> {
    const current = to.slice(0, 7);
    const previous = previousMonth(current);
    const rows = await query<{ date: string; orders: string; sales: string }>(
      em,
      `select to_char(day, 'YYYY-MM-DD') as date, sum(orders) as orders, sum(sales_agorot - refunded_agorot) as sales
         from numbers_hours where business_id = ? and day between ?::date and ?::date
        group by day`,
      [businessId, `${previous}-01`, `${current}-${String(daysOfMonth(current)).padStart(2, '0')}`],
    );
    const sums = { [current]: { orders: 0, sales: 0 }, [previous]: { orders: 0, sales: 0 } };
    const byDay = { [current]: new Array<number>(32).fill(0), [previous]: new Array<number>(32).fill(0) };
    for (const row of rows) {
      const month = row.date.slice(0, 7);
      const sum = sums[month];
      const days = byDay[month];
      if (!sum || !days) continue;
      sum.orders += Number(row.orders);
      sum.sales += Number(row.sales);
      days[Number(row.date.slice(8, 10))] = Number(row.sales);
    }
    const running = (month: string) => {
      const length = daysOfMonth(month);
      let sum = 0;
      return Array.from({ length: 31 }, (_, index) => {
        if (index + 1 > length) return null;
        sum += byDay[month]![index + 1]!;
        return sum;
      });
    };
    const currentRunning = running(current);
    const previousRunning = running(previous);
    return {
      current: { month: current, orders: sums[current]!.orders, salesAgorot: sums[current]!.sales },
      previous: { month: previous, orders: sums[previous]!.orders, salesAgorot: sums[previous]!.sales },
      days: Array.from({ length: 31 }, (_, index) => ({
        day: index + 1,
        current: currentRunning[index] ?? null,
        previous: previousRunning[index] ?? null,
      })),
    };
  }
}

/** Every calendar date from `from` to `to`, both included (UTC midnights: calendar arithmetic, no time zone). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000)
    dates.push(new Date(day).toISOString().slice(0, 10));
  return dates;
}

/** The Sunday that starts an Israel week, for a calendar date. */
export function sundayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return new Date(day.getTime() - day.getUTCDay() * 86_400_000).toISOString().slice(0, 10);
}

function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

function daysOfMonth(month: string): number {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).getUTCDate();
}
