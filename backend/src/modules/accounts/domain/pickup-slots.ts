import type { OrderAheadSettings } from '@tafrit/contracts';
import {
  addDays,
  israelDate,
  israelInstant,
  openRangesOn,
  orderingAt,
  type OrderingSettings,
} from './ordering-schedule.js';

const MINUTE = 60_000;

/** Today's pickup slots at an instant (issue 33): instants (ms), ascending; and until when this answer holds. */
export interface PickupSlotsMoment {
  /** "As soon as possible" may be chosen: ordering is open now. */
  asap: boolean;
  slots: number[];
  /** The instant (ms) at which the answer may change by itself: the first slot's last moment, a boundary, midnight. */
  validUntil: number;
}

/**
 * The pickup slots a diner may choose now: pure, no clock, no database. A slot is on the grid of the owner's length
 * from Israel midnight, today (Israel date), at least `leadMinutes` from now, inside an open stretch of the hours
 * (Shabbat, holidays and closed days excluded: `openRangesOn`) and no later than that stretch's close less
 * `lastPickupBeforeCloseMinutes`. While the café is paused, or now is inside Shabbat, a holiday or a closed day, no
 * slot is offered (a pause stops new orders; a Shabbat-keeping café takes none during Shabbat); before opening time
 * the day's slots are offered, which is what ordering ahead is for. How full a slot is, is not this function's.
 */
export function pickupSlotsAt(schedule: OrderingSettings, ahead: OrderAheadSettings, now: number): PickupSlotsMoment {
  const moment = orderingAt(schedule, now);
  const date = israelDate(now);
  const midnight = israelInstant(addDays(date, 1), 0);
  const asap = moment.open;
  if (!ahead.enabled) return { asap, slots: [], validUntil: Math.min(moment.validUntil, midnight) };
  // A pause (until its end) or a whole closed day: nothing offered until that changes.
  if (!moment.open && moment.reason !== 'hours') {
    return { asap, slots: [], validUntil: Math.min(moment.validUntil, midnight) };
  }
  const step = ahead.slotMinutes * MINUTE;
  const lead = ahead.leadMinutes * MINUTE;
  const lastBeforeClose = ahead.lastPickupBeforeCloseMinutes * MINUTE;
  const dayStart = israelInstant(date, 0);
  const slots: number[] = [];
  for (const range of openRangesOn(schedule.hours, date)) {
    const last = range.end - lastBeforeClose;
    // The first grid point inside the stretch (a stretch opening at 08:05 on a 15-minute grid starts at 08:15).
    let at = dayStart + Math.ceil((Math.max(range.start, now + lead) - dayStart) / step) * step;
    for (; at <= last && at < range.end; at += step) slots.push(at);
  }
  const first = slots[0];
  const firstDrops = first === undefined ? Infinity : first - lead + 1;
  return { asap, slots, validUntil: Math.min(moment.validUntil, midnight, firstDrops) };
}

/**
 * Whether `pickupAt` (create-payment's string) is one of the slots: it must name a slot's instant and be written
 * exactly as the slot's `at` (`israelSlotTime`), so one slot has one spelling.
 */
export function slotOf(moment: PickupSlotsMoment, pickupAt: string, spell: (instant: number) => string): number | null {
  const instant = Date.parse(pickupAt);
  if (Number.isNaN(instant) || spell(instant) !== pickupAt) return null;
  return moment.slots.includes(instant) ? instant : null;
}
