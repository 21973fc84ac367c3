// Issue 34, splitting a shared table's bill: what one payer's part of the order's items is, in agorot, before their
// own tip. One function for the server (which charges it) and the diner's page (which shows it), so both round alike.
// The rule that leaves nothing unpaid and never charges more than the total: every part is capped by what is left
// (the items not yet paid nor being paid), and the last payer's "what is left" is exactly what remains.
import type { Agorot } from './money.js';

/** No part below ₪1 (unless it is all that is left): a card charge of a few agorot is a mistake, not a split. */
export const SPLIT_MIN_PART_AGOROT: Agorot = 100;
/** The most equal parts a bill may be split into. */
export const SPLIT_MAX_SHARES = 50;

export type SplitChoice =
  { mode: 'all' } | { mode: 'mine' } | { mode: 'equal'; shares: number } | { mode: 'amount'; amountAgorot: Agorot };

export interface SplitBill {
  /** The order's items after any discount, without tips. */
  itemsAgorot: Agorot;
  /** The items already paid or being paid by others (their pages are open), without their tips. */
  takenAgorot: Agorot;
  /** The payer's own lines (for `mine`), after their share of any discount. */
  mineAgorot: Agorot;
}

export type SplitRefusal =
  /** Nothing is left to pay (others paid or are paying the rest). */
  | 'nothing_left'
  /** `mine` with no lines of the payer's. */
  | 'nothing_mine'
  /** An amount above what is left. */
  | 'above_left'
  /** A part below ₪1 that is not all that is left (e.g. one ₪20 line among 50). */
  | 'part_too_small'
  /** Shares outside 2..50, or an amount that is not a positive whole number of agorot. */
  | 'invalid';

export type SplitPart = { ok: true; agorot: Agorot; leftAfterAgorot: Agorot } | { ok: false; reason: SplitRefusal };

/** The payer's part of the items for their choice, or why it cannot be charged. */
export function splitPart(choice: SplitChoice, bill: SplitBill): SplitPart {
  const left = bill.itemsAgorot - bill.takenAgorot;
  if (left <= 0) return { ok: false, reason: 'nothing_left' };
  const part = wanted(choice, bill, left);
  if (typeof part === 'string') return { ok: false, reason: part };
  const agorot = Math.min(part, left);
  if (agorot < SPLIT_MIN_PART_AGOROT && agorot < left) return { ok: false, reason: 'part_too_small' };
  return { ok: true, agorot, leftAfterAgorot: left - agorot };
}

function wanted(choice: SplitChoice, bill: SplitBill, left: Agorot): Agorot | SplitRefusal {
  switch (choice.mode) {
    case 'all':
      return left;
    case 'mine':
      return bill.mineAgorot > 0 ? bill.mineAgorot : 'nothing_mine';
    case 'equal': {
      const { shares } = choice;
      if (!Number.isInteger(shares) || shares < 2 || shares > SPLIT_MAX_SHARES) return 'invalid';
      // Rounded up, so n parts always cover the bill; the cap by what is left makes the last part the smaller one.
      const part = Math.ceil(bill.itemsAgorot / shares);
      return part < SPLIT_MIN_PART_AGOROT ? 'part_too_small' : part;
    }
    case 'amount': {
      const { amountAgorot } = choice;
      if (!Number.isSafeInteger(amountAgorot) || amountAgorot <= 0) return 'invalid';
      return amountAgorot > left ? 'above_left' : amountAgorot;
    }
  }
}

/** Why a part cannot be paid, in Hebrew (the error envelope's message); `left` is what is left, in shekels. */
export function splitRefusalHe(reason: SplitRefusal, left: string): string {
  switch (reason) {
    case 'nothing_left':
      return 'אין מה לשלם: שאר החשבון כבר שולם או בתשלום אצל מישהו אחר בשולחן';
    case 'nothing_mine':
      return 'לא הוספתם פריטים משלכם לחשבון. בחרו חלק שווה, סכום, או את כל מה שנשאר';
    case 'above_left':
      return `הסכום גבוה ממה שנשאר לתשלום (${left} ₪)`;
    case 'part_too_small':
      return 'החלק קטן מ־1 ₪. בחרו פחות חלקים או סכום גדול יותר';
    case 'invalid':
      return 'אופן חלוקת החשבון אינו תקין';
  }
}

/** A share's one line on its payer's document: named by the table and the order (the share is not of any one item). */
export function shareLineName(tableNumber: number | null, orderNumber: number): string {
  return tableNumber === null
    ? `חלק מהחשבון, הזמנה ${orderNumber}`
    : `חלק מהחשבון שולחן ${tableNumber}, הזמנה ${orderNumber}`;
}

/**
 * A share of `agorot` as its document's one line (the provider's page and ours alike): named by `shareLineName`, under
 * the order's first product (a document line names a product; the share is of none in particular).
 */
export function shareLineOf(
  order: { tableNumber: number | null; orderNumber: number; lines: readonly { productId: number }[] },
  agorot: number,
): { productId: number; name: string; unitPriceAgorot: number; quantity: 1 } {
  const name = shareLineName(order.tableNumber, order.orderNumber);
  return { productId: order.lines[0]?.productId ?? 1, name, unitPriceAgorot: agorot, quantity: 1 };
}
