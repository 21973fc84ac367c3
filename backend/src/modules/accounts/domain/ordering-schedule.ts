import { TZDate } from '@date-fns/tz';
import { CandleLightingEvent, flags, HavdalahEvent, HebrewCalendar, Location, type Event } from '@hebcal/core';
import type {
  OrderAheadSettings,
  OpeningHours,
  OptionalDay,
  OrderingClosedReason,
  OrderingPause,
  OrderingState,
  ShabbatCity,
} from '@tafrit/contracts';

/**
 * When a business takes orders (issue 18, decision 028): pure functions of its settings and an instant, with no
 * clock and no database. Israel time throughout (`Asia/Jerusalem` from the IANA zone, daylight saving included);
 * Shabbat and Yom Tov from @hebcal/core's candle lighting and havdalah for the business's city.
 */
const TZ = 'Asia/Jerusalem';
const DAY_MS = 86_400_000;
/** How far ahead `opensAt` is looked for: a business closed longer than this answers `opensAt: null`. */
export const LOOKAHEAD_DAYS = 35;
/** A Shabbat joined to a two-day Rosh Hashana spans three days: start looking this many days back. */
const LOOKBEHIND_DAYS = 4;

export interface OrderingSettings {
  hours: OpeningHours;
  pause: OrderingPause | null;
  /** Order ahead's settings (issue 33), present only while turned on: `pickupSlotsAt` lays its slots. */
  ahead?: OrderAheadSettings;
}

/** The state at an instant and the instant (ms) before which it cannot change (Infinity: never by itself). */
export interface OrderingMoment extends OrderingState {
  validUntil: number;
}

const OPEN_FOREVER: OrderingMoment = Object.freeze({ open: true, reason: null, opensAt: null, validUntil: Infinity });

/** True when nothing is set: the default of every business, answered without any calendar work. */
export function isAlwaysOpen({ hours, pause }: OrderingSettings): boolean {
  return (
    pause === null &&
    hours.weekly === null &&
    hours.closedDates.length === 0 &&
    !hours.shabbat.enabled &&
    hours.closedOptionalDays.length === 0
  );
}

export interface ClosedSpan {
  start: number;
  end: number;
  reason: 'shabbat' | 'holiday';
}

/** The library's location of a city of the contract's list (its candle-lighting custom comes with the name). */
export function shabbatLocation(city: ShabbatCity): Location {
  const location = Location.lookup(city);
  if (!location) throw new Error(`@hebcal/core does not know ${city}`);
  return location;
}

/** A civil date as the library's calendar takes it (a local Date of that y/m/d: hebcal reads its fields). */
const civil = (date: string) =>
  new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const dateOfEvent = (event: Event) => {
  const greg = event.getDate().greg();
  return `${greg.getFullYear()}-${String(greg.getMonth() + 1).padStart(2, '0')}-${String(greg.getDate()).padStart(2, '0')}`;
};

export function israelDate(instant: number): string {
  const local = new TZDate(instant, TZ);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const noon = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), 12);
  return new Date(noon + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant of `minutes` after midnight of an Israel civil date (24:00 is the next midnight). */
export function israelInstant(date: string, minutes: number): number {
  const [y, m, d] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))];
  if (minutes >= 24 * 60) return israelInstant(addDays(date, 1), minutes - 24 * 60);
  return new TZDate(y, m, d, Math.floor(minutes / 60), minutes % 60, TZ).getTime();
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Shabbat and Yom Tov between two civil dates: from each candle lighting to the havdalah that follows it (a Yom Tov
 * joined to Shabbat is one span), `holiday` when a Yom Tov (the library's CHAG: Rosh Hashana, Yom Kippur, the first
 * day of Sukkot, Shemini Atzeret, the first and seventh days of Pesach, Shavuot) falls inside, else `shabbat`.
 */
export function closedSpans(city: ShabbatCity, fromDate: string, toDate: string): ClosedSpan[] {
  const events = HebrewCalendar.calendar({
    start: civil(fromDate),
    end: civil(toDate),
    location: shabbatLocation(city),
    candlelighting: true,
    il: true,
    noMinorFast: true,
    noModern: true,
    noRoshChodesh: true,
    noSpecialShabbat: true,
  });
  const yomTov = new Set(events.filter((e) => e.getFlags() & flags.CHAG).map(dateOfEvent));
  const spans: ClosedSpan[] = [];
  let start: number | null = null;
  let startDate = '';
  for (const event of events) {
    if (event instanceof CandleLightingEvent && start === null) {
      start = event.eventTime.getTime();
      startDate = dateOfEvent(event);
    } else if (event instanceof HavdalahEvent && start !== null) {
      const endDate = dateOfEvent(event);
      let holiday = false;
      for (let day = addDays(startDate, 1); day <= endDate; day = addDays(day, 1)) holiday ||= yomTov.has(day);
      spans.push({ start, end: event.eventTime.getTime(), reason: holiday ? 'holiday' : 'shabbat' });
      start = null;
    }
  }
  return spans;
}

/**
 * The days of the coming year (from `fromDate`) the owner may close one by one: the eves of the holidays, Chol
 * HaMoed (Hoshana Raba included), Yom HaAtzmaut and Tisha B'Av, with their Hebrew names. A date is listed once.
 */
export function optionalDays(fromDate: string, days = 365): OptionalDay[] {
  const events = HebrewCalendar.calendar({
    start: civil(fromDate),
    end: civil(addDays(fromDate, days - 1)),
    il: true,
    noMinorFast: true,
    noRoshChodesh: true,
    noSpecialShabbat: true,
  });
  const chosen = new Map<string, string>();
  for (const event of events) {
    const mask = event.getFlags();
    const desc = event.getDesc();
    const optional =
      (mask & (flags.EREV | flags.CHOL_HAMOED)) !== 0 || desc === "Yom HaAtzma'ut" || desc === "Tish'a B'Av";
    // The library's "eve" of Shabbat is not a holiday's eve; a Yom Tov is never optional (the switch closes it).
    if (!optional || mask & flags.CHAG) continue;
    const date = dateOfEvent(event);
    if (!chosen.has(date)) chosen.set(date, event.render('he-x-NoNikud'));
  }
  return [...chosen].map(([date, name]) => ({ date, name }));
}

/** The schedule's reasons at any instant of a window, answered without further calendar work. */
class Timeline {
  private readonly closedDates: ReadonlySet<string>;
  private readonly optional: ReadonlySet<string>;
  /** Every instant at which the reason may change, ascending. */
  readonly boundaries: number[];

  constructor(
    private readonly hours: OpeningHours,
    firstDate: string,
    lastDate: string,
    private readonly spans: ClosedSpan[],
  ) {
    this.closedDates = new Set(hours.closedDates);
    this.optional = new Set(hours.shabbat.enabled ? hours.closedOptionalDays : []);
    const edges = new Set<number>();
    for (let day = firstDate; day <= lastDate; day = addDays(day, 1)) {
      edges.add(israelInstant(day, 0));
      const weekday = new TZDate(israelInstant(day, 12 * 60), TZ).getDay();
      for (const range of hours.weekly?.[weekday] ?? []) {
        edges.add(israelInstant(day, minutesOf(range.from)));
        edges.add(israelInstant(day, minutesOf(range.to)));
      }
    }
    for (const span of spans) edges.add(span.start).add(span.end);
    this.boundaries = [...edges].sort((a, b) => a - b);
  }

  reasonAt(instant: number): OrderingClosedReason | null {
    const date = israelDate(instant);
    if (this.closedDates.has(date)) return 'closed_day';
    const span = this.spans.find((s) => s.start <= instant && instant < s.end);
    if (span) return span.reason;
    if (this.optional.has(date)) return 'holiday';
    const { weekly } = this.hours;
    if (weekly === null) return null;
    const local = new TZDate(instant, TZ);
    const minute = local.getHours() * 60 + local.getMinutes();
    const inRange = (weekly[local.getDay()] ?? []).some(
      (range) => minutesOf(range.from) <= minute && minute < minutesOf(range.to),
    );
    return inRange ? null : 'hours';
  }
}

/**
 * Whether ordering is open at `now`, why not, when it opens next, and until when this answer holds: the public menu
 * keeps its cached bytes until `validUntil` (decision 028), so this runs once per boundary, never per request.
 */
export function orderingAt(settings: OrderingSettings, now: number): OrderingMoment {
  if (isAlwaysOpen(settings)) return OPEN_FOREVER;
  const { hours, pause } = settings;
  const pausedUntil = pause === null ? null : pause.until === null ? Infinity : Date.parse(pause.until);
  const paused = pausedUntil !== null && now < pausedUntil;
  const from = paused ? pausedUntil : now;
  if (from === Infinity) return { open: false, reason: 'paused', opensAt: null, validUntil: Infinity };

  const firstDate = israelDate(from);
  const lastDate = addDays(firstDate, LOOKAHEAD_DAYS);
  const spans = hours.shabbat.enabled
    ? closedSpans(hours.shabbat.city, addDays(firstDate, -LOOKBEHIND_DAYS), addDays(lastDate, 1))
    : [];
  const timeline = new Timeline(hours, firstDate, lastDate, spans);
  const windowEnd = israelInstant(lastDate, 0);
  const later = timeline.boundaries.filter((b) => b > from && b < windowEnd);

  const reasonFrom = timeline.reasonAt(from);
  const opensAt = reasonFrom === null ? from : (later.find((b) => timeline.reasonAt(b) === null) ?? null);
  const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString());
  if (paused) return { open: false, reason: 'paused', opensAt: iso(opensAt), validUntil: pausedUntil };
  const changeAt = later.find((b) => timeline.reasonAt(b) !== reasonFrom) ?? windowEnd;
  if (reasonFrom === null) return { open: true, reason: null, opensAt: null, validUntil: changeAt };
  return { open: false, reason: reasonFrom, opensAt: iso(opensAt), validUntil: changeAt };
}

export interface OpenRange {
  start: number;
  end: number;
}

/**
 * The open stretches of an Israel civil date by the hours, closed days, Shabbat and holidays (not the pause, which
 * is a moment's, not a day's): order ahead's slots are laid inside them (issue 33). One calendar look per call.
 */
export function openRangesOn(hours: OpeningHours, date: string): OpenRange[] {
  const dayStart = israelInstant(date, 0);
  const dayEnd = israelInstant(date, 24 * 60);
  const spans = hours.shabbat.enabled
    ? closedSpans(hours.shabbat.city, addDays(date, -LOOKBEHIND_DAYS), addDays(date, 2))
    : [];
  const timeline = new Timeline(hours, date, addDays(date, 1), spans);
  const cuts = [dayStart, ...timeline.boundaries.filter((b) => b > dayStart && b < dayEnd), dayEnd];
  const ranges: OpenRange[] = [];
  cuts.slice(1).forEach((end, i) => {
    const start = cuts[i]!;
    if (timeline.reasonAt(start) !== null) return;
    const last = ranges.at(-1);
    if (last && last.end === start) last.end = end;
    else ranges.push({ start, end });
  });
  return ranges;
}
