import { lastTwelveMonths, type MonthString } from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';

/**
 * Reports cover the current Israel month and the 11 before it (product-spec §9), counted by the server's clock: an
 * older or a future month is refused rather than answered with an empty report that looks like "no sales".
 */
export function assertReportableMonth(month: MonthString, now: Date): void {
  if (!lastTwelveMonths(now).includes(month)) throw new AppError('report.month_out_of_range');
}

/** Every Israel calendar date of the month, 'YYYY-MM-DD', in order. */
export function datesOfMonth(month: MonthString): string[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  // Day 0 of the next month is the last day of this one; calendar arithmetic only, no time zone involved.
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return Array.from({ length: days }, (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`);
}
