import { describe, expect, it } from 'vitest';
import { formatIsraeliMobile, isIsraeliMobile, toE164 } from './phone.js';

describe('isIsraeliMobile', () => {
  it.each(['0547654321', '0523456789', '0542222222', '0587654321', '0531234567'])('accepts %s', (text) => {
    expect(isIsraeliMobile(text)).toBe(true);
  });

  it('refuses 0501234567, which looks right but is not an allocated range in the metadata', () => {
    expect(isIsraeliMobile('0501234567')).toBe(false);
  });

  it.each([
    ['a Tel Aviv landline', '036123456'],
    ['a US number', '+12025550123'],
    ['a digit short', '054765432'],
    ['a digit long', '05476543210'],
    ['a number inside prose', 'call 0547654321'],
    ['letters in the number', '05x7654321'],
    ['nothing', ''],
    ['spaces only', '   '],
  ])('refuses %s', (_label, text) => {
    expect(isIsraeliMobile(text)).toBe(false);
  });
});

describe('toE164', () => {
  it.each([
    '054-765-4321',
    '0547654321',
    '054 765 4321',
    '054-7654321',
    '(054) 765-4321',
    '+972 54-765-4321',
    '+972547654321',
    '00972547654321',
    '972547654321',
    ' 0547654321 ',
  ])('%j -> +972547654321', (text) => {
    expect(toE164(text)).toBe('+972547654321');
  });

  it('gives null for anything but an Israeli mobile', () => {
    expect(toE164('0501234567')).toBeNull();
    expect(toE164('036123456')).toBeNull();
    expect(toE164('hello')).toBeNull();
  });
});

describe('formatIsraeliMobile', () => {
  it.each([
    ['+972547654321', '054-7654321'],
    ['0523456789', '052-3456789'],
    ['+972 54 222 2222', '054-2222222'],
  ])('%j -> %s', (text, expected) => {
    expect(formatIsraeliMobile(text)).toBe(expected);
  });

  it('gives null for a number that is not an Israeli mobile', () => {
    expect(formatIsraeliMobile('+12025550123')).toBeNull();
    expect(formatIsraeliMobile('')).toBeNull();
  });
});
