import { describe, expect, it } from 'vitest';
import {
  NUMBERS_SOURCE_CHANNELS_HE,
  numbersCsvQuerySchema,
  numbersMessagesHe,
  numbersRangeSchema,
  numbersSourcesSchema,
} from './numbers.schemas.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('the numbers range', () => {
  it('takes Israel dates, one day or a year and a month', () => {
    expect(numbersRangeSchema.parse({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(numbersRangeSchema.safeParse({ from: '2025-12-01', to: '2026-12-31' }).success).toBe(true);
  });

  it('refuses a date that is not one, in Hebrew', () => {
    expect(messagesOf(numbersRangeSchema.safeParse({ from: '2026-02-30', to: '2026-03-01' }))).toEqual([
      numbersMessagesHe.dateInvalid,
    ]);
    expect(messagesOf(numbersRangeSchema.safeParse({ from: 'yesterday', to: '2026-03-01' }))).toEqual([
      numbersMessagesHe.dateInvalid,
    ]);
  });

  it('refuses a reversed range and one longer than about thirteen months', () => {
    expect(messagesOf(numbersRangeSchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual([
      numbersMessagesHe.reversed,
    ]);
    expect(messagesOf(numbersRangeSchema.safeParse({ from: '2025-01-01', to: '2026-03-01' }))).toEqual([
      numbersMessagesHe.tooLong,
    ]);
  });

  it("names a CSV's plot from the list only", () => {
    expect(numbersCsvQuerySchema.safeParse({ from: '2026-03-01', to: '2026-03-31', plot: 'hours' }).success).toBe(true);
    expect(messagesOf(numbersCsvQuerySchema.safeParse({ from: '2026-03-01', to: '2026-03-31', plot: 'x' }))).toEqual([
      numbersMessagesHe.plotInvalid,
    ]);
    expect(messagesOf(numbersCsvQuerySchema.safeParse({ from: '2026-03-31', to: '2026-03-01', plot: 'days' }))).toEqual(
      [numbersMessagesHe.reversed],
    );
  });
});

describe('where the orders came from', () => {
  it("has a CSV, and names each channel of an order's source and the orders that recorded none", () => {
    for (const plot of ['sources', 'promos'])
      expect(numbersCsvQuerySchema.safeParse({ from: '2026-03-01', to: '2026-03-31', plot }).success).toBe(true);
    expect(Object.keys(NUMBERS_SOURCE_CHANNELS_HE)).toEqual(['table', 'window', 'link', 'unknown']);
    const row = { channel: 'unknown', tag: '', orders: 1, salesAgorot: 900 };
    expect(numbersSourcesSchema.safeParse({ sources: [row] }).success).toBe(true);
    expect(numbersSourcesSchema.safeParse({ sources: [{ ...row, channel: 'poster' }] }).success).toBe(false);
  });
});
