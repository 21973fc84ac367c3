import { describe, expect, it } from 'vitest';
import { choicesText, lineWithChoices } from './order-line-text.js';

const choice = (name: string, priceAgorot: number, without = false) => ({ name, priceAgorot, without });

describe('the wording of a line’s choices', () => {
  it('lists the added choices with their prices (none when free), then the "without" ones', () => {
    expect(choicesText([choice('קצף', 0, true), choice('שיבולת שועל', 200), choice('שוט', 0)])).toBe(
      'שיבולת שועל ₪2.00, שוט, בלי קצף',
    );
    expect(choicesText()).toBe('');
  });

  it('puts them in brackets after the line’s name, or leaves the name alone', () => {
    expect(lineWithChoices('הפוך', [choice('סויה', 250)])).toBe('הפוך (סויה ₪2.50)');
    expect(lineWithChoices('קרואסון', [])).toBe('קרואסון');
  });
});
