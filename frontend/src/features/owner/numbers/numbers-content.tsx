// The numbers page's plots for one range: six data requests (sales, hours, products, months, where the orders came
// from, promo codes), each plot with its table and CSV (decision 053).
import {
  NUMBERS_SOURCE_CHANNELS_HE,
  type NumbersItem,
  type NumbersRange,
  WEEKDAYS_HE,
} from '@tafrit/contracts/http/numbers.schemas';
import { formatShekels } from '@tafrit/contracts/money';
import { heOwnerNumbers } from '@/i18n/he-owner-numbers';
import { useNumbers } from '../shared/api/numbers';
import { errorDescription } from '../shared/errors';
import { BarChart, HourGrid, MonthsChart, RankChart } from './numbers-charts';
import { PlotCard } from './numbers-plot';
import { slashDate, slashMonth } from './numbers-range';

const t = heOwnerNumbers;
const c = t.columns;
const money = (agorot: number) => formatShekels(agorot);
/** The most and least sold: ten each, so a long menu stays readable on a phone (the tables have them all). */
const RANKED = 10;
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function NumbersContent({ range }: { range: NumbersRange }) {
  const sales = useNumbers('sales', range);
  const hours = useNumbers('hours', range);
  const products = useNumbers('products', range);
  const months = useNumbers('months', range);
  const sources = useNumbers('sources', range);
  const promos = useNumbers('promos', range);
  const queries = [sales, hours, products, months, sources, promos];
  const failed = queries.find((query) => query.isError);
  if (failed) {
    return (
      <div role="alert" className="mt-8 rounded-lg border border-danger p-4">
        <p className="font-medium text-danger">{t.error}</p>
        <p className="mt-1 text-muted">{errorDescription(failed.error)}</p>
        <button
          type="button"
          className="mt-3 min-h-11 font-medium text-brand-700 underline"
          onClick={() => queries.forEach((query) => void query.refetch())}
        >
          {t.retry}
        </button>
      </div>
    );
  }
  if (!sales.data || !hours.data || !products.data || !months.data || !sources.data || !promos.data) {
    return (
      <p role="status" className="mt-8 text-muted">
        {t.loading}
      </p>
    );
  }
  const { totals, days, weeks, service } = sales.data;
  const ranked = (items: NumbersItem[]) =>
    items.map((item) => ({ key: `${item.productId}:${item.optionId}`, tick: item.name, value: item.quantity }));
  const least = [...products.data.products].reverse().slice(0, RANKED);
  const sourceName = (channel: keyof typeof NUMBERS_SOURCE_CHANNELS_HE, tag: string) =>
    tag ? `${NUMBERS_SOURCE_CHANNELS_HE[channel]} (${tag})` : NUMBERS_SOURCE_CHANNELS_HE[channel];
  const { codes, withoutCode } = promos.data;
  const monthNames = {
    current: slashMonth(months.data.current.month),
    previous: slashMonth(months.data.previous.month),
  };
  return (
    <div data-testid="numbers-content">
      <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4" aria-label={t.totals.title}>
        {[
          [t.totals.orders, totals.orders.toLocaleString('en-US')],
          [t.totals.sales, money(totals.salesAgorot)],
          [t.totals.average, money(totals.averageOrderAgorot)],
          [t.totals.refunded, money(totals.refundedAgorot)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-line bg-surface p-4">
            <dt className="text-sm font-medium text-muted">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink">
              <bdi dir="ltr">{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {totals.orders === 0 ? (
        <p className="mt-6 text-lg text-muted" data-testid="numbers-empty">
          {t.empty}
        </p>
      ) : null}

      <PlotCard
        title={t.plots.days}
        plot="days"
        range={range}
        columns={[{ header: c.date, ltr: true }, { header: c.orders }, { header: c.sales, ltr: true }]}
        rows={
          totals.orders === 0
            ? []
            : days.map((day) => [slashDate(day.date), String(day.orders), money(day.salesAgorot)])
        }
      >
        <BarChart
          label={t.plots.days}
          testId="numbers-days-chart"
          kind="money"
          data={days.map((day) => ({
            key: day.date,
            tick: `${day.date.slice(8, 10)}/${day.date.slice(5, 7)}`,
            value: day.salesAgorot,
          }))}
        />
      </PlotCard>

      <PlotCard
        title={t.plots.weeks}
        plot="weeks"
        range={range}
        columns={[{ header: c.week, ltr: true }, { header: c.orders }, { header: c.sales, ltr: true }]}
        rows={
          totals.orders === 0
            ? []
            : weeks.map((week) => [slashDate(week.date), String(week.orders), money(week.salesAgorot)])
        }
      >
        <BarChart
          label={t.plots.weeks}
          testId="numbers-weeks-chart"
          kind="money"
          data={weeks.map((week) => ({
            key: week.date,
            tick: `${week.date.slice(8, 10)}/${week.date.slice(5, 7)}`,
            value: week.salesAgorot,
          }))}
        />
      </PlotCard>

      <PlotCard
        title={t.plots.best}
        plot="products"
        range={range}
        columns={[{ header: c.product }, { header: c.units }, { header: c.sales, ltr: true }]}
        rows={products.data.products.map((item) => [item.name, String(item.quantity), money(item.salesAgorot)])}
      >
        <RankChart
          label={t.plots.best}
          testId="numbers-best-chart"
          kind="count"
          data={ranked(products.data.products.slice(0, RANKED))}
        />
      </PlotCard>

      <PlotCard
        title={t.plots.least}
        range={range}
        columns={[{ header: c.product }, { header: c.units }, { header: c.sales, ltr: true }]}
        rows={least.map((item) => [item.name, String(item.quantity), money(item.salesAgorot)])}
      >
        <RankChart label={t.plots.least} testId="numbers-least-chart" kind="count" data={ranked(least)} />
      </PlotCard>

      <PlotCard
        title={t.plots.options}
        plot="options"
        range={range}
        columns={[
          { header: c.option },
          { header: c.group },
          { header: c.product },
          { header: c.units },
          { header: c.sales, ltr: true },
        ]}
        rows={products.data.options.map((item) => [
          item.name,
          item.groupName,
          item.productName,
          String(item.quantity),
          money(item.salesAgorot),
        ])}
      >
        <RankChart
          label={t.plots.options}
          testId="numbers-options-chart"
          kind="count"
          data={ranked(products.data.options.slice(0, RANKED))}
        />
      </PlotCard>

      <PlotCard
        title={t.plots.hours}
        plot="hours"
        range={range}
        columns={[
          { header: c.weekday },
          ...Array.from({ length: 24 }, (_, hour) => ({ header: hourText(hour), ltr: true })),
        ]}
        rows={
          totals.orders === 0
            ? []
            : WEEKDAYS_HE.map((name, weekday) => [
                name,
                ...hours.data.cells.filter((cell) => cell.weekday === weekday).map((cell) => String(cell.orders)),
              ])
        }
      >
        <HourGrid
          label={t.plots.hours}
          testId="numbers-hours-chart"
          cells={hours.data.cells}
          weekdays={WEEKDAYS_HE}
          cellTitle={(weekday, hour, orders) => `${WEEKDAYS_HE[weekday]} ${hourText(hour)}: ${orders} ${t.ordersWord}`}
        />
      </PlotCard>

      <PlotCard
        title={t.plots.service}
        plot="service"
        range={range}
        columns={[
          { header: c.kind },
          { header: c.orders },
          { header: c.sales, ltr: true },
          { header: c.average, ltr: true },
        ]}
        rows={
          totals.orders === 0
            ? []
            : service.map((row) => [
                t.service[row.kind],
                String(row.orders),
                money(row.salesAgorot),
                money(row.orders === 0 ? 0 : Math.round(row.salesAgorot / row.orders)),
              ])
        }
      >
        <RankChart
          label={t.plots.service}
          testId="numbers-service-chart"
          kind="money"
          data={service.map((row) => ({ key: row.kind, tick: t.service[row.kind], value: row.salesAgorot }))}
        />
      </PlotCard>

      <PlotCard
        title={t.plots.months}
        plot="months"
        range={range}
        columns={[
          { header: c.dayOfMonth },
          { header: `${t.toDate} ${monthNames.current}`, ltr: true },
          { header: `${t.toDate} ${monthNames.previous}`, ltr: true },
        ]}
        rows={
          months.data.current.orders + months.data.previous.orders === 0
            ? []
            : months.data.days.map((day) => [
                String(day.day),
                day.current === null ? '' : money(day.current),
                day.previous === null ? '' : money(day.previous),
              ])
        }
      >
        <MonthsChart label={t.plots.months} testId="numbers-months-chart" days={months.data.days} names={monthNames} />
      </PlotCard>

      <PlotCard
        title={t.plots.sources}
        plot="sources"
        range={range}
        columns={[
          { header: c.source },
          { header: c.tag, ltr: true },
          { header: c.orders },
          { header: c.sales, ltr: true },
        ]}
        rows={sources.data.sources.map((row) => [
          NUMBERS_SOURCE_CHANNELS_HE[row.channel],
          row.tag,
          String(row.orders),
          money(row.salesAgorot),
        ])}
      >
        <RankChart
          label={t.plots.sources}
          testId="numbers-sources-chart"
          kind="count"
          data={sources.data.sources.map((row) => ({
            key: `${row.channel}:${row.tag}`,
            tick: sourceName(row.channel, row.tag),
            value: row.orders,
          }))}
        />
      </PlotCard>

      {/* Each code's average order against the orders without one: its effect; its cost is the discount column. */}
      <PlotCard
        title={t.plots.promos}
        plot="promos"
        range={range}
        emptyText={t.noPromos}
        columns={[
          { header: c.code },
          { header: c.orders },
          { header: c.salesAfterDiscount, ltr: true },
          { header: c.discount, ltr: true },
          { header: c.average, ltr: true },
        ]}
        rows={
          codes.length === 0
            ? []
            : [
                ...codes.map((row) => [
                  row.code,
                  String(row.orders),
                  money(row.salesAgorot),
                  money(row.discountAgorot),
                  money(row.averageOrderAgorot),
                ]),
                [
                  t.withoutCode,
                  String(withoutCode.orders),
                  money(withoutCode.salesAgorot),
                  money(0),
                  money(withoutCode.averageOrderAgorot),
                ],
              ]
        }
      >
        <RankChart
          label={t.plots.promos}
          testId="numbers-promos-chart"
          kind="money"
          data={[
            ...codes.map((row) => ({ key: row.code, tick: row.code, value: row.averageOrderAgorot })),
            { key: '', tick: t.withoutCode, value: withoutCode.averageOrderAgorot },
          ]}
        />
      </PlotCard>
    </div>
  );
}
