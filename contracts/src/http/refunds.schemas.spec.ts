import { describe, expect, it } from 'vitest';
import { refundOrderSchema } from './refunds.schemas.js';

describe('the refund request', () => {
  it('takes an amount in shekels as agorot, lines by position, or neither, with a reason', () => {
    expect(refundOrderSchema.parse({ amount: '14.50', reason: ' קר ' })).toEqual({ amount: 1450, reason: 'קר' });
    expect(refundOrderSchema.parse({ amount: 12, reason: 'x' })).toEqual({ amount: 1200, reason: 'x' });
    // A decimal comma, as an owner types it on a Hebrew keyboard.
    expect(refundOrderSchema.parse({ amount: '12,5', reason: 'x' })).toEqual({ amount: 1250, reason: 'x' });
    expect(refundOrderSchema.parse({ lines: [{ index: 0, quantity: 2 }], reason: 'x' })).toEqual({
      lines: [{ index: 0, quantity: 2 }],
      reason: 'x',
    });
    expect(refundOrderSchema.parse({ reason: 'x' })).toEqual({ reason: 'x' });
  });

  it('refuses zero, negative, fractional agorot, absurd amounts, both amount and lines, and no reason', () => {
    for (const body of [
      { amount: 0, reason: 'x' },
      { amount: -1, reason: 'x' },
      { amount: '1.234', reason: 'x' },
      { amount: '1,250', reason: 'x' },
      { amount: 1e30, reason: 'x' },
      { amount: 100_000.01, reason: 'x' },
      { amount: 5, lines: [{ index: 0, quantity: 1 }], reason: 'x' },
      {
        lines: [
          { index: 1, quantity: 1 },
          { index: 1, quantity: 1 },
        ],
        reason: 'x',
      },
      { amount: 5 },
      { amount: 5, reason: '' },
      { amount: 5, reason: 'x', other: 1 },
    ]) {
      expect(refundOrderSchema.safeParse(body).success).toBe(false);
    }
  });
});
