import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ISRAEL_TZ,
  formatIsraelDateTime,
  formatIsraelTimeOfDay,
  israelDayRange,
  isMonthString,
  israelMonthOf,
  israelMonthRange,
  lastTwelveMonths,
  shiftMonth,
} from './months.js';

// Run under a zone far from Israel, so nothing passes by accident on a machine set to Asia/Jerusalem or UTC.
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Kiritimati';
});
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const iso = (date: Date) => date.toISOString();

describe('israelMonthOf', () => {
  it('names the zone', () => {
    expect(ISRAEL_TZ).toBe('Asia/Jerusalem');
  });

  it('an order at 00:30 Israel time on 1 August (summer, UTC+3) belongs to August', () => {
    expect(israelMonthOf(new Date('2025-07-31T21:30:00Z'))).toBe('2025-08');
  });

  it('an order at 00:30 Israel time on 1 February (winter, UTC+2) belongs to February', () => {
    expect(israelMonthOf(new Date('2025-01-31T22:30:00Z'))).toBe('2025-02');
  });

  it('an order at 23:59 Israel time on the last day stays in the old month', () => {
    expect(israelMonthOf(new Date('2025-07-31T20:59:00Z'))).toBe('2025-07');
    expect(israelMonthOf(new Date('2025-01-31T21:59:00Z'))).toBe('2025-01');
  });

  it('an order at 00:30 on 1 January belongs to the new year', () => {
    expect(israelMonthOf('2025-12-31T22:30:00Z')).toBe('2026-01');
  });

  it('refuses an invalid date', () => {
    expect(() => israelMonthOf(new Date('nope'))).toThrow(RangeError);
  });
});

describe('israelMonthRange', () => {
  it('March 2025 starts in winter time and ends in summer time (clocks moved on 28 March)', () => {
    const { start, end } = israelMonthRange('2025-03');
    expect(iso(start)).toBe('2025-02-28T22:00:00.000Z');
    expect(iso(end)).toBe('2025-03-31T21:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe((31 * 24 - 1) * 3_600_000);
  });

  it('October 2025 starts in summer time and ends in winter time (clocks moved back on 26 October)', () => {
    const { start, end } = israelMonthRange('2025-10');
    expect(iso(start)).toBe('2025-09-30T21:00:00.000Z');
    expect(iso(end)).toBe('2025-10-31T22:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe((31 * 24 + 1) * 3_600_000);
  });

  it('December ends at the start of January of the next year', () => {
    const { start, end } = israelMonthRange('2025-12');
    expect(iso(start)).toBe('2025-11-30T22:00:00.000Z');
    expect(iso(end)).toBe('2025-12-31T22:00:00.000Z');
  });

  it('a leap February has 29 days', () => {
    const { start, end } = israelMonthRange('2024-02');
    expect(iso(start)).toBe('2024-01-31T22:00:00.000Z');
    expect(iso(end)).toBe('2024-02-29T22:00:00.000Z');
  });

  it('July is entirely summer time', () => {
    const { start, end } = israelMonthRange('2025-07');
    expect(iso(start)).toBe('2025-06-30T21:00:00.000Z');
    expect(iso(end)).toBe('2025-07-31T21:00:00.000Z');
  });

  it('the start belongs to the month, the instant before the end too, the end to the next month (2020-2030)', () => {
    const wrong: string[] = [];
    for (let year = 2020; year <= 2030; year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        const name = `${year}-${String(month).padStart(2, '0')}`;
        const { start, end } = israelMonthRange(name);
        const ok =
          israelMonthOf(start) === name &&
          israelMonthOf(new Date(start.getTime() - 1)) === shiftMonth(name, -1) &&
          israelMonthOf(new Date(end.getTime() - 1)) === name &&
          israelMonthOf(end) === shiftMonth(name, 1) &&
          iso(end) === iso(israelMonthRange(shiftMonth(name, 1)).start);
        if (!ok) wrong.push(name);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('returns plain Dates', () => {
    expect(Object.getPrototypeOf(israelMonthRange('2025-05').start)).toBe(Date.prototype);
  });

  it.each(['2025-13', '2025-1', '25-01', '2025/01', ''])('refuses %j', (month) => {
    expect(() => israelMonthRange(month)).toThrow(RangeError);
  });
});

describe('lastTwelveMonths', () => {
  it('lists the current month and the eleven before it, newest first', () => {
    expect(lastTwelveMonths(new Date('2025-03-15T10:00:00Z'))).toEqual([
      '2025-03',
      '2025-02',
      '2025-01',
      '2024-12',
      '2024-11',
      '2024-10',
      '2024-09',
      '2024-08',
      '2024-07',
      '2024-06',
      '2024-05',
      '2024-04',
    ]);
  });

  it('starts from the Israel month, which may already be the next one in Israel', () => {
    const months = lastTwelveMonths(new Date('2025-12-31T22:30:00Z'));
    expect(months[0]).toBe('2026-01');
    expect(months[11]).toBe('2025-02');
    expect(months).toHaveLength(12);
  });
});

describe('shiftMonth', () => {
  it.each([
    ['2025-01', -1, '2024-12'],
    ['2024-12', 1, '2025-01'],
    ['2025-05', -24, '2023-05'],
    ['2025-05', 0, '2025-05'],
    ['2025-05', 19, '2026-12'],
  ])('%s shifted by %i is %s', (month, delta, expected) => {
    expect(shiftMonth(month, delta)).toBe(expected);
  });
});

describe('isMonthString', () => {
  it.each(['2025-01', '2025-12', '1999-06'])('accepts %j', (value) => {
    expect(isMonthString(value)).toBe(true);
  });

  it.each(['2025-00', '2025-13', '2025-1', '0099-01', '2025-01-01', ' 2025-01', 202501, null])(
    'refuses %j',
    (value) => {
      expect(isMonthString(value)).toBe(false);
    },
  );
});

describe('formatIsraelTimeOfDay', () => {
  it('gives hours and minutes on a 24-hour clock in Israel time, summer and winter', () => {
    expect(formatIsraelTimeOfDay('2025-09-20T09:05:00Z')).toBe('12:05');
    expect(formatIsraelTimeOfDay('2025-01-15T21:59:00Z')).toBe('23:59');
    expect(formatIsraelTimeOfDay(new Date('2025-07-31T21:30:00Z'))).toBe('00:30');
  });

  it('refuses what is not a date', () => {
    expect(() => formatIsraelTimeOfDay('not a date')).toThrow(RangeError);
  });
});

describe('formatIsraelDateTime', () => {
  it('shows summer time with its +3 offset', () => {
    expect(formatIsraelDateTime(new Date('2025-07-31T21:30:00Z'))).toBe('01/08/2025 00:30');
  });

  it('shows winter time with its +2 offset', () => {
    expect(formatIsraelDateTime('2025-01-15T10:05:00Z')).toBe('15/01/2025 12:05');
  });

  it('shows the hour that repeats when clocks move back', () => {
    expect(formatIsraelDateTime('2025-10-25T22:30:00Z')).toBe('26/10/2025 01:30');
    expect(formatIsraelDateTime('2025-10-25T23:30:00Z')).toBe('26/10/2025 01:30');
  });

  it('refuses an invalid date', () => {
    expect(() => formatIsraelDateTime('not a date')).toThrow(RangeError);
  });
});

describe('israelDayRange', () => {
  it('starts the day at midnight Israel time, not UTC', () => {
    // 22:30 UTC on 20 November is 00:30 on 21 November in Israel (UTC+2 in winter).
    const { start, end } = israelDayRange('2026-11-20T22:30:00Z');
    expect(start.toISOString()).toBe('2026-11-20T22:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-21T22:00:00.000Z');
  });

  it('gives the day of the spring change 23 hours', () => {
    // Israel moved to summer time on Friday 27 March 2026 at 02:00.
    const { start, end } = israelDayRange('2026-03-27T12:00:00Z');
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(23);
  });
});
