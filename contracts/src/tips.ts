// The diner's optional tip (issue 17) and the amounts of an order that carries one. The tip is charged with the order
// but is not part of the sale: it carries no commission and stays outside the tax invoice's VAT base (decision 027).
import { commissionAgorot, type Agorot } from './money.js';

/** The percentages the checkout offers beside "no tip" and an amount of the diner's choice. */
export const TIP_PERCENTS = [10, 12, 15] as const;
export type TipPercent = (typeof TIP_PERCENTS)[number];

/** No tip above ₪1,000, and never more than the items themselves: a slip of the finger, not generosity. */
export const TIP_MAX_AGOROT: Agorot = 100_000;

/** The diner's choice as create-payment carries it: a percent of the items, or an amount in agorot. */
export type TipChoice = { percent: TipPercent } | { amountAgorot: Agorot };

/** A percent of the items rounded half up to the agora; an amount as it is. */
export function tipAgorotOf(choice: TipChoice, itemsAgorot: Agorot): Agorot {
  if ('percent' in choice) return Math.floor((itemsAgorot * choice.percent + 50) / 100);
  return choice.amountAgorot;
}

/** The highest tip an order of these items may carry. */
export function maxTipAgorot(itemsAgorot: Agorot): Agorot {
  return Math.min(itemsAgorot, TIP_MAX_AGOROT);
}

export interface OrderAmounts {
  /** What the diner is charged: the items and the tip. */
  totalAgorot: Agorot;
  tipAgorot: Agorot;
  /** 5% of the items only: a tip carries no commission. */
  commissionAgorot: Agorot;
  /** What the business is paid out: the total less the commission, so the tip passes whole. */
  netAgorot: Agorot;
}

/** The one place the order's (and so the payout's) arithmetic meets the tip. */
export function orderAmounts(itemsAgorot: Agorot, tipAgorot: Agorot = 0): OrderAmounts {
  if (!Number.isSafeInteger(tipAgorot) || tipAgorot < 0) throw new RangeError(`bad tip: ${tipAgorot}`);
  const commission = commissionAgorot(itemsAgorot);
  const total = itemsAgorot + tipAgorot;
  return { totalAgorot: total, tipAgorot, commissionAgorot: commission, netAgorot: total - commission };
}
