import { describe, expect, it } from 'vitest';
import { formatTableNumbers, parseTableNumbers } from './table-numbers';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe("the owner's tables as text (issue 34)", () => {
  it('a single number is a count of tables from 1', () => {
    expect(parseTableNumbers('10')).toEqual({ ok: true, numbers: range(1, 10) });
    expect(parseTableNumbers(' 1 ')).toEqual({ ok: true, numbers: [1] });
  });

  it('a list takes ranges and single tables, in any order, separated by commas, semicolons or spaces', () => {
    expect(parseTableNumbers('1-8, 12, 20')).toEqual({ ok: true, numbers: [...range(1, 8), 12, 20] });
    expect(parseTableNumbers('20; 12 1 – 3')).toEqual({ ok: true, numbers: [1, 2, 3, 12, 20] });
    expect(parseTableNumbers('4־6،9')).toEqual({ ok: true, numbers: [4, 5, 6, 9] });
  });

  it('empty text is no tables', () => {
    expect(parseTableNumbers('  ')).toEqual({ ok: true, numbers: [] });
  });

  it('refuses words, zero, reversed ranges, numbers above 999, a table twice and more than 200 tables', () => {
    expect(parseTableNumbers('שולחן 4')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseTableNumbers('0')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseTableNumbers('2.5, 3')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseTableNumbers('8-1, 12')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseTableNumbers('1, 1000')).toEqual({ ok: false, reason: 'range' });
    expect(parseTableNumbers('0, 3')).toEqual({ ok: false, reason: 'range' });
    expect(parseTableNumbers('1-5, 3')).toEqual({ ok: false, reason: 'duplicate' });
    expect(parseTableNumbers('201')).toEqual({ ok: false, reason: 'tooMany' });
    expect(parseTableNumbers('1-150, 300-400')).toEqual({ ok: false, reason: 'tooMany' });
    expect(parseTableNumbers('200')).toMatchObject({ ok: true });
  });

  it('writes the numbers back as the owner would, and reads them again as they were', () => {
    expect(formatTableNumbers(range(1, 10))).toBe('10');
    expect(formatTableNumbers([20, 12, ...range(1, 8)])).toBe('1-8, 12, 20');
    expect(formatTableNumbers([3, 4, 7])).toBe('3, 4, 7');
    expect(formatTableNumbers([7])).toBe('7-7');
    expect(formatTableNumbers([])).toBe('');
    for (const numbers of [[1], [2], range(1, 10), [...range(1, 8), 12, 20], [5, 6, 7, 100, 101]]) {
      expect(parseTableNumbers(formatTableNumbers(numbers))).toEqual({ ok: true, numbers });
    }
  });
});
