// How the report shows months, amounts and times. Amounts arrive as decimal strings ("123.45") and are turned into
// agorot (integers) before any arithmetic, so a line total or a chart bar never shows a float's rounding.
import { formatShekels } from '@tafrit/contracts/money';
import { formatIsraelDateTime } from '@tafrit/contracts/months';
import { heOwner } from '@/i18n/he-owner';

const t = heOwner.reports;

const DECIMAL = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;

/** '123.45' -> 12345, '7' -> 700; null for anything else. */
export function decimalToAgorot(text: string): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const agorot = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -agorot : agorot;
}

/** '123.45' -> '₪123.45'; an amount the client cannot read is shown as the server wrote it. */
export function shekelsText(amount: string): string {
  const agorot = decimalToAgorot(amount);
  return agorot === null ? amount : formatShekels(agorot);
}

/** A line's total from its unit price in shekels (12.5) and quantity, in agorot. */
export function lineTotalAgorot(price: number, quantity: number): number {
  return Math.round(price * 100) * quantity;
}

/** 'dd/MM/yyyy HH:mm' in Israel time, or 'תאריך לא זמין' for a value that is not a date. */
export function orderDateText(value: string | null | undefined): string {
  if (!value) return t.dateUnavailable;
  try {
    return formatIsraelDateTime(value);
  } catch {
    return t.dateUnavailable;
  }
}

/** '2026-11-03' -> 3. */
export function dayOfMonth(date: string): number {
  return Number(date.slice(8, 10));
}
