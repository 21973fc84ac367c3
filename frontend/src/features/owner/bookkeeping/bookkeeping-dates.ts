// The accountant's months and dates, in Israel time like every report: a download asked for on the 1st at 00:30
// is of the month that has just ended, though it is still the last day of it in UTC.
import { israelDateOf, israelMonthOf, shiftMonth } from '@tafrit/contracts/months';

/** How many months the picker offers: two years, enough for a VAT audit of the past year and the one before it. */
export const BOOKKEEPING_MONTHS_SHOWN = 24;

/** The picker's months: the current Israel month and the 23 before it, newest first. */
export function bookkeepingMonths(now: Date): string[] {
  const current = israelMonthOf(now);
  return Array.from({ length: BOOKKEEPING_MONTHS_SHOWN }, (_, index) => shiftMonth(current, -index));
}

/** 'YYYY-MM-DD': the Israel calendar date of an instant (the value of an <input type="date">). */
export { israelDateOf };

/** '2026-10' -> '10/2026', the way an accountant writes a month. */
export function slashMonth(month: string): string {
  const [year, monthNumber] = month.split('-');
  return `${monthNumber}/${year}`;
}

// An <option> holds text only, no <bdi>: Unicode's left-to-right isolate keeps "10/2026" whole beside Hebrew words.
const LRI = '\u2066';
const PDI = '\u2069';

/** An option's text: '10/2026', isolated left to right, with a note after it if any. */
export function monthOptionText(month: string, note?: string): string {
  const text = `${LRI}${slashMonth(month)}${PDI}`;
  return note ? `${text} ${note}` : text;
}
