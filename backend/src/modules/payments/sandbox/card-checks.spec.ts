import { describe, expect, it } from '@jest/globals';
import { cardBrand, parseExpiry, passesLuhn, SANDBOX_CARDS } from './card-checks.js';

describe('sandbox card checks', () => {
  it('the two test cards pass the Luhn check, a changed digit does not', () => {
    expect(passesLuhn(SANDBOX_CARDS.approved)).toBe(true);
    expect(passesLuhn(SANDBOX_CARDS.declined)).toBe(true);
    expect(passesLuhn('4580000000000001')).toBe(false);
    expect(passesLuhn('4580')).toBe(false);
    expect(passesLuhn('45800000000000x0')).toBe(false);
  });

  it('reads expiry dates and refuses past months', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    expect(parseExpiry('12/30', now)).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('1130', now)).toEqual({ month: 11, year: 2030 });
    expect(parseExpiry('11/2026', now)).toEqual({ month: 11, year: 2026 });
    expect(parseExpiry('10/26', now)).toBe('expired');
    expect(parseExpiry('13/30', now)).toBe('invalid');
    expect(parseExpiry('abc', now)).toBe('invalid');
  });

  it('names the brand from the number', () => {
    expect(cardBrand(SANDBOX_CARDS.approved)).toBe('Visa');
    expect(cardBrand('5500000000000004')).toBe('Mastercard');
  });
});
