// The order's limits and the client's amounts, shared by create-payment (ordering.schemas.ts) and refunds: a module of
// its own so the owner's refund form does not reach the checkout's phone rule (libphonenumber's metadata).
import { parsePriceToAgorot } from '../money.js';

export const ORDER_LIMITS = {
  remarksMax: 500,
  quantityMax: 99,
  linesMax: 100,
  tableMax: 9999,
} as const;

/** A price the client may send as "12.50", 12.5 or 12: agorot, or null when it is not a price at all. */
export function clientAmountToAgorot(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const agorot = Math.round(value * 100);
    // 12.345 is not an amount anyone was shown.
    return Math.abs(agorot - value * 100) < 1e-6 ? agorot : null;
  }
  return typeof value === 'string' ? parsePriceToAgorot(value) : null;
}
