import { describe, expect, it } from 'vitest';
import {
  COMMISSION_RATE_BASIS_POINTS,
  MAX_PRICE_AGOROT,
  VAT_RATE_PERCENT,
  agorotToDecimalString,
  commissionAgorot,
  formatShekels,
  netAgorot,
  parsePriceToAgorot,
  splitVat,
} from './money.js';

describe('parsePriceToAgorot', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.05', 5],
    ['0', 0],
    ['0.1', 10],
    [' 7.90 ', 790],
    ['007.5', 750],
    ['99999.99', 9_999_999],
    ['19.99', 1999],
    ['0.29', 29],
    ['4.35', 435],
    // A decimal comma, as a Hebrew keyboard or phone types it.
    ['12,5', 1250],
    ['12,50', 1250],
    ['0,05', 5],
    [' 7,9 ', 790],
  ])('reads %j as %i agorot', (text, expected) => {
    expect(parsePriceToAgorot(text)).toBe(expected);
  });

  it.each([
    '-1',
    '-0.5',
    '12.345',
    '99999.999',
    '100000',
    '100000.00',
    '1234567890123456789012345',
    'abc',
    '',
    ' ',
    '.5',
    '12.',
    '1e3',
    '0x10',
    '1,000',
    '1,250',
    '12,345',
    '1,250.50',
    '12,',
    ',5',
    '12,5,0',
    '12.5,0',
    '+5',
    '₪12',
    '12 .5',
    'NaN',
    'Infinity',
    '١٢',
  ])('refuses %j', (text) => {
    expect(parsePriceToAgorot(text)).toBeNull();
  });

  it('round-trips every decimal string it produces', () => {
    const wrong: number[] = [];
    for (let agorot = 0; agorot <= 200_000; agorot += 1) {
      if (parsePriceToAgorot(agorotToDecimalString(agorot)) !== agorot) wrong.push(agorot);
    }
    expect(wrong).toEqual([]);
    expect(parsePriceToAgorot(agorotToDecimalString(MAX_PRICE_AGOROT))).toBe(MAX_PRICE_AGOROT);
  });
});

describe('agorotToDecimalString', () => {
  it.each([
    [12345, '123.45'],
    [0, '0.00'],
    [5, '0.05'],
    [50, '0.50'],
    [100, '1.00'],
    [1250, '12.50'],
    [9_999_999, '99999.99'],
    [-1250, '-12.50'],
    [-5, '-0.05'],
  ])('%i -> %s', (agorot, expected) => {
    expect(agorotToDecimalString(agorot)).toBe(expected);
  });

  it('refuses fractions of an agora', () => {
    expect(() => agorotToDecimalString(12.5)).toThrow(RangeError);
    expect(() => agorotToDecimalString(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatShekels', () => {
  it.each([
    [1250, '₪12.50'],
    [0, '₪0.00'],
    [5, '₪0.05'],
    [99_999, '₪999.99'],
    [100_000, '₪1,000.00'],
    [123_456_789, '₪1,234,567.89'],
    [100_000_000, '₪1,000,000.00'],
    [-1250, '-₪12.50'],
    [-100_000, '-₪1,000.00'],
  ])('%i -> %s', (agorot, expected) => {
    expect(formatShekels(agorot)).toBe(expected);
  });

  it('uses no invisible direction marks', () => {
    expect(formatShekels(123_456)).toMatch(/^₪[\d,]+\.\d{2}$/);
  });

  it('refuses fractions of an agora', () => {
    expect(() => formatShekels(0.5)).toThrow(RangeError);
  });
});

describe('commission', () => {
  it('is 5% in basis points', () => {
    expect(COMMISSION_RATE_BASIS_POINTS).toBe(500);
  });

  it.each([
    [1010, 51],
    [1009, 50],
    [1000, 50],
    [10, 1],
    [9, 0],
    [0, 0],
    [3030, 152],
    [2990, 150],
    [12_345, 617],
    [4_590, 230],
    [9_999_999, 500_000],
  ])('commission of %i is %i', (total, expected) => {
    expect(commissionAgorot(total)).toBe(expected);
    expect(netAgorot(total)).toBe(total - expected);
  });

  it('rounds half up and is never more than half an agora off, for every total up to 2,000 shekels', () => {
    const wrong: number[] = [];
    for (let total = 0; total <= 200_000; total += 1) {
      const commission = commissionAgorot(total);
      // 10000 * commission - 500 * total is 10000 * (rounding error); it must lie in (-0.5, +0.5] agorot.
      const error = 10_000 * commission - COMMISSION_RATE_BASIS_POINTS * total;
      if (error <= -5_000 || error > 5_000 || commission + netAgorot(total) !== total) wrong.push(total);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses negative and fractional totals', () => {
    expect(() => commissionAgorot(-100)).toThrow(RangeError);
    expect(() => commissionAgorot(10.5)).toThrow(RangeError);
    expect(() => netAgorot(Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });
});

describe('splitVat', () => {
  it('uses 18% VAT', () => {
    expect(VAT_RATE_PERCENT).toBe(18);
  });

  it.each([
    [11_800, 10_000, 1_800],
    [100, 85, 15],
    [1, 1, 0],
    [0, 0, 0],
    [59, 50, 9],
    [1250, 1059, 191],
    [4_990, 4_229, 761],
    [9_999_999, 8_474_575, 1_525_424],
  ])('%i splits into %i before VAT and %i VAT', (total, beforeVat, vat) => {
    expect(splitVat(total)).toEqual({ beforeVat, vat, total });
  });

  it('adds back up and rounds the pre-VAT amount to the nearest agora, for every total up to 2,000 shekels', () => {
    const wrong: number[] = [];
    for (let total = 0; total <= 200_000; total += 1) {
      const { beforeVat, vat } = splitVat(total);
      // 118 * beforeVat - 100 * total is 118 * (rounding error), inside (-0.5, +0.5] agorot.
      const error = 118 * beforeVat - 100 * total;
      if (beforeVat + vat !== total || 2 * error <= -118 || 2 * error > 118) wrong.push(total);
    }
    expect(wrong).toEqual([]);
  });

  it('rounds an exact half up (no 17% or 18% total lands on a half, so a 100% rate shows it)', () => {
    expect(splitVat(1, 100)).toEqual({ beforeVat: 1, vat: 0, total: 1 });
    expect(splitVat(3, 100)).toEqual({ beforeVat: 2, vat: 1, total: 3 });
    expect(splitVat(4, 100)).toEqual({ beforeVat: 2, vat: 2, total: 4 });
  });

  it('takes the rate of older orders (17% before 2025) and a zero rate', () => {
    expect(splitVat(11_700, 17)).toEqual({ beforeVat: 10_000, vat: 1_700, total: 11_700 });
    expect(splitVat(100, 17)).toEqual({ beforeVat: 85, vat: 15, total: 100 });
    expect(splitVat(1250, 0)).toEqual({ beforeVat: 1250, vat: 0, total: 1250 });
  });

  it('refuses bad input', () => {
    expect(() => splitVat(-1)).toThrow(RangeError);
    expect(() => splitVat(1.5)).toThrow(RangeError);
    expect(() => splitVat(100, -1)).toThrow(RangeError);
    expect(() => splitVat(100, 1.5)).toThrow(RangeError);
  });
});
