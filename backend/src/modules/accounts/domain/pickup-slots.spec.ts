import { TZDate } from '@date-fns/tz';
import {
  alwaysOpen,
  israelSlotTime,
  ORDER_AHEAD_OFF,
  type OpeningHours,
  type OrderAheadSettings,
  type ShabbatCity,
} from '@tafrit/contracts';
import { closedSpans, type OrderingSettings } from './ordering-schedule.js';
import { pickupSlotsAt, slotOf } from './pickup-slots.js';

const TZ = 'Asia/Jerusalem';
const MINUTE = 60_000;
const local = (y: number, m: number, d: number, h: number, min = 0) => new TZDate(y, m - 1, d, h, min, TZ).getTime();
const clock = (instant: number) => israelSlotTime(instant).slice(11, 16);
const everyDay = (from: string, to: string) => Array.from({ length: 7 }, () => [{ from, to }]);
const ahead: OrderAheadSettings = {
  ...ORDER_AHEAD_OFF,
  enabled: true,
  slotMinutes: 15,
  perSlot: 3,
  leadMinutes: 20,
  lastPickupBeforeCloseMinutes: 15,
};
const schedule = (hours: Partial<OpeningHours>, pause: OrderingSettings['pause'] = null): OrderingSettings => ({
  hours: { ...alwaysOpen, ...hours },
  pause,
});
const keepingShabbat = (city: ShabbatCity) =>
  schedule({ weekly: everyDay('08:00', '20:00'), shabbat: { enabled: true, city } });

describe('pickup slots', () => {
  // The week of Pesach 2027: Sunday 18 April to Shabbat 24 April; the first day of Pesach is Thursday 22 April.
  describe.each(['Jerusalem', 'Tel Aviv'] as const)('over the week of Pesach 2027 in %s', (city) => {
    const candlesOn = (day: number) =>
      closedSpans(city, '2027-04-14', '2027-04-26').find(
        (span) => new TZDate(span.start, TZ).getDate() === day && span.start > local(2027, 4, day, 12),
      )!.start;

    it.each([18, 19, 20])(
      'on an ordinary weekday (%i April) the slots run from opening to 15 minutes before closing',
      (day) => {
        const { slots, asap } = pickupSlotsAt(keepingShabbat(city), ahead, local(2027, 4, day, 7));
        expect(asap).toBe(false);
        expect(clock(slots[0]!)).toBe('08:00');
        expect(clock(slots.at(-1)!)).toBe('19:45');
        expect(slots).toHaveLength(48);
        for (let i = 1; i < slots.length; i++) expect(slots[i]! - slots[i - 1]!).toBe(15 * MINUTE);
      },
    );

    it.each([21, 23])(
      'on the eve of Pesach and of Shabbat (%i April) the last pickup is 15 minutes before candle lighting',
      (day) => {
        const { slots } = pickupSlotsAt(keepingShabbat(city), ahead, local(2027, 4, day, 7));
        const last = slots.at(-1)!;
        const candles = candlesOn(day);
        expect(last).toBeLessThanOrEqual(candles - 15 * MINUTE);
        expect(last + 15 * MINUTE).toBeGreaterThan(candles - 15 * MINUTE);
        expect(clock(slots[0]!)).toBe('08:00');
      },
    );

    it('on the first day of Pesach and on Shabbat no slot is offered, even after havdalah before closing', () => {
      expect(pickupSlotsAt(keepingShabbat(city), ahead, local(2027, 4, 22, 7)).slots).toEqual([]);
      expect(pickupSlotsAt(keepingShabbat(city), ahead, local(2027, 4, 24, 10)).slots).toEqual([]);
    });
  });

  it('Jerusalem lights candles earlier than Tel Aviv, so its Friday ends sooner', () => {
    const friday = local(2027, 4, 23, 7);
    const jerusalem = pickupSlotsAt(keepingShabbat('Jerusalem'), ahead, friday).slots;
    const telAviv = pickupSlotsAt(keepingShabbat('Tel Aviv'), ahead, friday).slots;
    expect(jerusalem.at(-1)!).toBeLessThan(telAviv.at(-1)!);
  });

  it('a slot is offered only at least the least time ahead from now, on the grid', () => {
    const { slots, validUntil } = pickupSlotsAt(keepingShabbat('Tel Aviv'), ahead, local(2027, 4, 19, 12, 7));
    expect(clock(slots[0]!)).toBe('12:30');
    // The first slot stops being offered just after 12:10, when it is less than 20 minutes ahead.
    expect(validUntil).toBe(local(2027, 4, 19, 12, 10) + 1);
  });

  it('a closed day, a pause, and settings turned off offer nothing; ordering open offers "as soon as possible"', () => {
    const monday = local(2027, 4, 19, 10);
    expect(pickupSlotsAt(schedule({ closedDates: ['2027-04-19'] }), ahead, monday).slots).toEqual([]);
    const paused = schedule({}, { until: null });
    expect(pickupSlotsAt(paused, ahead, monday)).toMatchObject({ asap: false, slots: [] });
    expect(pickupSlotsAt(schedule({}), { ...ahead, enabled: false }, monday)).toMatchObject({ asap: true, slots: [] });
  });

  it('a café open all day offers slots until 15 minutes before midnight, 10 minutes apart when so chosen', () => {
    const { slots } = pickupSlotsAt(schedule({}), { ...ahead, slotMinutes: 10 }, local(2027, 4, 19, 22, 0));
    expect(slots.map(clock)).toEqual(['22:20', '22:30', '22:40', '22:50', '23:00', '23:10', '23:20', '23:30', '23:40']);
  });

  it('a pickup time is a slot only as the slot spells it: on the grid, today, not past, not on Shabbat', () => {
    const monday = pickupSlotsAt(keepingShabbat('Jerusalem'), ahead, local(2027, 4, 19, 12, 7));
    expect(slotOf(monday, '2027-04-19T12:30:00+03:00', israelSlotTime)).toBe(local(2027, 4, 19, 12, 30));
    expect(slotOf(monday, '2027-04-19T09:30:00Z', israelSlotTime)).toBeNull();
    expect(slotOf(monday, '2027-04-19T12:35:00+03:00', israelSlotTime)).toBeNull();
    expect(slotOf(monday, '2027-04-19T12:00:00+03:00', israelSlotTime)).toBeNull();
    expect(slotOf(monday, '2027-04-19T19:55:00+03:00', israelSlotTime)).toBeNull();
    const shabbat = pickupSlotsAt(keepingShabbat('Jerusalem'), ahead, local(2027, 4, 24, 10));
    expect(slotOf(shabbat, '2027-04-24T12:30:00+03:00', israelSlotTime)).toBeNull();
  });
});
