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
