// The owner's numbers page (issue 33, part 4): what sells, over a chosen range of Israel dates. Every figure is read
// from the reports module's numbers read model (decision 053), never from the orders' lines per request. Money is
// integer agorot (the charts need numbers, not "12.50" strings); dates are Israel calendar dates 'YYYY-MM-DD'.
import { z } from 'zod';
import '../zod-he.js';
import { ORDER_SOURCE_CHANNELS } from '../menu-address.js';
import { isCalendarDate } from './bookkeeping.schemas.js';

/** About thirteen months: a year and the month before it, so "this year" and a year's comparison both fit. */
export const NUMBERS_MAX_RANGE_DAYS = 400;

export const numbersMessagesHe = {
  dateInvalid: 'תאריך לא תקין: יש לכתוב תאריך בצורה YYYY-MM-DD',
  reversed: 'תאריך ההתחלה חייב להיות לפני תאריך הסיום או שווה לו',
  tooLong: `הטווח יכול להיות עד ${NUMBERS_MAX_RANGE_DAYS} ימים (כשלושה עשר חודשים)`,
  plotInvalid: 'אין גרף בשם הזה',
} as const;

/** Days from `from` to `to`, both included (1 for one day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const calendarDate = z
  .string({ message: numbersMessagesHe.dateInvalid })
  .refine((value) => isCalendarDate(value), numbersMessagesHe.dateInvalid);

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: Israel dates, both included, from ≤ to, at most NUMBERS_MAX_RANGE_DAYS days. */
export const numbersRangeSchema = z
  .object({ from: calendarDate, to: calendarDate })
  .superRefine(({ from, to }, ctx) => {
    if (!isCalendarDate(from) || !isCalendarDate(to)) return;
    if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: numbersMessagesHe.reversed });
    else if (daysInRange(from, to) > NUMBERS_MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: numbersMessagesHe.tooLong });
  });
export type NumbersRange = z.output<typeof numbersRangeSchema>;

/** The plots that have a CSV. */
export const NUMBERS_PLOTS = [
  'days',
  'weeks',
  'products',
  'options',
  'hours',
  'service',
  'months',
  'sources',
  'promos',
] as const;
export type NumbersPlot = (typeof NUMBERS_PLOTS)[number];

export const numbersCsvQuerySchema = z
  .object({
    from: calendarDate,
    to: calendarDate,
    plot: z.enum(NUMBERS_PLOTS, { message: numbersMessagesHe.plotInvalid }),
  })
  .superRefine((value, ctx) => {
    const range = numbersRangeSchema.safeParse({ from: value.from, to: value.to });
    if (!range.success) for (const issue of range.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
  });

const count = z.number().int().nonnegative();
/** After refunds a figure may be below what it was paid; never below zero for a whole order, yet sums stay signed. */
const agorotSum = z.number().int();

/** Orders and sales (items, after refunds, without tips) of one Israel date or week. */
export const numbersPeriodSchema = z.object({ date: z.string(), orders: count, salesAgorot: agorotSum });
export type NumbersPeriod = z.infer<typeof numbersPeriodSchema>;

/** `GET /api/owner/numbers/sales`: by day (every date of the range), by week (Sunday first), the average, the split. */
export const numbersSalesSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({ orders: count, salesAgorot: agorotSum, refundedAgorot: agorotSum, averageOrderAgorot: agorotSum }),
  days: z.array(numbersPeriodSchema),
  /** `date` is the week's Sunday (Israel weeks); the first and last weeks may be cut by the range. */
  weeks: z.array(numbersPeriodSchema),
  /** Table service against pickup: by the order's table number and the serviceMode recorded on the order. */
  service: z.array(z.object({ kind: z.enum(['table', 'pickup']), orders: count, salesAgorot: agorotSum })),
});
export type NumbersSales = z.infer<typeof numbersSalesSchema>;

/** `GET /api/owner/numbers/hours`: the weekday by hour grid, 7 × 24 cells (0 = Sunday), Israel time. */
export const numbersHoursSchema = z.object({
  cells: z.array(
    z.object({ weekday: z.number().int().min(0).max(6), hour: z.number().int().min(0).max(23), orders: count }),
  ),
});
export type NumbersHours = z.infer<typeof numbersHoursSchema>;

export const numbersItemSchema = z.object({
  productId: z.number().int(),
  /** '' for the product itself, else the option's id. */
  optionId: z.string(),
  name: z.string(),
  /** The option's group and product, for an option; '' for a product. */
  groupName: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  salesAgorot: agorotSum,
});
export type NumbersItem = z.infer<typeof numbersItemSchema>;

/** `GET /api/owner/numbers/products`: every product (and option) sold in the range, most sold first. */
export const numbersProductsSchema = z.object({
  products: z.array(numbersItemSchema),
  options: z.array(numbersItemSchema),
});
export type NumbersProducts = z.infer<typeof numbersProductsSchema>;

/** `GET /api/owner/numbers/months`: the month of `to` against the month before, day of month by day of month. */
export const numbersMonthsSchema = z.object({
  current: z.object({ month: z.string(), orders: count, salesAgorot: agorotSum }),
  previous: z.object({ month: z.string(), orders: count, salesAgorot: agorotSum }),
  /** Sales to date: each day of month's running total in each month (null after the month's last day). */
  days: z.array(
    z.object({ day: z.number().int().min(1).max(31), current: agorotSum.nullable(), previous: agorotSum.nullable() }),
  ),
});
export type NumbersMonths = z.infer<typeof numbersMonthsSchema>;

/** Israel's week, Sunday first, as the grid and its CSV name the days (index = `weekday`). */
export const WEEKDAYS_HE = ['ראשון', 'שני', 'שלישי', 'רביעי', 'חמישי', 'שישי', 'שבת'] as const;

/** Where an order came from on the numbers page: `OrderPlaced.source`'s channel, 'unknown' for an order without one. */
export const NUMBERS_SOURCE_CHANNELS = [...ORDER_SOURCE_CHANNELS, 'unknown'] as const;
export type NumbersSourceChannel = (typeof NUMBERS_SOURCE_CHANNELS)[number];
export const NUMBERS_SOURCE_CHANNELS_HE: Record<NumbersSourceChannel, string> = {
  table: 'קוד בשולחן',
  window: 'קוד בחלון',
  link: 'קישור',
  unknown: 'לא ידוע',
};

/** `GET /api/owner/numbers/sources`: each channel and tag with paid orders in the range, most orders first. */
export const numbersSourcesSchema = z.object({
  sources: z.array(
    z.object({
      channel: z.enum(NUMBERS_SOURCE_CHANNELS),
      /** The link's tag (lower-cased), '' for none. */
      tag: z.string(),
      orders: count,
      salesAgorot: agorotSum,
    }),
  ),
});
export type NumbersSources = z.infer<typeof numbersSourcesSchema>;

/**
 * `GET /api/owner/numbers/promos`: each promo code used in the range (most orders first) with its orders, their sales
 * (after the discount and refunds, without tips), the discount given, and its average order; against the orders
 * without a code. Empty `codes` when no code was used.
 */
export const numbersPromosSchema = z.object({
  codes: z.array(
    z.object({
      code: z.string(),
      orders: count,
      salesAgorot: agorotSum,
      discountAgorot: agorotSum,
      averageOrderAgorot: agorotSum,
    }),
  ),
  withoutCode: z.object({ orders: count, salesAgorot: agorotSum, averageOrderAgorot: agorotSum }),
});
export type NumbersPromos = z.infer<typeof numbersPromosSchema>;
