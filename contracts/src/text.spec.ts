import { describe, expect, it } from 'vitest';
import { codePointLength, isStorableText, toStorableText, truncateCodePoints } from './text.js';

describe('text limits count code points', () => {
  it('counts an emoji once', () => {
    expect(codePointLength('קפה ☕')).toBe(5);
    expect(codePointLength('👍🏽')).toBe(2);
    expect(codePointLength('')).toBe(0);
  });

  it('never cuts a surrogate pair', () => {
    const text = `${'א'.repeat(499)}😀😀`;
    expect(text.length).toBe(503);
    const cut = truncateCodePoints(text, 500);
    expect(cut).toBe(`${'א'.repeat(499)}😀`);
    expect(isStorableText(cut)).toBe(true);
    expect(truncateCodePoints('😀😀', 1)).toBe('😀');
    expect(truncateCodePoints('abc', 5)).toBe('abc');
  });
});

describe('text the database can store', () => {
  it.each(['', 'שלום', 'emoji 😀 pair', '\ud83d\ude00', 'a\uffffb'])('accepts %j', (text) => {
    expect(isStorableText(text)).toBe(true);
  });

  it.each(['\u0000', 'a\u0000b', '\ud800', 'x\ud83d', '\ude00x', '\ude00\ud83d', 'ok 😀 \ud83d'])(
    'refuses %j',
    (text) => {
      expect(isStorableText(text)).toBe(false);
    },
  );
});

describe('cleaning text', () => {
  it('drops NUL and halves of pairs, keeping whole emoji', () => {
    expect(toStorableText('a\u0000b')).toBe('ab');
    expect(toStorableText('x\ud83d 😀 \ude00y')).toBe('x 😀 y');
    expect(toStorableText('שלום 😀')).toBe('שלום 😀');
  });
});
