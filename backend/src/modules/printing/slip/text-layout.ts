import bidiModule from 'bidi-js';
import { type Font, type Glyph } from 'opentype.js';
import { type FontFace } from './fonts.js';

// bidi-js is a UMD bundle typed as an ES module: Node hands its factory over as the default import.
const bidiFactory = (typeof bidiModule === 'function' ? bidiModule : bidiModule.default) as typeof bidiModule.default;
const bidi = bidiFactory();

// Direction marks and isolates steer the bidi algorithm but have no ink; the font subsets would draw boxes.
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

export interface Style {
  face: FontFace;
  size: number;
}

/** Hebrew subset first (letters, ₪, gershayim), Latin for the rest (digits, ×, English). */
function fontFor(face: FontFace, char: string): Font {
  return face.hebrew.hasChar(char) ? face.hebrew : face.latin;
}

function advance(font: Font, glyph: Glyph, size: number): number {
  return ((glyph.advanceWidth ?? 0) * size) / font.unitsPerEm;
}

/** Width does not depend on the visual order, so wrapping measures the logical text. */
export function measure(text: string, { face, size }: Style): number {
  let width = 0;
  for (const char of text) {
    if (INVISIBLE.test(char)) continue;
    const font = fontFor(face, char);
    width += advance(font, font.charToGlyph(char), size);
  }
  return width;
}

/** The font's line box (Hebrew metrics, which are the taller ones), so lines never overlap or get cut. */
export function lineMetrics({ face, size }: Style): { ascent: number; descent: number } {
  const font = face.hebrew;
  return { ascent: (font.ascender * size) / font.unitsPerEm, descent: (-font.descender * size) / font.unitsPerEm };
}

/** A paragraph whose bidi levels are resolved once, whole, and then cut into lines (UAX #9, section 3.4). */
export interface Paragraph {
  text: string;
  levels: ReturnType<typeof bidi.getEmbeddingLevels>;
}

/** Whitespace runs become one space so wrapping and bidi see the same characters. */
export function paragraph(text: string): Paragraph {
  const clean = text.split(/\s+/).filter(Boolean).join(' ');
  return { text: clean, levels: bidi.getEmbeddingLevels(clean, 'rtl') };
}

export interface LineRange {
  start: number;
  /** exclusive */
  end: number;
}

/**
 * Characters of one line in visual (left to right) order for a right-to-left paragraph: Hebrew runs reversed,
 * numbers and Latin words kept in reading order, brackets mirrored where they sit in a right-to-left run.
 * Levels come from the whole paragraph, so a bracket pair split across lines still faces the right way.
 */
function visualOrder({ text, levels }: Paragraph, { start, end }: LineRange): string[] {
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels, start, end - 1);
  // bidi-js returns the order of the whole text with only this line's span reordered.
  const order = bidi.getReorderedIndices(text, levels, start, end - 1).slice(start, end);
  const chars: string[] = [];
  for (const index of order) {
    const unit = text[index] ?? '';
    // A surrogate pair in a reversed run arrives low half first: keep the pair whole, once.
    if (unit >= '\udc00' && unit <= '\udfff') continue;
    const code = text.codePointAt(index) ?? 0;
    chars.push(mirrored.get(index) ?? String.fromCodePoint(code));
  }
  return chars.filter((char) => !INVISIBLE.test(char));
}

const fontIds = new WeakMap<Font, number>();
let nextFontId = 1;
// Glyph outlines as SVG path data, per font, glyph and size: serialising outlines dominated the render time.
const outlines = new Map<string, string>();

function outlineId(font: Font, glyph: Glyph, size: number): string {
  if (!fontIds.has(font)) fontIds.set(font, nextFontId++);
  const id = `g${fontIds.get(font)}-${glyph.index}-${size}`;
  // Two decimals keep the SVG small and the output identical from run to run.
  if (!outlines.has(id)) outlines.set(id, glyph.getPath(0, 0, size).toPathData(2));
  return id;
}

const round = (n: number): number => Math.round(n * 100) / 100;

/**
 * One line as SVG `<use>`s of glyph outlines, left edge at `left`, baseline at `baseline`. The outlines it needs
 * are added to `defs` (id -> path data) for the SVG's `<defs>`.
 */
export function lineSvg(
  para: Paragraph,
  range: LineRange,
  style: Style,
  at: { left: number; baseline: number; fill: string },
  defs: Map<string, string>,
): string {
  const { face, size } = style;
  const uses: string[] = [];
  let x = at.left;
  for (const char of visualOrder(para, range)) {
    const font = fontFor(face, char);
    const glyph = font.charToGlyph(char);
    const id = outlineId(font, glyph, size);
    const d = outlines.get(id) ?? '';
    if (d) {
      defs.set(id, d);
      uses.push(`<use href="#${id}" x="${round(x)}" y="${round(at.baseline)}" fill="${at.fill}"/>`);
    }
    x += advance(font, glyph, size);
  }
  return uses.join('');
}

function breakLongWord(text: string, word: LineRange, style: Style, maxWidth: number): LineRange[] {
  const pieces: LineRange[] = [];
  let start = word.start;
  let index = word.start;
  while (index < word.end) {
    const next = index + ((text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1);
    if (index > start && measure(text.slice(start, next), style) > maxWidth) {
      pieces.push({ start, end: index });
      start = index;
    }
    index = next;
  }
  return [...pieces, { start, end: word.end }];
}

/** Greedy word wrap in logical order; a word wider than the line is broken, never clipped. */
export function wrap({ text }: Paragraph, style: Style, maxWidth: number): LineRange[] {
  const lines: LineRange[] = [];
  let line: LineRange | null = null;
  for (const match of text.matchAll(/\S+/g)) {
    const word = { start: match.index, end: match.index + match[0].length };
    if (line && measure(text.slice(line.start, word.end), style) <= maxWidth) {
      line = { start: line.start, end: word.end };
      continue;
    }
    if (line) lines.push(line);
    const pieces = measure(match[0], style) <= maxWidth ? [word] : breakLongWord(text, word, style, maxWidth);
    lines.push(...pieces.slice(0, -1));
    line = pieces.at(-1) ?? null;
  }
  if (line) lines.push(line);
  return lines;
}
