// Money is an integer number of agorot (1 ₪ = 100 agorot) everywhere in code and events. Every division below is
// done on integers with an explicit rounding rule, so a total computed twice (order, report, payout) always agrees.

/** An integer count of agorot. */
export type Agorot = number;

export const COMMISSION_RATE_BASIS_POINTS = 500;
export const VAT_RATE_PERCENT = 18;
/** numeric(10,2) would allow more, but no single menu price is above this. */
export const MAX_PRICE_AGOROT: Agorot = 9_999_999;

// A comma followed by one or two digits is the decimal point: an Israeli keyboard or phone types '12,5' for ₪12.50.
// Any other comma ('1,250') is refused rather than read as a thousands separator, so a price is never ten or a
// hundred times what the owner meant.
const PRICE_PATTERN = /^(\d+)(?:[.,](\d{1,2}))?$/;

/**
 * The one reader of a typed price or amount: '12' -> 1200, '12.5' and '12,5' -> 1250, '12.50' -> 1250; null for
 * anything a price field must refuse ('1,250', '12.345', '-1').
 */
export function parsePriceToAgorot(text: string): Agorot | null {
  const match = PRICE_PATTERN.exec(text.trim());
  if (!match) return null;
  const shekels = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  // Checked on the text first so a 30-digit input never becomes an imprecise float.
  if (shekels.length > 5) return null;
  const agorot = Number(shekels) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return agorot <= MAX_PRICE_AGOROT ? agorot : null;
}

function assertAgorot(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer number of agorot: ${value}`);
}

function splitAbs(agorot: Agorot): { sign: string; shekels: number; cents: string } {
  assertAgorot(agorot, 'amount');
  const abs = Math.abs(agorot);
  return { sign: agorot < 0 ? '-' : '', shekels: Math.trunc(abs / 100), cents: String(abs % 100).padStart(2, '0') };
}

/** 12345 -> '123.45': the text a numeric(10,2) column or a payment provider expects. */
export function agorotToDecimalString(agorot: Agorot): string {
  const { sign, shekels, cents } = splitAbs(agorot);
  return `${sign}${shekels}.${cents}`;
}

/**
 * 1250 -> '₪12.50', 123456789 -> '₪1,234,567.89'. Built by hand: Intl's ILS output differs between runtimes
 * (symbol side, 'ILS' vs '₪', invisible direction marks), and server-rendered text must match the browser's.
 */
export function formatShekels(agorot: Agorot): string {
  const { sign, shekels, cents } = splitAbs(agorot);
  const grouped = String(shekels).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}₪${grouped}.${cents}`;
}

/** numerator / denominator rounded half up, for a non-negative numerator and a positive denominator. */
function divideRoundHalfUp(numerator: number, denominator: number): number {
  const quotient = (numerator - (numerator % denominator)) / denominator;
  return 2 * (numerator % denominator) >= denominator ? quotient + 1 : quotient;
}

function assertTotal(total: Agorot, factor: number): void {
  assertAgorot(total, 'total');
  if (total < 0) throw new RangeError(`total must not be negative: ${total}`);
  if (!Number.isSafeInteger(total * factor)) throw new RangeError(`total is too large: ${total}`);
}

/** 5% of the order total, rounded half up to the agora: 1010 -> 51 (50.5 rounds up), 1009 -> 50. */
export function commissionAgorot(total: Agorot): Agorot {
  assertTotal(total, COMMISSION_RATE_BASIS_POINTS);
  return divideRoundHalfUp(total * COMMISSION_RATE_BASIS_POINTS, 10_000);
}

/** What the business receives: the total minus the commission, so the two always add back up. */
export function netAgorot(total: Agorot): Agorot {
  return total - commissionAgorot(total);
}

export type VatSplit = { beforeVat: Agorot; vat: Agorot; total: Agorot };

/**
 * Splits a VAT-inclusive total for a tax invoice. beforeVat is rounded half up and vat takes the remainder, so
 * beforeVat + vat === total exactly. The rate is a parameter because orders before 2025 were taxed at 17%.
 */
export function splitVat(total: Agorot, ratePercent: number = VAT_RATE_PERCENT): VatSplit {
  if (!Number.isSafeInteger(ratePercent) || ratePercent < 0) throw new RangeError(`bad VAT rate: ${ratePercent}`);
  assertTotal(total, 100);
  const beforeVat = divideRoundHalfUp(total * 100, 100 + ratePercent);
  return { beforeVat, vat: total - beforeVat, total };
}
