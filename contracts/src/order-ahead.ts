// Order ahead (issue 33): a café that takes pickup orders lets a diner choose "as soon as possible" or a pickup time
// today from the café's slots. The owner's settings, the public menu's piece, and the one way a slot's time is written.
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';

/** The slot lengths an owner may choose, in minutes. */
export const SLOT_LENGTHS = [10, 15, 30] as const;
export type SlotLength = (typeof SLOT_LENGTHS)[number];
export const ORDER_AHEAD_LIMITS = { perSlotMax: 50, leadMax: 240, lastPickupMax: 120, estimateMax: 120 } as const;

const minutes = (what: string, min: number, max: number) =>
  z
    .number({ message: `${what} הוא מספר דקות` })
    .int({ message: `${what} הוא מספר דקות שלם` })
    .min(min, { message: `${what} הוא ${min} דקות לפחות` })
    .max(max, { message: `${what} הוא ${max} דקות לכל היותר` });

/**
 * `GET`/`PUT /api/business/order-ahead` (settings): its own switch, for a pickup café or a table café that also takes
 * pickup orders. `leadMinutes`: the least time between ordering and the pickup; `lastPickupBeforeCloseMinutes`: the
 * last slot is this long before the closing time; `estimateMinutes`: the kitchen's default preparation time, which is
 * "as soon as possible" and when an order for later starts being prepared (its pickup time less this).
 */
export const orderAheadSettingsSchema = z
  .object({
    enabled: z.boolean({ message: 'נא לבחור אם לקבל הזמנות מראש' }),
    slotMinutes: z.union(
      SLOT_LENGTHS.map((length) => z.literal(length)),
      { message: 'אורך משבצת הוא 10, 15 או 30 דקות' },
    ),
    perSlot: z
      .number({ message: 'מספר ההזמנות למשבצת הוא מספר' })
      .int({ message: 'מספר ההזמנות למשבצת הוא מספר שלם' })
      .min(1, { message: 'לפחות הזמנה אחת למשבצת' })
      .max(ORDER_AHEAD_LIMITS.perSlotMax, { message: `לכל היותר ${ORDER_AHEAD_LIMITS.perSlotMax} הזמנות למשבצת` }),
    leadMinutes: minutes('הזמן המינימלי מראש', 0, ORDER_AHEAD_LIMITS.leadMax),
    lastPickupBeforeCloseMinutes: minutes('האיסוף האחרון לפני הסגירה', 0, ORDER_AHEAD_LIMITS.lastPickupMax),
    estimateMinutes: minutes('זמן ההכנה', 1, ORDER_AHEAD_LIMITS.estimateMax),
  })
  .strict();
export type OrderAheadSettings = z.output<typeof orderAheadSettingsSchema>;
export type OrderAheadSettingsRequest = z.input<typeof orderAheadSettingsSchema>;

/** A business that never chose: off, with the values the settings card starts from. */
export const ORDER_AHEAD_OFF: OrderAheadSettings = {
  enabled: false,
  slotMinutes: 15,
  perSlot: 4,
  leadMinutes: 20,
  lastPickupBeforeCloseMinutes: 15,
  estimateMinutes: 15,
};

/** A pickup slot of today in the public menu: `at` exactly as create-payment's `pickupAt` must send it back. */
export interface PickupSlot {
  at: string;
  available: boolean;
}

/**
 * The public menu's `orderAhead` (absent, or `enabled: false`, where the café takes no orders ahead): `asap` whether
 * "as soon as possible" may be chosen now (ordering open), `estimateMinutes` its wait.
 */
export interface PublicOrderAhead {
  enabled: boolean;
  asap: boolean;
  estimateMinutes: number;
  slots: PickupSlot[];
}

const OFFSET_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/;
/** create-payment's `pickupAt`: a slot's `at` (an Israel time with its offset); whether it is a slot, the server says. */
export const pickupAtSchema = z.string().regex(OFFSET_TIME, { message: 'שעת האיסוף אינה בפורמט תקין' });

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as a slot's `at`: Israel wall time with its offset (+02:00 or +03:00), to the minute. */
export function israelSlotTime(instant: number): string {
  const local = new TZDate(instant, 'Asia/Jerusalem');
  const offset = -local.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const date = `${local.getFullYear()}-${two(local.getMonth() + 1)}-${two(local.getDate())}`;
  return `${date}T${two(local.getHours())}:${two(local.getMinutes())}:00${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
}

/** The "HH:MM" of a slot's `at` (its wall time in Israel, already in the string: no time-zone work in a browser). */
export const slotClock = (at: string): string => at.slice(11, 16);
