// How a line's choices read in text (the SMS bon, the tax invoice's line, the Cardcom document's line, the owner's
// console): one shared wording, so a receipt never says it differently from the slip. No zod: front ends import it.
import { formatShekels, type Agorot } from './money.js';

/** A choice as an order records it (ChosenOption) or an answer shows it, only what the text needs. */
export interface ChoiceForText {
  name: string;
  priceAgorot: Agorot;
  without: boolean;
}

/**
 * "שיבולת שועל ₪2.00, בלי קצף": each added choice with its price for one unit (none when free), then each "without"
 * choice as "בלי X"; empty for none.
 */
export function choicesText(options: readonly ChoiceForText[] = []): string {
  const added = options
    .filter((option) => !option.without)
    .map((option) => (option.priceAgorot > 0 ? `${option.name} ${formatShekels(option.priceAgorot)}` : option.name));
  const without = options.filter((option) => option.without).map((option) => `בלי ${option.name}`);
  return [...added, ...without].join(', ');
}

/** The line's name with its choices in brackets: "הפוך גדול (שיבולת שועל ₪2.00, בלי קצף)". */
export function lineWithChoices(name: string, options: readonly ChoiceForText[] = []): string {
  const choices = choicesText(options);
  return choices ? `${name} (${choices})` : name;
}
