// The numbers page's plots (visx). Right to left, as the monthly report's chart: the first period at the right, the
// value axis on the right too. Each SVG is one image with a name and a title; the same figures are in the table beside
// it (numbers-plot.tsx), so nothing here needs to be read by a screen reader bar by bar.
import { formatShekels } from '@tafrit/contracts/money';
import { AxisBottom, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { niceMax } from '@/lib/nice-max';
import { useElementWidth } from '@/lib/use-element-width';

const AXIS = { stroke: 'var(--color-line)', tickStroke: 'var(--color-line)' };
const TICK_LABEL = { fill: 'var(--color-muted)', fontSize: 12 };

export type ValueKind = 'money' | 'count';
const axisText = (kind: ValueKind, value: number) =>
  kind === 'money' ? `₪${Math.round(value).toLocaleString('en-US')}` : Math.round(value).toLocaleString('en-US');
export const valueText = (kind: ValueKind, value: number) =>
  kind === 'money' ? formatShekels(value) : value.toLocaleString('en-US');

function Svg({
  label,
  width,
  height,
  testId,
  children,
}: {
  label: string;
  width: number;
  height: number;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      // Laid out by hand: the page's right-to-left direction must not re-anchor the labels.
      direction="ltr"
      className="block max-w-full"
      data-testid={testId}
    >
      <title>{label}</title>
      {children}
    </svg>
  );
}

export interface BarDatum {
  key: string;
  tick: string;
  /** Agorot for money, a count otherwise. */
  value: number;
}

/** Vertical bars, the first datum at the right. Ticks thin out so a year of days stays readable on a phone. */
export function BarChart({
  label,
  data,
  kind,
  testId,
}: {
  label: string;
  data: BarDatum[];
  kind: ValueKind;
  testId: string;
}) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const height = 240;
  const margin = { top: 12, bottom: 32, start: 8, axis: 72 };
  const values = data.map((datum) => (kind === 'money' ? datum.value / 100 : datum.value));
  const innerWidth = Math.max(width - margin.start - margin.axis, 50);
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleBand<string>({ domain: data.map((datum) => datum.key), range: [innerWidth, 0], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, niceMax(Math.max(0, ...values))], range: [innerHeight, 0] });
  const room = Math.max(Math.floor(innerWidth / 56), 1);
  const every = Math.max(Math.ceil(data.length / room), 1);
  const ticks = data.filter((_, index) => index % every === 0).map((datum) => datum.key);
  const tickOf = new Map(data.map((datum) => [datum.key, datum.tick]));
  return (
    <div ref={ref} className="w-full">
      <Svg label={label} width={width} height={height} testId={testId}>
        <Group top={margin.top} left={margin.start}>
          {data.map((datum, index) => {
            const barY = y(Math.max(values[index] ?? 0, 0));
            return (
              <Bar
                key={datum.key}
                x={x(datum.key) ?? 0}
                y={barY}
                width={x.bandwidth()}
                height={Math.max(innerHeight - barY, 0)}
                className="fill-brand-700"
                rx={2}
              >
                <title>{`${datum.tick}: ${valueText(kind, datum.value)}`}</title>
              </Bar>
            );
          })}
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={ticks}
            tickFormat={(key) => tickOf.get(key) ?? key}
            {...AXIS}
            tickLabelProps={{ ...TICK_LABEL, textAnchor: 'middle' }}
          />
          <AxisRight
            left={innerWidth}
            scale={y}
            numTicks={4}
            tickFormat={(value) => axisText(kind, Number(value))}
            {...AXIS}
            tickLabelProps={{ ...TICK_LABEL, textAnchor: 'start', dx: 4, dy: 4 }}
          />
        </Group>
      </Svg>
    </div>
  );
}

/** Horizontal bars with their names at the right, growing leftwards: a ranking, first at the top. */
export function RankChart({
  label,
  data,
  kind,
  testId,
}: {
  label: string;
  data: BarDatum[];
  kind: ValueKind;
  testId: string;
}) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const row = 28;
  const height = Math.max(data.length * row + 8, 40);
  const nameWidth = Math.min(160, Math.round(width * 0.4));
  const valueWidth = 72;
  const barSpace = Math.max(width - nameWidth - valueWidth - 8, 40);
  const x = scaleLinear<number>({
    domain: [0, Math.max(1, ...data.map((datum) => datum.value))],
    range: [0, barSpace],
  });
  return (
    <div ref={ref} className="w-full">
      <Svg label={label} width={width} height={height} testId={testId}>
        {data.map((datum, index) => {
          const length = x(Math.max(datum.value, 0));
          const top = index * row + 4;
          return (
            <g key={datum.key}>
              <text
                x={width - 4}
                y={top + row / 2 + 4}
                textAnchor="start"
                direction="rtl"
                fontSize={13}
                fill="var(--color-ink)"
              >
                {datum.tick.length > 18 ? `${datum.tick.slice(0, 17)}…` : datum.tick}
              </text>
              <Bar
                x={width - nameWidth - length}
                y={top + 4}
                width={length}
                height={row - 10}
                className="fill-brand-700"
                rx={2}
              >
                <title>{`${datum.tick}: ${valueText(kind, datum.value)}`}</title>
              </Bar>
              <text
                x={width - nameWidth - length - 6}
                y={top + row / 2 + 4}
                textAnchor="end"
                fontSize={12}
                fill="var(--color-muted)"
              >
                {valueText(kind, datum.value)}
              </text>
            </g>
          );
        })}
      </Svg>
    </div>
  );
}

/** The weekday by hour grid: rows Sunday to Saturday, hour 0 at the right; the darker, the busier. */
export function HourGrid({
  label,
  cells,
  weekdays,
  cellTitle,
  testId,
}: {
  label: string;
  cells: { weekday: number; hour: number; orders: number }[];
  weekdays: readonly string[];
  cellTitle: (weekday: number, hour: number, orders: number) => string;
  testId: string;
}) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const nameWidth = 56;
  const bottom = 22;
  const cell = Math.max(Math.floor((width - nameWidth - 4) / 24), 8);
  const height = cell * 7 + bottom;
  const most = Math.max(1, ...cells.map((entry) => entry.orders));
  const every = cell < 20 ? 3 : 1;
  return (
    <div ref={ref} className="w-full">
      <Svg label={label} width={width} height={height} testId={testId}>
        {cells.map((entry) => {
          const x = width - nameWidth - (entry.hour + 1) * cell;
          return (
            <rect
              key={`${entry.weekday}:${entry.hour}`}
              x={x}
              y={entry.weekday * cell}
              width={cell - 2}
              height={cell - 2}
              rx={2}
              className={entry.orders === 0 ? 'fill-line/40' : 'fill-brand-700'}
              fillOpacity={entry.orders === 0 ? 1 : 0.15 + (0.85 * entry.orders) / most}
            >
              <title>{cellTitle(entry.weekday, entry.hour, entry.orders)}</title>
            </rect>
          );
        })}
        {weekdays.map((name, weekday) => (
          <text
            key={name}
            x={width - 4}
            y={weekday * cell + cell / 2 + 4}
            textAnchor="start"
            direction="rtl"
            fontSize={12}
            fill="var(--color-ink)"
          >
            {name}
          </text>
        ))}
        {Array.from({ length: 24 }, (_, hour) => hour)
          .filter((hour) => hour % every === 0)
          .map((hour) => (
            <text
              key={hour}
              x={width - nameWidth - hour * cell - cell / 2}
              y={7 * cell + 14}
              textAnchor="middle"
              fontSize={11}
              fill="var(--color-muted)"
            >
              {String(hour).padStart(2, '0')}
            </text>
          ))}
      </Svg>
    </div>
  );
}

/** Two running totals, day of month by day of month (day 1 at the right): this month solid, the one before dashed. */
export function MonthsChart({
  label,
  days,
  names,
  testId,
}: {
  label: string;
  days: { day: number; current: number | null; previous: number | null }[];
  names: { current: string; previous: string };
  testId: string;
}) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const height = 240;
  const margin = { top: 12, bottom: 32, start: 8, axis: 80 };
  const innerWidth = Math.max(width - margin.start - margin.axis, 50);
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleLinear<number>({ domain: [1, 31], range: [innerWidth, 0] });
  const top = Math.max(0, ...days.flatMap((day) => [day.current ?? 0, day.previous ?? 0])) / 100;
  const y = scaleLinear<number>({ domain: [0, niceMax(top)], range: [innerHeight, 0] });
  const series = (pick: 'current' | 'previous') =>
    days.filter((day) => day[pick] !== null).map((day) => ({ day: day.day, value: (day[pick] ?? 0) / 100 }));
  return (
    <div ref={ref} className="w-full">
      <Svg label={label} width={width} height={height} testId={testId}>
        <Group top={margin.top} left={margin.start}>
          <LinePath
            data={series('previous')}
            x={(point) => x(point.day)}
            y={(point) => y(point.value)}
            stroke="var(--color-muted)"
            strokeWidth={2}
            strokeDasharray="6 4"
          >
            {/* visx draws the path itself; its name is in the legend below. */}
          </LinePath>
          <LinePath
            data={series('current')}
            x={(point) => x(point.day)}
            y={(point) => y(point.value)}
            className="stroke-brand-700"
            strokeWidth={3}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={[1, 5, 10, 15, 20, 25, 30]}
            tickFormat={(value) => String(value)}
            {...AXIS}
            tickLabelProps={{ ...TICK_LABEL, textAnchor: 'middle' }}
          />
          <AxisRight
            left={innerWidth}
            scale={y}
            numTicks={4}
            tickFormat={(value) => axisText('money', Number(value))}
            {...AXIS}
            tickLabelProps={{ ...TICK_LABEL, textAnchor: 'start', dx: 4, dy: 4 }}
          />
        </Group>
      </Svg>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm text-muted" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block h-1 w-6 bg-brand-700" />
          <bdi>{names.current}</bdi>
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-0 w-6 border-t-2 border-dashed border-muted" />
          <bdi>{names.previous}</bdi>
        </li>
      </ul>
    </div>
  );
}
