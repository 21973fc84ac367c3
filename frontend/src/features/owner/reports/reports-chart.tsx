// The month's daily sales as bars (visx). Right to left: day 1 is at the right, the amount axis on the right too.
// The SVG is one image with a name and a title; the same numbers are in a table below it for screen readers and for
// anyone who prefers reading to looking.
import type { ReportDay } from '@tafrit/contracts/ordering-types';
import { formatShekels } from '@tafrit/contracts/money';
import { AxisBottom, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { niceMax } from '@/lib/nice-max';
import { useElementWidth } from '@/lib/use-element-width';
import { heOwner } from '@/i18n/he-owner';
import { dayOfMonth, decimalToAgorot, shekelsText } from './reports-format';

const t = heOwner.reports;

const HEIGHT = 260;
// Physical SVG coordinates (the drawing is mirrored by the scales, not by CSS).
const MARGIN = { top: 12, bottom: 32, start: 12, axis: 64 };

export function DailySalesChart({ days, monthName }: { days: ReportDay[]; monthName: string }) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const values = days.map((day) => ({ ...day, agorot: decimalToAgorot(day.totalAmount) ?? 0 }));
  const maxShekels = niceMax(Math.max(0, ...values.map((day) => day.agorot)) / 100);

  const innerWidth = Math.max(width - MARGIN.start - MARGIN.axis, 50);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  // Day 1 at the right: the band scale's range runs from right to left.
  const x = scaleBand<string>({ domain: days.map((day) => day.date), range: [innerWidth, 0], padding: 0.25 });
  const y = scaleLinear<number>({ domain: [0, maxShekels], range: [innerHeight, 0] });
  const label = t.chartLabel(monthName);
  // Every day's number would crowd a phone: a tick every few days, always day 1.
  const every = width < 480 ? 5 : width < 800 ? 3 : 1;
  const tickDays = days.map((day) => day.date).filter((date) => (dayOfMonth(date) - 1) % every === 0);

  return (
    <div>
      <div ref={ref} className="w-full">
        <svg
          role="img"
          aria-label={label}
          width={width}
          height={HEIGHT}
          // The drawing is laid out by hand; the page's right-to-left direction must not re-anchor its labels.
          direction="ltr"
          className="block max-w-full"
          data-testid="daily-sales-chart"
        >
          <title>{label}</title>
          <Group top={MARGIN.top} left={MARGIN.start}>
            {values.map((day) => {
              const barX = x(day.date) ?? 0;
              const barY = y(day.agorot / 100);
              return (
                <Bar
                  key={day.date}
                  x={barX}
                  y={barY}
                  width={x.bandwidth()}
                  height={Math.max(innerHeight - barY, 0)}
                  className="fill-brand-700"
                  rx={2}
                >
                  <title>{`${dayOfMonth(day.date)}: ${formatShekels(day.agorot)}`}</title>
                </Bar>
              );
            })}
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={tickDays}
              tickFormat={(date) => String(dayOfMonth(date))}
              stroke="var(--color-line)"
              tickStroke="var(--color-line)"
              tickLabelProps={{ fill: 'var(--color-muted)', fontSize: 12, textAnchor: 'middle' }}
            />
            <AxisRight
              left={innerWidth}
              scale={y}
              numTicks={4}
              tickFormat={(value) => `₪${Number(value).toLocaleString('en-US')}`}
              stroke="var(--color-line)"
              tickStroke="var(--color-line)"
              tickLabelProps={{ fill: 'var(--color-muted)', fontSize: 12, textAnchor: 'start', dx: 4, dy: 4 }}
            />
          </Group>
        </svg>
      </div>
      <details className="mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-700 underline">
          {t.chartTable}
        </summary>
        <table className="mt-2 w-full text-start text-sm" data-testid="daily-sales-table">
          <caption className="sr-only">{label}</caption>
          <thead>
            <tr className="border-b border-line text-muted">
              <th scope="col" className="py-1 text-start font-medium">
                {t.chartDay}
              </th>
              <th scope="col" className="py-1 text-start font-medium">
                {t.chartOrders}
              </th>
              <th scope="col" className="py-1 text-start font-medium">
                {t.chartAmount}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-b border-line/60">
                <th scope="row" className="py-1 text-start font-normal">
                  <bdi>{`${String(dayOfMonth(day.date)).padStart(2, '0')}/${day.date.slice(5, 7)}`}</bdi>
                </th>
                <td className="py-1">
                  <bdi>{day.totalOrders}</bdi>
                </td>
                <td className="py-1">
                  <bdi dir="ltr">{shekelsText(day.totalAmount)}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
