// A range of Israel dates for the uniform structure (מבנה אחיד), asked for by the owner for the business and by the
// administrator for the platform: its default and its check with the shared contract before anything is sent.
import { bookkeepingRangeQuerySchema, type BookkeepingRangeQuery } from '@tafrit/contracts/http/bookkeeping.schemas';
import { israelDateOf } from '@tafrit/contracts/months';

export type DateRangeField = keyof BookkeepingRangeQuery;
export type DateRangeErrors = Partial<Record<DateRangeField, string>>;

/** The fields in the order of the form, which is the order focus goes to the first refused one. */
export const DATE_RANGE_FIELDS: readonly DateRangeField[] = ['from', 'to'];

/** The default range: 1 January of the current Israel year to today (a report asked for at 00:30 is of today). */
export function yearToDate(now: Date): BookkeepingRangeQuery {
  const today = israelDateOf(now);
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

/** '2026-01-05' -> '05/01/2026'. */
export function slashDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The first message of each field the contract refused (not a date, reversed, across two years); null if none. */
export function dateRangeErrors(range: BookkeepingRangeQuery): DateRangeErrors | null {
  const parsed = bookkeepingRangeQuerySchema.safeParse(range);
  if (parsed.success) return null;
  const errors: DateRangeErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
