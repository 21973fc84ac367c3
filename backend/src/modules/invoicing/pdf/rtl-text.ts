// Hebrew lines for a PDF (decision 045). A PDF has no text direction: it places glyphs where it is told. So the
// Unicode bidi algorithm (bidi-js, as the slips use it) orders each line for the eye, and the line is then written as
// pieces, one per direction run, in reading (logical) order: a text extractor such as pdf.js reads each piece, turns
// the Hebrew ones back (it reverses a piece that is mostly Hebrew, without mirroring), and so gives the words in the
// order they were written, the numbers inside them unturned.
import bidiModule from 'bidi-js';
import { mirroredStandIn, type PdfFont } from './heebo-pdf-font.js';

// bidi-js is a UMD bundle typed as an ES module: Node hands its factory over as the default import.
const bidiFactory = (typeof bidiModule === 'function' ? bidiModule : bidiModule.default) as typeof bidiModule.default;
const bidi = bidiFactory();

const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
const LOW_SURROGATE = /[\udc00-\udfff]/;

/** Text put inside Hebrew that must read left to right as a whole (a date and time, a phone number): LRI ... PDI. */
export const ltr = (value: string): string => `\u2066${value}\u2069`;
/** A person's text (a name, an address): its own direction from its first letter, nothing in it turning the rest. */
export const isolated = (value: string): string => `\u2068${value.replace(/[\u202a-\u202e\u2066-\u2069]/g, '')}\u2069`;

/** One piece of a line: the glyphs to draw (left to right) and where, from the line's left edge. */
export interface Piece {
  glyphs: string;
  x: number;
}

/** A laid-out line: its pieces in logical order and its width. */
export interface Line {
  pieces: Piece[];
  width: number;
}

interface Item {
  index: number;
  glyph: string;
  /** What the PDF's text map gives back for the glyph: the character as written (a mirrored bracket's own). */
  unicode: string;
  width: number;
  level: number;
}

/**
 * pdf.js's own test for turning a piece around (core/bidi.js): only Hebrew and Arabic letters count as right to left,
 * and a piece longer than four characters needs 30% of them. A right-to-left piece that fails it would be read as
 * drawn, reversed; it is written word by word (or, without any Hebrew letter, character by character) instead.
 */
function readsBack(unicode: string): boolean {
  let rtl = 0;
  for (let i = 0; i < unicode.length; i++) {
    const code = unicode.charCodeAt(i);
    if ((code >= 0x0590 && code <= 0x05f4) || (code >= 0x0600 && code <= 0x08ac)) rtl++;
  }
  return rtl > 0 && (unicode.length <= 4 || rtl / unicode.length >= 0.3);
}

function prepare(text: string, font: PdfFont): string {
  // One space for any run of white space; a character the font lacks prints as "?" rather than as an empty box.
  const chars: string[] = [];
  for (const char of text.split(/\s+/).filter(Boolean).join(' ')) chars.push(font.has(char) ? char : '?');
  return chars.join('');
}

/** Greedy word wrap in logical order (widths do not depend on order); a word wider than the line is cut. */
function wrap(text: string, font: PdfFont, size: number, maxWidth: number): { start: number; end: number }[] {
  const lines: { start: number; end: number }[] = [];
  const space = font.width(' ', size);
  let line: { start: number; end: number; width: number } | null = null;
  for (const match of text.matchAll(/\S+/g)) {
    const start = match.index;
    const end = start + match[0].length;
    const width = font.width(match[0], size);
    if (line && line.width + space + width <= maxWidth) {
      line = { start: line.start, end, width: line.width + space + width };
      continue;
    }
    if (line) lines.push(line);
    if (width <= maxWidth) {
      line = { start, end, width };
      continue;
    }
    let pieceStart = start;
    let pieceWidth = 0;
    for (let index = start; index < end;) {
      const char = String.fromCodePoint(text.codePointAt(index)!);
      const charWidth = font.width(char, size);
      if (index > pieceStart && pieceWidth + charWidth > maxWidth) {
        lines.push({ start: pieceStart, end: index });
        pieceStart = index;
        pieceWidth = 0;
      }
      pieceWidth += charWidth;
      index += char.length;
    }
    line = { start: pieceStart, end, width: pieceWidth };
  }
  if (line) lines.push(line);
  return lines.map(({ start, end }) => ({ start, end }));
}

/** The items of one line in visual (left to right) order: Hebrew runs turned, brackets in them mirrored. */
function visualItems(
  text: string,
  levels: ReturnType<typeof bidi.getEmbeddingLevels>,
  start: number,
  end: number,
  font: PdfFont,
  size: number,
): Item[] {
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels, start, end - 1);
  // bidi-js returns the order of the whole text with only this line's span reordered.
  const order = bidi.getReorderedIndices(text, levels, start, end - 1).slice(start, end);
  const items: Item[] = [];
  for (const index of order) {
    // A surrogate pair in a reversed run arrives low half first: keep the pair whole, once.
    if (LOW_SURROGATE.test(text[index] ?? '')) continue;
    const char = String.fromCodePoint(text.codePointAt(index)!);
    if (INVISIBLE.test(char)) continue;
    const mirror = mirrored.get(index);
    const glyph = mirror === undefined ? char : (mirroredStandIn(char) ?? mirror);
    items.push({ index, glyph, unicode: char, width: font.width(char, size), level: levels.levels[index] ?? 1 });
  }
  return items;
}

/** Pieces of one same-direction run, spaces at its ends dropped (they draw nothing). */
function runPieces(run: Item[], left: number): (Piece & { order: number })[] {
  let x = left;
  let first = 0;
  while (first < run.length && run[first]!.unicode === ' ') x += run[first++]!.width;
  let last = run.length;
  while (last > first && run[last - 1]!.unicode === ' ') last--;
  const items = run.slice(first, last);
  if (items.length === 0) return [];
  const piece = (part: Item[], at: number) => ({
    glyphs: part.map((item) => item.glyph).join(''),
    x: at,
    order: Math.min(...part.map((item) => item.index)),
  });
  const rtl = run[0]!.level % 2 === 1;
  if (!rtl || readsBack(items.map((item) => item.unicode).join(''))) return [piece(items, x)];
  // Word by word; a word without a Hebrew letter (punctuation between numbers) character by character.
  const pieces: (Piece & { order: number })[] = [];
  let word: Item[] = [];
  let wordX = x;
  const flush = () => {
    if (word.length === 0) return;
    if (readsBack(word.map((item) => item.unicode).join(''))) pieces.push(piece(word, wordX));
    else {
      let charX = wordX;
      for (const item of word) {
        pieces.push(piece([item], charX));
        charX += item.width;
      }
    }
    word = [];
  };
  for (const item of items) {
    if (item.unicode === ' ') {
      flush();
      x += item.width;
      wordX = x;
      continue;
    }
    word.push(item);
    x += item.width;
  }
  flush();
  return pieces;
}

/** A right-to-left paragraph laid out in lines no wider than `maxWidth` points. */
export function layoutText(text: string, font: PdfFont, size: number, maxWidth: number): Line[] {
  const clean = prepare(text, font);
  if (!clean) return [];
  const levels = bidi.getEmbeddingLevels(clean, 'rtl');
  return wrap(clean, font, size, maxWidth).map(({ start, end }) => {
    const items = visualItems(clean, levels, start, end, font, size);
    const pieces: (Piece & { order: number })[] = [];
    let x = 0;
    for (let first = 0; first < items.length;) {
      let last = first + 1;
      while (last < items.length && items[last]!.level === items[first]!.level) last++;
      const run = items.slice(first, last);
      pieces.push(...runPieces(run, x));
      for (const item of run) x += item.width;
      first = last;
    }
    pieces.sort((a, b) => a.order - b.order);
    return { pieces: pieces.map(({ glyphs, x: at }) => ({ glyphs, x: at })), width: x };
  });
}
