import { describe, expect, it } from 'vitest';
import { alwaysOpen, openingHoursSchema, pauseOrderingSchema } from './opening-hours.schemas.js';

const day = (...ranges: [string, string][]) => ranges.map(([from, to]) => ({ from, to }));
const week = (ranges: { from: string; to: string }[]) => Array.from({ length: 7 }, () => ranges);

describe('opening hours', () => {
  it('takes the default, several ranges a day, a day ending at 24:00, and closed days', () => {
    expect(openingHoursSchema.parse(alwaysOpen)).toEqual(alwaysOpen);
    const hours = { ...alwaysOpen, weekly: week(day(['07:30', '12:00'], ['17:00', '24:00'])) };
    expect(openingHoursSchema.safeParse(hours).success).toBe(true);
    expect(openingHoursSchema.safeParse({ ...hours, weekly: [[], [], [], [], [], [], []] }).success).toBe(true);
  });

  it('refuses a range that ends before it starts, overlapping ranges, six days, bad times and unknown cities', () => {
    const bad = [
      { ...alwaysOpen, weekly: week(day(['18:00', '09:00'])) },
      { ...alwaysOpen, weekly: week(day(['08:00', '12:00'], ['11:00', '14:00'])) },
      { ...alwaysOpen, weekly: week([]).slice(1) },
      { ...alwaysOpen, weekly: week(day(['8:00', '12:00'])) },
      { ...alwaysOpen, weekly: week(day(['24:30', '25:00'])) },
      { ...alwaysOpen, closedDates: ['2027-02-30x'] },
      { ...alwaysOpen, closedDates: ['2027-04-01', '2027-04-01'] },
      { ...alwaysOpen, shabbat: { enabled: true, city: 'Paris' } },
    ];
    for (const hours of bad) expect(openingHoursSchema.safeParse(hours).success).toBe(false);
  });

  it('pauses for 15, 30 or 60 minutes or until resumed, nothing else', () => {
    for (const minutes of [15, 30, 60, null]) expect(pauseOrderingSchema.safeParse({ minutes }).success).toBe(true);
    for (const minutes of [0, 45, '15', undefined])
      expect(pauseOrderingSchema.safeParse({ minutes }).success).toBe(false);
  });
});
