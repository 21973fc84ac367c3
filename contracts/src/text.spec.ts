import { describe, expect, it } from 'vitest';
import {
  codePointLength,
  isolatedText,
  isStorableText,
  toStorableText,
  truncateCodePoints,
  withoutDirectionControls,
} from './text.js';

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

describe('direction controls in a person’s text (issue 29)', () => {
  it('removes the embeddings, overrides and isolates and keeps the marks', () => {
    const controls = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(withoutDirectionControls(`הערה ${controls}123\u202e`)).toBe('הערה 123');
    expect(withoutDirectionControls('שלום\u200e 12\u200f')).toBe('שלום\u200e 12\u200f');
    expect(withoutDirectionControls('קפה')).toBe('קפה');
  });

  it('isolates the text between FSI and PDI, without controls of its own', () => {
    expect(isolatedText('\u202e123')).toBe('\u2068123\u2069');
    expect(isolatedText('')).toBe('\u2068\u2069');
  });
});
