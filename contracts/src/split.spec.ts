import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPLIT_MIN_PART_AGOROT, splitPart, type SplitChoice } from './split.js';

const bill = (itemsAgorot: number, takenAgorot = 0, mineAgorot = 0) => ({ itemsAgorot, takenAgorot, mineAgorot });

describe('a payer’s part of a shared bill', () => {
  it('all: what is left', () => {
    expect(splitPart({ mode: 'all' }, bill(10_000))).toEqual({ ok: true, agorot: 10_000, leftAfterAgorot: 0 });
    expect(splitPart({ mode: 'all' }, bill(10_000, 6_000))).toEqual({ ok: true, agorot: 4_000, leftAfterAgorot: 0 });
  });

  it('mine: the payer’s own lines, capped by what is left', () => {
    expect(splitPart({ mode: 'mine' }, bill(10_000, 0, 3_500))).toEqual({
      ok: true,
      agorot: 3_500,
      leftAfterAgorot: 6_500,
    });
    expect(splitPart({ mode: 'mine' }, bill(10_000, 8_000, 3_500))).toMatchObject({ agorot: 2_000 });
    expect(splitPart({ mode: 'mine' }, bill(10_000))).toEqual({ ok: false, reason: 'nothing_mine' });
  });

  it('equal: rounded up to the agora, the last part the smaller one', () => {
    expect(splitPart({ mode: 'equal', shares: 3 }, bill(1_000))).toMatchObject({ agorot: 334 });
    expect(splitPart({ mode: 'equal', shares: 3 }, bill(1_000, 668))).toMatchObject({
      agorot: 332,
      leftAfterAgorot: 0,
    });
  });

  it('amount: at most what is left, a positive whole number of agorot', () => {
    expect(splitPart({ mode: 'amount', amountAgorot: 2_500 }, bill(10_000))).toMatchObject({ agorot: 2_500 });
    expect(splitPart({ mode: 'amount', amountAgorot: 10_001 }, bill(10_000))).toEqual({
      ok: false,
      reason: 'above_left',
    });
    expect(splitPart({ mode: 'amount', amountAgorot: -5 }, bill(10_000))).toEqual({ ok: false, reason: 'invalid' });
    expect(splitPart({ mode: 'amount', amountAgorot: 1.5 }, bill(10_000))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a part below ₪1 unless it is all that is left, and a bill with nothing left', () => {
    // One ₪20 line among 50 diners.
    expect(splitPart({ mode: 'equal', shares: 50 }, bill(2_000))).toEqual({ ok: false, reason: 'part_too_small' });
    expect(splitPart({ mode: 'amount', amountAgorot: 50 }, bill(2_000))).toEqual({
      ok: false,
      reason: 'part_too_small',
    });
    expect(splitPart({ mode: 'amount', amountAgorot: 50 }, bill(2_000, 1_950))).toMatchObject({ agorot: 50 });
    expect(splitPart({ mode: 'all' }, bill(2_000, 2_000))).toEqual({ ok: false, reason: 'nothing_left' });
    expect(splitPart({ mode: 'equal', shares: 51 }, bill(100_000))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('payers in any order and any modes pay the bill exactly: nothing unpaid, never more', () => {
    const choice: fc.Arbitrary<SplitChoice> = fc.oneof(
      fc.constant({ mode: 'all' as const }),
      fc.constant({ mode: 'mine' as const }),
      fc.integer({ min: 2, max: 50 }).map((shares) => ({ mode: 'equal' as const, shares })),
      fc.integer({ min: 1, max: 50_000 }).map((amountAgorot) => ({ mode: 'amount' as const, amountAgorot })),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.array(fc.tuple(choice, fc.integer({ min: 0, max: 200_000 })), { maxLength: 60 }),
        (items, payers) => {
          let taken = 0;
          for (const [payerChoice, mine] of payers) {
            const part = splitPart(payerChoice, bill(items, taken, mine));
            if (!part.ok) continue;
            expect(part.agorot).toBeGreaterThan(0);
            expect(part.agorot >= SPLIT_MIN_PART_AGOROT || part.leftAfterAgorot === 0).toBe(true);
            taken += part.agorot;
            expect(taken).toBeLessThanOrEqual(items);
          }
          // Whoever pays "what is left" last closes the bill to the agora.
          const last = splitPart({ mode: 'all' }, bill(items, taken));
          expect(last.ok ? taken + last.agorot : taken).toBe(items);
        },
      ),
    );
  });
});
