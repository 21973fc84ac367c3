// Promo codes (issue 33): whether a code holds for a cart at a moment, how much it takes off, and how that discount
// is spread over the lines it applies to. Pure and shared: the server decides with it at checkout (never trusting
// the client's figure), the diner's cart shows the same answer, the invoice and refunds read the spread it made.
import { commissionAgorot, type Agorot } from './money.js';

/** Why a code does not hold for this cart now; each has a Hebrew text the diner reads (`promoRefusalsHe`). */
export const PROMO_REFUSALS = [
  'unknown',
  'expired',
  'not_yet',
  'outside_hours',
  'below_minimum',
  'no_eligible_line',
  'used_up',
  'already_used',
] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

/** A code's rules as the owner set them. Dates and hours are Israel time. */
export interface PromoCodeRules {
  kind: 'percent' | 'amount';
  /** `percent`: 1-100. */
  percent: number | null;
  /** `amount`: the agorot taken off (at most the lines it applies to). */
  amountAgorot: Agorot | null;
  /** The least order, counted on the items before the discount (0: none). */
  minOrderAgorot: Agorot;
  /** 'YYYY-MM-DD', both inclusive; null: open. */
  validFrom: string | null;
  validUntil: string | null;
  /** A happy hour every day, 'HH:MM' to 'HH:MM' (until exclusive; an until before from runs past midnight). */
  hours: { from: string; until: string } | null;
  /** Both empty: every line. Otherwise a line applies when its product or its category is listed. */
  productIds: readonly number[];
  categoryIds: readonly number[];
  /** Uses in all (null: no limit). */
  maxUses: number | null;
  /** Once per diner session, or per phone where the diner gives one. */
  oncePerDiner: boolean;
}

export interface PromoCode extends PromoCodeRules {
  id: string;
  code: string;
  active: boolean;
}

/** A priced cart line as the code sees it. */
export interface PromoLine {
  productId: number;
  categoryId: number | null;
  /** The line's amount before any discount: unit price x quantity. */
  amountAgorot: Agorot;
}

/** The moment in Israel time: its calendar date and its minute of the day. */
export interface IsraelMoment {
  date: string;
  minuteOfDay: number;
}

export type PromoVerdict =
  | {
      ok: true;
      discountAgorot: Agorot;
      /** Each line's share of the discount, in the cart's order (0 for a line the code does not apply to). */
      shares: Agorot[];
    }
  | { ok: false; reason: PromoRefusal; minOrderAgorot?: Agorot };

/** The one spelling a code is compared in: trimmed, upper case (a Hebrew code is unchanged by it). */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** 'HH:MM' as minutes since midnight. */
export function minuteOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

function withinHours(hours: { from: string; until: string }, minute: number): boolean {
  const from = minuteOfDay(hours.from);
  const until = minuteOfDay(hours.until);
  return from < until ? minute >= from && minute < until : minute >= from || minute < until;
}

function applies(rules: PromoCodeRules, line: PromoLine): boolean {
  if (rules.productIds.length === 0 && rules.categoryIds.length === 0) return true;
  return (
    rules.productIds.includes(line.productId) ||
    (line.categoryId !== null && rules.categoryIds.includes(line.categoryId))
  );
}

/**
 * Whether `code` (null: no such code of this business) holds for these lines at `now`, and what it takes off. The
 * uses already taken and whether this diner used it are what the database knew when asked; the store counts the use
 * again atomically with the order (a race past the limit is refused there).
 */
export function decidePromo({
  code,
  lines,
  now,
  usesTaken,
  usedByDiner,
}: {
  code: PromoCode | null;
  lines: readonly PromoLine[];
  now: IsraelMoment;
  usesTaken: number;
  usedByDiner: boolean;
}): PromoVerdict {
  if (!code || !code.active) return { ok: false, reason: 'unknown' };
  if (code.validFrom !== null && now.date < code.validFrom) return { ok: false, reason: 'not_yet' };
  if (code.validUntil !== null && now.date > code.validUntil) return { ok: false, reason: 'expired' };
  if (code.hours && !withinHours(code.hours, now.minuteOfDay)) return { ok: false, reason: 'outside_hours' };
  const itemsAgorot = lines.reduce((sum, line) => sum + line.amountAgorot, 0);
  if (itemsAgorot < code.minOrderAgorot) {
    return { ok: false, reason: 'below_minimum', minOrderAgorot: code.minOrderAgorot };
  }
  const eligible = lines.map((line) => (applies(code, line) ? line.amountAgorot : 0));
  const eligibleAgorot = eligible.reduce((sum, amount) => sum + amount, 0);
  if (eligibleAgorot === 0) return { ok: false, reason: 'no_eligible_line' };
  if (code.maxUses !== null && usesTaken >= code.maxUses) return { ok: false, reason: 'used_up' };
  if (code.oncePerDiner && usedByDiner) return { ok: false, reason: 'already_used' };
  const discountAgorot =
    code.kind === 'percent'
      ? Math.floor((eligibleAgorot * (code.percent ?? 0) + 50) / 100)
      : Math.min(code.amountAgorot ?? 0, eligibleAgorot);
  return { ok: true, discountAgorot, shares: spreadDiscount(eligible, discountAgorot) };
}

/**
 * The discount spread over the lines in proportion to their amounts, each share rounded down to the agora, and the
 * agorot left over put on the largest line (the first of equals), so the shares add up to the discount exactly and a
 * refund of a line can return what was paid for it. A share never exceeds its line: in the rare cart where the
 * largest line has no room for the rest, the next largest takes what is left.
 */
export function spreadDiscount(amounts: readonly Agorot[], discountAgorot: Agorot): Agorot[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  if (discountAgorot < 0 || discountAgorot > total || !Number.isSafeInteger(discountAgorot)) {
    throw new RangeError(`a discount of ${discountAgorot} on ${total}`);
  }
  if (total === 0) return amounts.map(() => 0);
  const shares = amounts.map((amount) => Math.floor((amount * discountAgorot) / total));
  let rest = discountAgorot - shares.reduce((sum, share) => sum + share, 0);
  const bySize = amounts.map((_, index) => index).sort((a, b) => amounts[b]! - amounts[a]! || a - b);
  for (const index of bySize) {
    if (rest === 0) break;
    const room = amounts[index]! - shares[index]!;
    const taken = Math.min(room, rest);
    shares[index]! += taken;
    rest -= taken;
  }
  return shares;
}

export interface DiscountedAmounts {
  itemsAgorot: Agorot;
  discountAgorot: Agorot;
  /** What the diner pays for the items: the base of the tip's percent, the VAT and the commission. */
  paidItemsAgorot: Agorot;
  commissionAgorot: Agorot;
}

/** The order's arithmetic with a discount: the commission is 5% of what was paid for the items. */
export function discountedAmounts(itemsAgorot: Agorot, discountAgorot: Agorot): DiscountedAmounts {
  const paidItemsAgorot = itemsAgorot - discountAgorot;
  return { itemsAgorot, discountAgorot, paidItemsAgorot, commissionAgorot: commissionAgorot(paidItemsAgorot) };
}

/**
 * What was paid for units [from, from + quantity) of a line: its amount less its share of the discount, spread over
 * its units so that refunding them in any steps returns exactly what was paid for the line. Without a discount this is
 * the unit price times the units.
 */
export function paidForUnits(
  line: { unitPriceAgorot: Agorot; quantity: number; discountAgorot?: Agorot },
  from: number,
  quantity: number,
): Agorot {
  const paid = line.unitPriceAgorot * line.quantity - (line.discountAgorot ?? 0);
  const upTo = (units: number) => Math.floor((paid * units) / line.quantity);
  return upTo(from + quantity) - upTo(from);
}
