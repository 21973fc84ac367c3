import { describe, expect, it } from 'vitest';
import {
  createPaymentSchema,
  createPromoCodeSchema,
  decidePromo,
  discountedAmounts,
  paidForUnits,
  promoRefusalHe,
  PROMO_REFUSALS,
  spreadDiscount,
  type PromoCode,
  type PromoLine,
} from './index.js';

const code = (change: Partial<PromoCode> = {}): PromoCode => ({
  id: 'p1',
  code: 'HAPPY',
  active: true,
  kind: 'percent',
  percent: 10,
  amountAgorot: null,
  minOrderAgorot: 0,
  validFrom: null,
  validUntil: null,
  hours: null,
  productIds: [],
  categoryIds: [],
  maxUses: null,
  oncePerDiner: false,
  ...change,
});

const coffee: PromoLine = { productId: 1, categoryId: 10, amountAgorot: 1_200 };
const cake: PromoLine = { productId: 2, categoryId: 20, amountAgorot: 3_000 };
const noon = { date: '2026-12-07', minuteOfDay: 12 * 60 };

// given a code, when a cart asks for it at a moment, then the verdict
function when(given: PromoCode | null, change: Partial<Parameters<typeof decidePromo>[0]> = {}) {
  return decidePromo({ code: given, lines: [coffee, cake], now: noon, usesTaken: 0, usedByDiner: false, ...change });
}

describe('whether a promo code holds', () => {
  it('a code of no such name, or turned off, is unknown', () => {
    expect(when(null)).toEqual({ ok: false, reason: 'unknown' });
    expect(when(code({ active: false }))).toEqual({ ok: false, reason: 'unknown' });
  });

  it('before its first day it is not yet valid, after its last day it expired; both days count', () => {
    expect(when(code({ validFrom: '2026-12-08' }))).toEqual({ ok: false, reason: 'not_yet' });
    expect(when(code({ validUntil: '2026-12-06' }))).toEqual({ ok: false, reason: 'expired' });
    expect(when(code({ validFrom: '2026-12-07', validUntil: '2026-12-07' })).ok).toBe(true);
  });

  it('a happy hour holds from its start up to its end, also past midnight', () => {
    const happy = code({ hours: { from: '17:00', until: '19:00' } });
    expect(when(happy)).toEqual({ ok: false, reason: 'outside_hours' });
    expect(when(happy, { now: { date: noon.date, minuteOfDay: 17 * 60 } }).ok).toBe(true);
    expect(when(happy, { now: { date: noon.date, minuteOfDay: 19 * 60 } })).toEqual({
      ok: false,
      reason: 'outside_hours',
    });
    const late = code({ hours: { from: '22:00', until: '02:00' } });
    expect(when(late, { now: { date: noon.date, minuteOfDay: 60 } }).ok).toBe(true);
    expect(when(late).ok).toBe(false);
  });

  it('the least order is counted on the items before the discount, and says the least', () => {
    expect(when(code({ minOrderAgorot: 4_201 }))).toEqual({
      ok: false,
      reason: 'below_minimum',
      minOrderAgorot: 4_201,
    });
    expect(when(code({ minOrderAgorot: 4_200 })).ok).toBe(true);
    expect(promoRefusalHe('below_minimum', '42.01')).toContain('42.01');
  });

  it('a code for products or categories not in the cart has no line to apply to', () => {
    expect(when(code({ productIds: [9], categoryIds: [99] }))).toEqual({ ok: false, reason: 'no_eligible_line' });
  });

  it('a code used as many times as it allows is used up', () => {
    expect(when(code({ maxUses: 3 }), { usesTaken: 3 })).toEqual({ ok: false, reason: 'used_up' });
    expect(when(code({ maxUses: 3 }), { usesTaken: 2 }).ok).toBe(true);
  });

  it('a once-per-diner code this diner used already is refused; others may use it again', () => {
    expect(when(code({ oncePerDiner: true }), { usedByDiner: true })).toEqual({ ok: false, reason: 'already_used' });
    expect(when(code(), { usedByDiner: true }).ok).toBe(true);
  });

  it('every reason has its Hebrew text', () => {
    for (const reason of PROMO_REFUSALS) expect(promoRefusalHe(reason, '10.00')).toMatch(/[א-ת]/);
  });
});

describe('what a code takes off', () => {
  it('a percent of the lines it applies to, rounded half up to the agora', () => {
    expect(when(code({ percent: 10 }))).toEqual({ ok: true, discountAgorot: 420, shares: [120, 300] });
    // 15% of 1,200 agorot (coffee only): 180
    expect(when(code({ percent: 15, categoryIds: [10] }))).toEqual({ ok: true, discountAgorot: 180, shares: [180, 0] });
  });

  it('an amount off, never more than the lines it applies to', () => {
    expect(when(code({ kind: 'amount', percent: null, amountAgorot: 500, productIds: [1] }))).toEqual({
      ok: true,
      discountAgorot: 500,
      shares: [500, 0],
    });
    expect(when(code({ kind: 'amount', percent: null, amountAgorot: 5_000, productIds: [1] }))).toMatchObject({
      discountAgorot: 1_200,
    });
  });
});

describe('the discount spread over its lines', () => {
  it('in proportion, each share rounded down, the rest on the largest line', () => {
    // 1,000 over 1,000 / 2,000 / 3,000 agorot: 166.67, 333.33, 500 -> 166, 333, 500 + 1
    expect(spreadDiscount([1_000, 2_000, 3_000], 1_000)).toEqual([166, 333, 501]);
  });

  it('the shares always add up to the discount and never exceed their line', () => {
    for (const [amounts, discount] of [
      [[1, 1, 1], 2],
      [[333, 333, 334], 999],
      [[5_000, 1, 1], 4_000],
      [[700, 0, 300], 1_000],
    ] as const) {
      const shares = spreadDiscount(amounts, discount);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(discount);
      shares.forEach((share, index) => expect(share).toBeLessThanOrEqual(amounts[index]!));
    }
  });

  it('of equal lines the first takes the rest', () => {
    expect(spreadDiscount([1_000, 1_000], 1)).toEqual([1, 0]);
  });

  it('refuses a discount above the lines', () => {
    expect(() => spreadDiscount([100], 101)).toThrow(RangeError);
  });

  it('the commission is 5% of what was paid for the items', () => {
    expect(discountedAmounts(4_200, 420)).toEqual({
      itemsAgorot: 4_200,
      discountAgorot: 420,
      paidItemsAgorot: 3_780,
      commissionAgorot: 189,
    });
  });
});

describe('the owner\u2019s code and the diner\u2019s typed code', () => {
  const rules = { kind: 'percent', percent: 10 };
  it('a code is kept upper case and trimmed', () => {
    expect(createPromoCodeSchema.parse({ code: ' demo10 ', rules }).code).toBe('DEMO10');
  });

  it.each([
    ['a percent over 100', { kind: 'percent', percent: 101 }, 'rules.percent'],
    [
      'an amount off not below the least order',
      { kind: 'amount', amountAgorot: 2_000, minOrderAgorot: 2_000 },
      'rules.amountAgorot',
    ],
    ['dates reversed', { ...rules, validFrom: '2026-12-10', validUntil: '2026-12-01' }, 'rules.validUntil'],
    ['equal hours', { ...rules, hours: { from: '10:00', until: '10:00' } }, 'rules.hours.until'],
  ])('refuses %s', (_, bad, path) => {
    const parsed = createPromoCodeSchema.safeParse({ code: 'X1', rules: bad });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });

  const payment = { businessId: 'd1', amount: 10, cartData: { items: [{ productId: 1, quantity: 1 }] } };
  it('create-payment takes a typed code trimmed and in upper case, blank as none', () => {
    expect(createPaymentSchema.parse({ ...payment, promoCode: ' demo10 ' }).promoCode).toBe('DEMO10');
    expect(createPaymentSchema.parse({ ...payment, promoCode: '  ' }).promoCode).toBeNull();
    expect(createPaymentSchema.parse(payment).promoCode).toBeNull();
  });

  it('a code of 10,000 characters is refused with its field named', () => {
    const parsed = createPaymentSchema.safeParse({ ...payment, promoCode: 'A'.repeat(10_000) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['promoCode']);
  });
});

describe('what was paid for a discounted line', () => {
  // 3 units of 10.00 with 1.00 of the discount: 29.00 paid.
  const line = { unitPriceAgorot: 1_000, quantity: 3, discountAgorot: 100 };
  it('refunded unit by unit, the units add up to what was paid for the line', () => {
    const units = [0, 1, 2].map((from) => paidForUnits(line, from, 1));
    expect(units).toEqual([966, 967, 967]);
    expect(units.reduce((sum, unit) => sum + unit, 0)).toBe(2_900);
    expect(paidForUnits(line, 0, 3)).toBe(2_900);
  });

  it('without a discount, the unit price times the units', () => {
    expect(paidForUnits({ unitPriceAgorot: 1_450, quantity: 2 }, 1, 1)).toBe(1_450);
  });
});
