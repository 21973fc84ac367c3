import { BOOKKEEPING_YEARS_KEPT, israelDateOf, type MonthString } from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';

/**
 * The exports cover what the law asks to keep: from seven years back to today (Israel dates, by the server's clock).
 * A future date or an older one is refused rather than answered with an empty file that looks like "no documents".
 * The schema already refused a reversed range or one across two calendar years.
 */
export function assertKeptRange(from: string, to: string, now: Date): void {
  const today = israelDateOf(now);
  const oldest = `${Number(today.slice(0, 4)) - BOOKKEEPING_YEARS_KEPT}${today.slice(4)}`;
  if (to > today || from < oldest) throw new AppError('bookkeeping.range_out_of_bounds');
}

/** The same for a month: the current one (its documents so far) back to the month seven years ago. */
export function assertKeptMonth(month: MonthString, now: Date): void {
  const today = israelDateOf(now);
  assertKeptRange(`${month}-01`, month === today.slice(0, 7) ? today : `${month}-01`, now);
}
