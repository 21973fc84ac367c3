// The range picker's presets, in Israel dates: what "this month" or "the last 30 days" means is decided by Israel's
// calendar, not the device's time zone. Calendar arithmetic on UTC midnights, no time zone involved after that.
import { daysInRange, NUMBERS_MAX_RANGE_DAYS, type NumbersRange } from '@tafrit/contracts/http/numbers.schemas';
import { israelDateOf } from '@tafrit/contracts/months';

export const PRESETS = ['thisMonth', 'lastMonth', 'last30', 'thisYear', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

const DAY_MS = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The range of a preset on the Israel date of `now` ('custom' keeps `custom`). */
export function presetRange(preset: Preset, now: Date, custom?: NumbersRange): NumbersRange {
  const today = israelDateOf(now);
  const [year, month] = today.split('-').map(Number) as [number, number];
  switch (preset) {
    case 'thisMonth':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'lastMonth': {
      const last = dateOf(Date.UTC(year, month - 1, 0));
      return { from: `${last.slice(0, 7)}-01`, to: last };
    }
    case 'last30':
      return { from: dateOf(msOf(today) - 29 * DAY_MS), to: today };
    case 'thisYear':
      return { from: `${year}-01-01`, to: today };
    case 'custom':
      return custom ?? { from: `${today.slice(0, 7)}-01`, to: today };
  }
}

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY', as the console writes dates. */
export function slashDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** 'YYYY-MM' -> 'MM/YYYY'. */
export function slashMonth(month: string): string {
  return `${month.slice(5, 7)}/${month.slice(0, 4)}`;
}

/** Whether a range may be asked for (the server checks the same with the shared schema). */
export function rangeAllowed({ from, to }: NumbersRange): boolean {
  return from <= to && daysInRange(from, to) <= NUMBERS_MAX_RANGE_DAYS;
}
