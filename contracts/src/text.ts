// Text as people count it and as the database can store it. JavaScript strings are UTF-16: an emoji is two code
// units (a surrogate pair), and `.length` or `.slice` count and cut units, so a limit of 500 could split an emoji in
// two and leave half of it, which PostgreSQL refuses in its JSON columns. Limits here count code points (what
// PostgreSQL's varchar(n) counts too) and never cut a pair.

/** Code points, not UTF-16 units: an emoji counts once. */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The first `max` code points of `text`; a surrogate pair is never split. */
export function truncateCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  let count = 0;
  for (const character of text) {
    if (count === max) break;
    end += character.length;
    count += 1;
  }
  return text.slice(0, end);
}

/**
 * False for text PostgreSQL cannot store: U+0000 (refused by text and JSON columns alike, and a protocol error that
 * drops an embedded PGlite connection) or half of a surrogate pair (refused by JSON columns, silently replaced in
 * text ones).
 */
export function isStorableText(text: string): boolean {
  // A loop rather than String.prototype.isWellFormed (ES2024) or a lookbehind: older phones' browsers run this too.
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return false;
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i += 1;
  }
  return true;
}

/** `text` without what isStorableText refuses (U+0000 and halves of surrogate pairs): for text a client cleans itself. */
export function toStorableText(text: string): string {
  if (isStorableText(text)) return text;
  let kept = '';
  for (const character of text) {
    const unit = character.charCodeAt(0);
    if (unit === 0 || (character.length === 1 && unit >= 0xd800 && unit <= 0xdfff)) continue;
    kept += character;
  }
  return kept;
}

// Direction controls a person's text may carry (issue 29): the embeddings and overrides U+202A-U+202E and the isolates
// U+2066-U+2069. Inside one field they reach past it: a remark ending in U+202E (RIGHT-TO-LEFT OVERRIDE) left open
// printed the slip's "123" as "321", and an unclosed embedding turns the fields after it too. They are removed as text
// comes in (the contracts' free-text fields) and again where text recorded before that is shown. The marks U+200E
// and U+200F stay: they only weigh on the neutral characters beside them and never reach past the field once it is
// shown isolated.
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** `text` without the embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069). */
export function withoutDirectionControls(text: string): string {
  // Most text has none: the test is cheaper than building a new string.
  return /[\u202a-\u202e\u2066-\u2069]/.test(text) ? text.replace(DIRECTION_CONTROLS, '') : text;
}

/** FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: plain text's `<bdi>`. */
export const FIRST_STRONG_ISOLATE = '\u2068';
export const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * A person's text for plain text (a slip, an SMS): without direction controls, and isolated (FSI ... PDI), so its own
 * direction is found from its first strong letter and nothing in it turns the text around it (UAX #9, isolates).
 */
export function isolatedText(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${withoutDirectionControls(text)}${POP_DIRECTIONAL_ISOLATE}`;
}
