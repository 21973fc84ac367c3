// The owner's tables as text (issue 34): a count ("10": tables 1 to 10) or a list with ranges ("1-8, 12, 20").
import { TABLE_LIMITS } from '@tafrit/contracts/tables';

export type TableNumbersParse =
  { ok: true; numbers: number[] } | { ok: false; reason: 'invalid' | 'range' | 'duplicate' | 'tooMany' };

// A hyphen, an en or em dash, a minus, or the Hebrew maqaf between the two ends of a range.
const RANGE = /^(\d{1,4})\s*[-\u2010-\u2015\u2212\u05BE]\s*(\d{1,4})$/;
const NUMBER = /^\d{1,4}$/;

/**
 * "10" -> 1..10; "1-8, 12, 20" -> [1..8, 12, 20] (sorted). Separated by commas (Latin or Arabic), semicolons or spaces;
 * each number from 1 to 999, a range low to high, no table twice, at most 200 tables. Empty text: no tables.
 */
export function parseTableNumbers(text: string): TableNumbersParse {
  const parts = text
    .trim()
    .replace(/\s*[-\u2010-\u2015\u2212\u05BE]\s*/g, '-')
    .split(/[\s,;\u060C]+/)
    .filter((part) => part !== '');
  if (parts.length === 0) return { ok: true, numbers: [] };
  const inRange = (value: number) => value >= 1 && value <= TABLE_LIMITS.numberMax;
  // One number alone is a count of tables, numbered from 1.
  if (parts.length === 1 && NUMBER.test(parts[0]!)) {
    const count = Number(parts[0]);
    if (count < 1) return { ok: false, reason: 'invalid' };
    if (count > TABLE_LIMITS.tablesMax) return { ok: false, reason: 'tooMany' };
    return { ok: true, numbers: Array.from({ length: count }, (_, index) => index + 1) };
  }
  const numbers: number[] = [];
  for (const part of parts) {
    const range = RANGE.exec(part);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (!inRange(from) || !inRange(to)) return { ok: false, reason: 'range' };
      if (from > to) return { ok: false, reason: 'invalid' };
      if (numbers.length + (to - from + 1) > TABLE_LIMITS.tablesMax) return { ok: false, reason: 'tooMany' };
      for (let value = from; value <= to; value += 1) numbers.push(value);
    } else if (NUMBER.test(part)) {
      const value = Number(part);
      if (!inRange(value)) return { ok: false, reason: 'range' };
      numbers.push(value);
    } else {
      return { ok: false, reason: 'invalid' };
    }
  }
  if (new Set(numbers).size !== numbers.length) return { ok: false, reason: 'duplicate' };
  if (numbers.length > TABLE_LIMITS.tablesMax) return { ok: false, reason: 'tooMany' };
  return { ok: true, numbers: numbers.sort((a, b) => a - b) };
}

/** The numbers as the owner would write them: "10" for 1..10, else runs as ranges ("1-8, 12, 20"; table 7 alone "7-7"). */
export function formatTableNumbers(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  if (sorted.length === 0) return '';
  if (sorted.every((value, index) => value === index + 1)) return String(sorted.length);
  // One table alone would read as a count: written as a range of one.
  if (sorted.length === 1) return `${sorted[0]}-${sorted[0]}`;
  const runs: string[] = [];
  let start = sorted[0]!;
  let previous = start;
  for (const value of [...sorted.slice(1), Number.NaN]) {
    if (value === previous + 1) {
      previous = value;
      continue;
    }
    runs.push(
      start === previous ? String(start) : previous === start + 1 ? `${start}, ${previous}` : `${start}-${previous}`,
    );
    start = value;
    previous = value;
  }
  return runs.join(', ');
}
