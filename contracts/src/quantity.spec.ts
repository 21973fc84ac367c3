import { describe, expect, it } from 'vitest';
import { quantityLine } from './quantity.js';

describe('quantityLine', () => {
  it('writes the quantity first, a spaced sign, then the name', () => {
    expect(quantityLine(2, 'הפוך')).toBe('2 × הפוך');
    expect(quantityLine(12, 'קרואסון חמאה')).toBe('12 × קרואסון חמאה');
  });
});
