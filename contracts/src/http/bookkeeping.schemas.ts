// The accountant's files (issue 32): the uniform structure (מבנה אחיד) for a date range and the month's download.
// What needs the server's clock (a future date, older than the seven years the law keeps records) is checked there.
import { z } from 'zod';
import '../zod-he.js';
import { isMonthString } from '../months.js';

export const bookkeepingMessagesHe = {
  dateInvalid: 'תאריך לא תקין (YYYY-MM-DD)',
  rangeReversed: 'תאריך ההתחלה מאוחר מתאריך הסיום',
  rangeTooLong: 'אפשר להפיק קובץ לשנה קלנדרית אחת לכל היותר: שני התאריכים באותה שנה',
  monthInvalid: 'חודש לא תקין (YYYY-MM)',
} as const;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const calendarDate = z
  .string({ message: bookkeepingMessagesHe.dateInvalid })
  .refine(isCalendarDate, bookkeepingMessagesHe.dateInvalid);

/**
 * `GET /api/bookkeeping/uniform-structure?from=&to=` (and the administrator's): Israel dates, both included. The
 * files are per tax year (the folder is named by it, decision 048), so both dates fall in one calendar year.
 */
export const bookkeepingRangeQuerySchema = z
  .object({ from: calendarDate, to: calendarDate })
  .superRefine(({ from, to }, ctx) => {
    if (!isCalendarDate(from) || !isCalendarDate(to)) return;
    if (from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: bookkeepingMessagesHe.rangeReversed });
    else if (from.slice(0, 4) !== to.slice(0, 4)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: bookkeepingMessagesHe.rangeTooLong });
    }
  });
export type BookkeepingRangeQuery = z.output<typeof bookkeepingRangeQuerySchema>;

/** `GET /api/bookkeeping/months/{YYYY-MM}`. */
export const bookkeepingMonthParamsSchema = z.object({
  month: z
    .string({ message: bookkeepingMessagesHe.monthInvalid })
    .refine((month) => isMonthString(month), bookkeepingMessagesHe.monthInvalid),
});
export type BookkeepingMonthParams = z.output<typeof bookkeepingMonthParamsSchema>;

/** How long the law keeps the records the exports read: seven years (the bookkeeping instructions). */
export const BOOKKEEPING_YEARS_KEPT = 7;
