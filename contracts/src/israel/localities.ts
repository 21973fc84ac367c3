// The city of a business's address is one of Israel's localities (CBS list, localities-data.ts): the tax documents
// print it as the state spells it, and the registration's combobox offers exactly these.
import { LOCALITIES_TEXT } from './localities-data.js';

let names: readonly string[] | undefined;
let known: ReadonlySet<string> | undefined;

/** Every locality's Hebrew name, in Hebrew alphabetical order. Split on first use: a page that never asks pays nothing. */
export function israeliLocalities(): readonly string[] {
  names ??= LOCALITIES_TEXT.split('\n').filter(Boolean);
  return names;
}

export function isIsraeliLocality(name: string): boolean {
  known ??= new Set(israeliLocalities());
  return known.has(name.trim().replace(/\s+/g, ' '));
}
