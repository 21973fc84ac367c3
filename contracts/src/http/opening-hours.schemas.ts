// Opening hours, Shabbat and holidays, and the live pause of new orders (issue 18, decision 028).
import { z } from 'zod';
import '../zod-he.js';
import type { OrderingClosedReason, OrderingState } from '../menu-types.js';

/**
 * The cities whose Shabbat times the business follows: the Israeli cities of @hebcal/core's own list (each has the
 * library's custom: Jerusalem lights candles 40 minutes before sunset, Haifa 30, the rest of Israel 20). A business picks the
 * nearest. The backend's tests check that the library knows each name.
 */
export const shabbatCities = [
  'Jerusalem',
  'Tel Aviv',
  'Haifa',
  'Beer Sheva',
  'Ashdod',
  'Petach Tikvah',
  'Tiberias',
  'Eilat',
] as const;
export type ShabbatCity = (typeof shabbatCities)[number];

export const shabbatCityNamesHe: Readonly<Record<ShabbatCity, string>> = {
  Jerusalem: 'ירושלים',
  'Tel Aviv': 'תל אביב',
  Haifa: 'חיפה',
  'Beer Sheva': 'באר שבע',
  Ashdod: 'אשדוד',
  'Petach Tikvah': 'פתח תקווה',
  Tiberias: 'טבריה',
  Eilat: 'אילת',
};

/** Why ordering is closed (`null` while open). */
export const orderingClosedReasons = [
  'hours',
  'closed_day',
  'shabbat',
  'holiday',
  'paused',
] as const satisfies readonly OrderingClosedReason[];

/** `ordering` of the public menu: whether a diner may order now, why not, and when it opens next (ISO, or null). */
export const orderingStateSchema = z.object({
  open: z.boolean(),
  reason: z.enum(orderingClosedReasons).nullable(),
  opensAt: z.string().nullable(),
}) satisfies z.ZodType<OrderingState>;

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE = /^[2-9]\d{3}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** One range of a day, Israel time: `from` before `to` (`24:00` is the day's end; a night past midnight is two ranges). */
export const hoursRangeSchema = z
  .object({
    from: z.string().regex(TIME, 'שעה בתבנית HH:MM'),
    to: z.string().regex(TIME, 'שעה בתבנית HH:MM'),
  })
  .refine((range) => minutesOf(range.from) < minutesOf(range.to), {
    message: 'שעת הסיום חייבת להיות אחרי שעת הפתיחה',
    path: ['to'],
  });
export type HoursRange = z.infer<typeof hoursRangeSchema>;

const dayRangesSchema = z
  .array(hoursRangeSchema)
  .max(6, 'עד 6 טווחים ביום')
  .refine((ranges) => {
    const sorted = [...ranges].sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
    return sorted.every((range, i) => i === 0 || minutesOf(sorted[i - 1]!.to) <= minutesOf(range.from));
  }, 'הטווחים של יום אחד אינם יכולים לחפוף');

const dateSchema = z.string().regex(DATE, 'תאריך בתבנית YYYY-MM-DD');
const datesSchema = z
  .array(dateSchema)
  .max(400, 'עד 400 תאריכים')
  .refine((dates) => new Set(dates).size === dates.length, 'כל תאריך פעם אחת בלבד');

/**
 * `PUT /api/business/opening-hours`. `weekly`: seven days from Sunday (index 0) to Saturday, each with its ranges
 * (empty: closed that day), or null: open at every hour (the default, which changes nothing). `closedDates`: whole
 * days closed. `shabbat`: closed from candle lighting to havdalah on Shabbat and Yom Tov, for the city's times.
 * `closedOptionalDays`: the other days (eves, Chol HaMoed, Yom HaAtzmaut, Tisha B'Av) the owner closes, by date.
 */
export const openingHoursSchema = z.object({
  weekly: z.array(dayRangesSchema).length(7, 'שבעה ימים, מראשון עד שבת').nullable(),
  closedDates: datesSchema,
  shabbat: z.object({
    enabled: z.boolean(),
    city: z.enum(shabbatCities, { message: 'יש לבחור עיר מהרשימה' }),
  }),
  closedOptionalDays: datesSchema,
});
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** What every business starts with: always open, nothing closed, Shabbat off (Jerusalem preselected). */
export const alwaysOpen: OpeningHours = {
  weekly: null,
  closedDates: [],
  shabbat: { enabled: false, city: 'Jerusalem' },
  closedOptionalDays: [],
};

/** `POST /api/business/ordering-pause`: stop new orders for 15, 30 or 60 minutes, or (null) until resumed. */
export const pauseOrderingSchema = z.object({
  minutes: z.union([z.literal(15), z.literal(30), z.literal(60), z.null()], {
    message: 'יש לבחור 15, 30 או 60 דקות, או עד לחידוש',
  }),
});
export type PauseOrderingRequest = z.infer<typeof pauseOrderingSchema>;

/** A pause of new orders: until an ISO time, or (null) until the owner resumes. */
export const orderingPauseSchema = z.object({ until: z.string().nullable() });
export type OrderingPause = z.infer<typeof orderingPauseSchema>;

/** A day the owner may close with the Shabbat switch on: its date and its Hebrew name. */
export const optionalDaySchema = z.object({ date: z.string(), name: z.string() });
export type OptionalDay = z.infer<typeof optionalDaySchema>;

/** Answer of `GET` and `PUT /api/business/opening-hours` and of the pause routes. */
export const openingHoursResponseSchema = z.object({
  hours: openingHoursSchema,
  pause: orderingPauseSchema.nullable(),
  ordering: orderingStateSchema,
  /** The optional days of the coming year for the chosen city (with the Shabbat switch on, each has a checkbox). */
  optionalDays: z.array(optionalDaySchema),
});
export type OpeningHoursResponse = z.infer<typeof openingHoursResponseSchema>;
