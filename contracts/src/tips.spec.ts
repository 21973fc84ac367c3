import { describe, expect, it } from 'vitest';
import { maxTipAgorot, orderAmounts, tipAgorotOf } from './tips.js';

describe('the tip', () => {
  it('is a percent of the items rounded half up to the agora', () => {
    expect(tipAgorotOf({ percent: 10 }, 4250)).toBe(425);
    expect(tipAgorotOf({ percent: 12 }, 1005)).toBe(121); // 120.6
    expect(tipAgorotOf({ percent: 15 }, 1010)).toBe(152); // 151.5 rounds up
    expect(tipAgorotOf({ amountAgorot: 700 }, 4250)).toBe(700);
  });

  it('may not exceed the items nor ₪1,000', () => {
    expect(maxTipAgorot(4250)).toBe(4250);
    expect(maxTipAgorot(500_000)).toBe(100_000);
  });

  it('is charged with the order but carries no commission, and reaches the payout whole', () => {
    expect(orderAmounts(10_000, 1_500)).toEqual({
      totalAgorot: 11_500,
      tipAgorot: 1_500,
      commissionAgorot: 500,
      netAgorot: 11_000,
    });
    expect(orderAmounts(1010)).toEqual({ totalAgorot: 1010, tipAgorot: 0, commissionAgorot: 51, netAgorot: 959 });
  });

  it('refuses a negative or fractional tip', () => {
    expect(() => orderAmounts(1000, -1)).toThrow(RangeError);
    expect(() => orderAmounts(1000, 1.5)).toThrow(RangeError);
  });
});
