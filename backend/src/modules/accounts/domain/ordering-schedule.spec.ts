import { TZDate } from '@date-fns/tz';
import { CandleLightingEvent, HavdalahEvent, HebrewCalendar, Zmanim } from '@hebcal/core';
import { alwaysOpen, type OpeningHours, shabbatCities, type ShabbatCity } from '@tafrit/contracts';
import { closedSpans, optionalDays, orderingAt, shabbatLocation, type OrderingSettings } from './ordering-schedule.js';

const TZ = 'Asia/Jerusalem';
const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);
const local = (y: number, m: number, d: number, h: number, min = 0) => new TZDate(y, m - 1, d, h, min, TZ).getTime();
const settings = (hours: Partial<OpeningHours>, pause: OrderingSettings['pause'] = null): OrderingSettings => ({
  hours: { ...alwaysOpen, ...hours },
  pause,
});
const everyDay = (...ranges: [string, string][]) =>
  Array.from({ length: 7 }, () => ranges.map(([from, to]) => ({ from, to })));
const shabbatIn = (city: ShabbatCity) => settings({ shabbat: { enabled: true, city } });

/** The library's own candle lightings and havdalahs of 2027 for a city, paired in order. */
function libraryWeekends(city: ShabbatCity) {
  const events = HebrewCalendar.calendar({
    start: new Date(2027, 0, 1),
    end: new Date(2027, 11, 31),
    location: shabbatLocation(city),
    candlelighting: true,
    il: true,
  });
  const pairs: { candles: Date; havdalah: Date }[] = [];
  let candles: Date | null = null;
  for (const event of events) {
    if (event instanceof CandleLightingEvent && candles === null) candles = event.eventTime;
    if (event instanceof HavdalahEvent && candles !== null) {
      pairs.push({ candles, havdalah: event.eventTime });
      candles = null;
    }
  }
  return pairs;
}

describe('ordering schedule', () => {
  it('a business that set nothing is open at every moment, and the answer never expires', () => {
    expect(orderingAt(settings({}), at('2027-04-10T12:00:00Z'))).toEqual({
      open: true,
      reason: null,
      opensAt: null,
      validUntil: Infinity,
    });
  });

  it('every city of the contract is one the library knows, in Israel time', () => {
    for (const city of shabbatCities) expect(shabbatLocation(city).getTzid()).toBe(TZ);
  });

  it.each(['Jerusalem', 'Tel Aviv'] as const)(
    'in %s, every Shabbat and Yom Tov of 2027 closes from the library’s candle lighting to its havdalah',
    (city) => {
      const weekends = libraryWeekends(city);
      // 52 or 53 Shabbatot, some joined to a Yom Tov, plus the Yom Tov days on weekdays.
      expect(weekends.length).toBeGreaterThanOrEqual(52);
      for (const { candles, havdalah } of weekends) {
        const before = orderingAt(shabbatIn(city), candles.getTime() - MINUTE);
        expect(before).toMatchObject({ open: true, validUntil: candles.getTime() });
        const closed = orderingAt(shabbatIn(city), candles.getTime());
        expect(closed.open).toBe(false);
        expect(['shabbat', 'holiday']).toContain(closed.reason);
        expect(closed.opensAt).toBe(havdalah.toISOString());
        expect(orderingAt(shabbatIn(city), havdalah.getTime() - MINUTE).open).toBe(false);
        expect(orderingAt(shabbatIn(city), havdalah.getTime()).open).toBe(true);
      }
    },
  );

  it.each([
    ['Jerusalem', 40],
    ['Tel Aviv', 20],
  ] as const)('in %s, candles are lit %i minutes before sunset, summer and winter alike', (city, minutes) => {
    for (const { candles } of libraryWeekends(city).filter((w) => w.candles.getDay() === 5)) {
      const sunset = new Zmanim(shabbatLocation(city), candles, false).sunset().getTime();
      expect(Math.abs(sunset - minutes * MINUTE - candles.getTime())).toBeLessThan(MINUTE);
    }
  });

  it.each([
    ['Rosh Hashana', local(2027, 10, 2, 12)],
    ['Yom Kippur', local(2027, 10, 11, 12)],
    ['Sukkot', local(2027, 10, 16, 12)],
    ['Shemini Atzeret', local(2027, 10, 23, 12)],
    ['the first day of Pesach', local(2027, 4, 22, 12)],
    ['the seventh day of Pesach', local(2027, 4, 28, 12)],
    ['Shavuot', local(2027, 6, 11, 12)],
  ])('%s closes with the switch, as a holiday', (_name, instant) => {
    expect(orderingAt(shabbatIn('Tel Aviv'), instant)).toMatchObject({ open: false, reason: 'holiday' });
    expect(orderingAt(settings({}), instant).open).toBe(true);
  });

  it('the eves, Chol HaMoed, Yom HaAtzmaut and Tisha B’Av are listed, open unless the owner closes them', () => {
    const days = optionalDays('2027-01-01');
    const dates = days.map((day) => day.date);
    // Yom HaAtzmaut 2027 (moved to Wednesday 12 May), Tisha B'Av (Thursday 12 August), Chol HaMoed Pesach, Erev Pesach.
    expect(dates).toEqual(expect.arrayContaining(['2027-05-12', '2027-08-12', '2027-04-24', '2027-04-21']));
    expect(dates).not.toContain('2027-04-22');
    expect(days.every((day) => /[\u0590-\u05FF]/.test(day.name))).toBe(true);
    const noon = local(2027, 5, 12, 12);
    expect(orderingAt(shabbatIn('Jerusalem'), noon).open).toBe(true);
    const closing = settings({ shabbat: { enabled: true, city: 'Jerusalem' }, closedOptionalDays: ['2027-05-12'] });
    expect(orderingAt(closing, noon)).toMatchObject({
      open: false,
      reason: 'holiday',
      opensAt: new Date(local(2027, 5, 13, 0)).toISOString(),
    });
  });

  it('over a whole year, several ranges a day open and close at their Israel times', () => {
    const hours = settings({ weekly: everyDay(['08:00', '12:00'], ['17:00', '23:30']) });
    for (let day = 0; day < 365; day++) {
      const noonUtc = Date.UTC(2027, 0, 1 + day, 10);
      const date = new TZDate(noonUtc, TZ);
      const [y, m, d] = [date.getFullYear(), date.getMonth() + 1, date.getDate()];
      expect(orderingAt(hours, local(y, m, d, 7, 59))).toMatchObject({
        open: false,
        reason: 'hours',
        opensAt: new Date(local(y, m, d, 8)).toISOString(),
        validUntil: local(y, m, d, 8),
      });
      expect(orderingAt(hours, local(y, m, d, 8))).toMatchObject({ open: true, validUntil: local(y, m, d, 12) });
      expect(orderingAt(hours, local(y, m, d, 12))).toMatchObject({
        reason: 'hours',
        opensAt: new Date(local(y, m, d, 17)).toISOString(),
      });
      expect(orderingAt(hours, local(y, m, d, 23, 29)).open).toBe(true);
      expect(orderingAt(hours, local(y, m, d, 23, 30)).open).toBe(false);
    }
  });

  it('across the spring change (Friday 26 March 2027) 08:00 is 06:00 UTC before it and 05:00 UTC after', () => {
    const hours = settings({ weekly: everyDay(['08:00', '12:00']) });
    expect(orderingAt(hours, at('2027-03-25T12:00:00Z')).opensAt).toBe('2027-03-26T05:00:00.000Z');
    expect(orderingAt(hours, at('2027-03-25T05:59:00Z'))).toMatchObject({
      open: false,
      opensAt: '2027-03-25T06:00:00.000Z',
    });
    expect(orderingAt(hours, at('2027-03-26T05:00:00Z')).open).toBe(true);
    expect(orderingAt(hours, at('2027-03-26T04:59:00Z')).open).toBe(false);
  });

  it('across the autumn change (Sunday 31 October 2027) 08:00 is 05:00 UTC before it and 06:00 UTC after', () => {
    const hours = settings({ weekly: everyDay(['08:00', '12:00']) });
    expect(orderingAt(hours, at('2027-10-30T12:00:00Z')).opensAt).toBe('2027-10-31T06:00:00.000Z');
    expect(orderingAt(hours, at('2027-10-31T05:30:00Z')).open).toBe(false);
    expect(orderingAt(hours, at('2027-10-31T06:00:00Z')).open).toBe(true);
  });

  it('a weekday without ranges is closed for hours, and the next open day is found', () => {
    const weekly = everyDay(['09:00', '17:00']);
    weekly[6] = [];
    // Saturday 13 March 2027 at noon: opens Sunday at 09:00.
    expect(orderingAt(settings({ weekly }), local(2027, 3, 13, 12))).toMatchObject({
      reason: 'hours',
      opensAt: new Date(local(2027, 3, 14, 9)).toISOString(),
    });
  });

  it('a closed date closes the whole day, before Shabbat and hours', () => {
    const closed = settings({ closedDates: ['2027-03-12'], shabbat: { enabled: true, city: 'Jerusalem' } });
    // Friday 12 March 2027 at 20:00 is also Shabbat: the closed date speaks first, and ordering opens at havdalah.
    const answer = orderingAt(closed, local(2027, 3, 12, 20));
    expect(answer.reason).toBe('closed_day');
    const [span] = closedSpans('Jerusalem', '2027-03-12', '2027-03-13');
    expect(answer.opensAt).toBe(new Date(span!.end).toISOString());
    expect(orderingAt(closed, local(2027, 3, 12, 23, 59)).validUntil).toBe(local(2027, 3, 13, 0));
  });

  it('a pause closes ordering until it ends, or until resumed, whatever the hours say', () => {
    const now = local(2027, 6, 1, 12);
    const until = new Date(now + 15 * MINUTE).toISOString();
    expect(orderingAt(settings({}, { until }), now)).toEqual({
      open: false,
      reason: 'paused',
      opensAt: until,
      validUntil: now + 15 * MINUTE,
    });
    expect(orderingAt(settings({}, { until }), now + 15 * MINUTE).open).toBe(true);
    expect(orderingAt(settings({}, { until: null }), now)).toEqual({
      open: false,
      reason: 'paused',
      opensAt: null,
      validUntil: Infinity,
    });
    // Paused until 12:15 by a café that closes at 12:10: it opens again the next morning.
    const hours = { weekly: everyDay(['08:00', '12:10']) };
    expect(orderingAt(settings(hours, { until }), now).opensAt).toBe(new Date(local(2027, 6, 2, 8)).toISOString());
  });
});
