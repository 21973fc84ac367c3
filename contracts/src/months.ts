// Reports, commissions and payouts are counted in Israel months: an order at 00:30 on the 1st, Israel time, belongs to
// the new month even though it is still the previous day in UTC. Daylight saving (IST UTC+2 / IDT UTC+3) comes from the
// IANA zone through @date-fns/tz, never from a fixed offset.
import { TZDate } from '@date-fns/tz';

export const ISRAEL_TZ = 'Asia/Jerusalem';

/** 'YYYY-MM', e.g. '2025-03'. */
export type MonthString = string;

// Four-digit years from 1000 only: Date would read years 0-99 as 1900-1999.
const MONTH_PATTERN = /^([1-9]\d{3})-(0[1-9]|1[0-2])$/;

export function isMonthString(value: unknown): value is MonthString {
  return typeof value === 'string' && MONTH_PATTERN.test(value);
}

function parseMonth(month: string): { year: number; monthIndex: number } {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`not a YYYY-MM month: ${month}`);
  return { year: Number(match[1]), monthIndex: Number(match[2]) - 1 };
}

function toInstant(date: Date | string | number): Date {
  const instant = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`invalid date: ${String(date)}`);
  return instant;
}

/** The Israel month an instant falls in. */
export function israelMonthOf(date: Date | string | number): MonthString {
  const local = inIsrael(date);
  return `${local.getFullYear()}-${twoDigits(local.getMonth() + 1)}`;
}

/** The month `delta` months after (or before, if negative) the given one. */
export function shiftMonth(month: MonthString, delta: number): MonthString {
  const { year, monthIndex } = parseMonth(month);
  const total = year * 12 + monthIndex + delta;
  const shifted = `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  if (!isMonthString(shifted)) throw new RangeError(`month out of range: ${shifted}`);
  return shifted;
}

/** The UTC instants of an Israel month: `start` inclusive, `end` exclusive, for `>= start AND < end` queries. */
export function israelMonthRange(month: MonthString): { start: Date; end: Date } {
  const { year, monthIndex } = parseMonth(month);
  const next = parseMonth(shiftMonth(month, 1));
  // Plain Dates out: callers hand them to SQL drivers and JSON, which need no time-zone behaviour.
  const start = new Date(new TZDate(year, monthIndex, 1, ISRAEL_TZ).getTime());
  const end = new Date(new TZDate(next.year, next.monthIndex, 1, ISRAEL_TZ).getTime());
  return { start, end };
}

/** The report's month picker: the current Israel month and the 11 before it, newest first. */
export function lastTwelveMonths(now: Date): MonthString[] {
  const current = israelMonthOf(now);
  return Array.from({ length: 12 }, (_, index) => shiftMonth(current, -index));
}

/** The Israel calendar date of an instant as 'YYYY-MM-DD' (a tax document's date: what rules in force on it read). */
export function israelDateOf(date: Date | string | number): string {
  const local = inIsrael(date);
  return `${local.getFullYear()}-${twoDigits(local.getMonth() + 1)}-${twoDigits(local.getDate())}`;
}

/** 'dd/MM/yyyy HH:mm' in Israel time, the way orders are shown to owners. */
export function formatIsraelDateTime(date: Date | string | number): string {
  const local = inIsrael(date);
  const day = `${twoDigits(local.getDate())}/${twoDigits(local.getMonth() + 1)}/${local.getFullYear()}`;
  return `${day} ${twoDigits(local.getHours())}:${twoDigits(local.getMinutes())}`;
}

/** 'HH:mm' in Israel time (24-hour clock), e.g. when a live order was paid. */
export function formatIsraelTimeOfDay(date: Date | string | number): string {
  const local = inIsrael(date);
  return `${twoDigits(local.getHours())}:${twoDigits(local.getMinutes())}`;
}

// Fixed formats read from TZDate's Israel-time fields: date-fns' `format` would load its formatters and English
// locale (about a quarter of a second of every server start) for two patterns.
const twoDigits = (value: number) => String(value).padStart(2, '0');
const inIsrael = (date: Date | string | number) => new TZDate(toInstant(date).getTime(), ISRAEL_TZ);

/**
 * The UTC instants of the Israel calendar day an instant falls in (`start` inclusive, `end` exclusive): the live
 * console's "today". A day of a daylight-saving change is 23 or 25 hours long, which is why it is not `start + 24 h`.
 */
export function israelDayRange(date: Date | string | number): { start: Date; end: Date } {
  const local = new TZDate(toInstant(date).getTime(), ISRAEL_TZ);
  const start = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), ISRAEL_TZ);
  const end = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, ISRAEL_TZ);
  return { start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

/**
 * The UTC instants of Israel calendar dates `from` to `to`, both included ('YYYY-MM-DD'): `start` inclusive, `end`
 * exclusive (the midnight after `to`), for `>= start AND < end` queries.
 */
export function israelDatesRange(from: string, to: string): { start: Date; end: Date } {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const start = new TZDate(fy, fm - 1, fd, ISRAEL_TZ);
  const end = new TZDate(ty, tm - 1, td + 1, ISRAEL_TZ);
  return { start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

/** The hour (0-23) of an instant on Israel's clock: the numbers page's busy hours (issue 33). */
export function israelHourOf(date: Date | string | number): number {
  return inIsrael(date).getHours();
}
