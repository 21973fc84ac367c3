// How a line's choices read in text (the SMS bon, the tax invoice's line, the Cardcom document's line, the owner's
// console): one shared wording, so a receipt never says it differently from the slip. No zod: front ends import it.
import { formatShekels, type Agorot } from './money.js';
import { withoutDirectionControls } from './text.js';

/** A choice as an order records it (ChosenOption) or an answer shows it, only what the text needs. */
export interface ChoiceForText {
  name: string;
  priceAgorot: Agorot;
  without: boolean;
}

/**
 * The name of a "without" choice after the word "בלי" the wording puts before it: an owner who named the choice
 * "בלי בצל" in a group named "בלי" (as the demo café and the owner's hint do) would read "בלי בלי בצל". A leading
 * "בלי" (then a space, a hyphen or a maqaf) is dropped; a name that is only "בלי" stays. Without direction controls.
 */
export function withoutChoiceName(name: string): string {
  const clean = withoutDirectionControls(name);
  const rest = /^\s*בלי[\s\-\u05be]+(.*)$/su.exec(clean)?.[1]?.trim();
  return rest ? rest : clean;
}

/**
 * How a person's text is put in: the name given already without direction controls (issue 29); plain text isolates
 * it (isolatedText), HTML escapes it into a `<bdi>`. By default it goes in as it is.
 */
export type ShowName = (name: string) => string;
const asIs: ShowName = (name) => name;

/**
 * "שיבולת שועל ₪2.00, בלי קצף": each added choice with its price for one unit (none when free), then each "without"
 * choice as "בלי X"; empty for none. Every name passes through `show` without its direction controls.
 */
export function choicesText(options: readonly ChoiceForText[] = [], show: ShowName = asIs): string {
  const name = (text: string) => show(withoutDirectionControls(text));
  const added = options
    .filter((option) => !option.without)
    .map((option) =>
      option.priceAgorot > 0 ? `${name(option.name)} ${formatShekels(option.priceAgorot)}` : name(option.name),
    );
  const without = options
    .filter((option) => option.without)
    .map((option) => `בלי ${show(withoutChoiceName(option.name))}`);
  return [...added, ...without].join(', ');
}

/** The line's name with its choices in brackets: "הפוך גדול (שיבולת שועל ₪2.00, בלי קצף)". */
export function lineWithChoices(name: string, options: readonly ChoiceForText[] = [], show: ShowName = asIs): string {
  const choices = choicesText(options, show);
  const shown = show(withoutDirectionControls(name));
  return choices ? `${shown} (${choices})` : shown;
}
