import { describe, expect, it } from 'vitest';
import { choicesText, lineWithChoices, withoutChoiceName } from './order-line-text.js';

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

  it('does not double "בלי" when the owner named the choice "בלי בצל" in a group of "without" choices', () => {
    expect(choicesText([choice('בלי בצל', 0, true), choice('בלי  עגבניות', 0, true), choice('חריף', 0, true)])).toBe(
      'בלי בצל, בלי עגבניות, בלי חריף',
    );
    // A word that only starts with the letters is a name of its own.
    expect(choicesText([choice('בליני', 0, true)])).toBe('בלי בליני');
    expect(withoutChoiceName('בלי בצל')).toBe('בצל');
    expect(withoutChoiceName('בלי-בצל')).toBe('בצל');
    expect(withoutChoiceName('בצל')).toBe('בצל');
    expect(withoutChoiceName('בלי')).toBe('בלי');
  });

  it('shows each name without direction controls, through the caller’s wrapping (issue 29)', () => {
    const options = [choice('\u202eשיבולת 45', 250), choice('\u2067בלי קצף\u202c', 0, true)];
    expect(choicesText(options)).toBe('שיבולת 45 ₪2.50, בלי קצף');
    expect(choicesText(options, (name) => `[${name}]`)).toBe('[שיבולת 45] ₪2.50, בלי [קצף]');
    expect(lineWithChoices('הפוך\u202d', options, (name) => `[${name}]`)).toBe('[הפוך] ([שיבולת 45] ₪2.50, בלי [קצף])');
  });
});
