// Heebo for the tax documents' PDFs (decision 045). Fontsource ships Heebo split by script: the Hebrew file has the
// letters and ₪, the Latin one the space, digits and punctuation. A PDF viewer starts a new piece of text at every font
// change, and a Hebrew word with a space or a quote mark in it would fall apart into pieces whose order no text
// extractor can recover; so the two files become one font, once per process, and that one font is embedded (subset).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import opentype from 'opentype.js';

/** The members of opentype.js 2 this file uses to build a font (printing/slip/opentype.d.ts types only parsing). */
interface OtPath {
  commands: unknown[];
}
interface OtGlyph {
  unicodes: number[];
  advanceWidth?: number;
  path: OtPath;
}
interface OtFont {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  glyphs: { length: number; get(index: number): OtGlyph };
  toArrayBuffer(): ArrayBuffer;
}
interface OpenTypeWriter {
  parse(buffer: ArrayBuffer): OtFont;
  Glyph: new (options: {
    name: string;
    unicode?: number;
    unicodes?: number[];
    advanceWidth: number;
    path: OtPath;
  }) => OtGlyph;
  Font: new (options: {
    familyName: string;
    styleName: string;
    unitsPerEm: number;
    ascender: number;
    descender: number;
    createdTimestamp: number;
    weightClass: number;
    glyphs: OtGlyph[];
  }) => OtFont;
}
const ot = opentype as unknown as OpenTypeWriter;

export type Weight = 'regular' | 'bold';
const WEIGHTS: Record<Weight, number> = { regular: 400, bold: 700 };

/**
 * Brackets that face the other way inside right-to-left text. The merged font carries, for each, a second glyph with
 * the mirror's outline and the bracket's own character in the PDF's text map: a viewer that reverses the Hebrew text to
 * copy it (and pdf.js does, without mirroring) then gives back the characters that were written.
 */
const MIRRORS: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
};
/** Private-use code points standing for "this bracket, mirrored" in the text handed to the font. */
const MIRRORED_BASE = 0xf0000;
const mirroredKeys = Object.keys(MIRRORS);
export function mirroredStandIn(char: string): string | null {
  const index = mirroredKeys.indexOf(char);
  return index < 0 ? null : String.fromCodePoint(MIRRORED_BASE + index);
}

/** What pdfkit's EmbeddedFont reads from a fontkit font, and the glyph run its text drawing expects back. */
interface FkGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
interface FkPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface FkFont {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  numGlyphs: number;
  glyphForCodePoint(codePoint: number): FkGlyph;
  hasGlyphForCodePoint(codePoint: number): boolean;
  getGlyph(id: number, codePoints?: number[]): FkGlyph;
}

export interface PdfFont {
  /** Given to pdfkit's registerFont: a fontkit font whose layout keeps the order it is given (see below). */
  pdfkitFont: unknown;
  /** Width of a text in points at `size`; invisible direction controls weigh nothing. */
  width(text: string, size: number): number;
  ascent: number;
  descent: number;
  has(char: string): boolean;
}

function fontsDirectory(): string {
  // The package's exports map only lets LICENSE (and CSS) be resolved; the font files sit next to it.
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@fontsource/heebo/LICENSE')), 'files');
}

function parse(directory: string, subset: string, weight: number): OtFont {
  const bytes = readFileSync(join(directory, `heebo-${subset}-${weight}-normal.woff`));
  return ot.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** Latin first (its .notdef, space and digits), then Hebrew, then the accented Latin letters of foreign names. */
function mergedBytes(weight: Weight): { bytes: Uint8Array; mirroredIds: number[] } {
  const directory = fontsDirectory();
  const parts = ['latin', 'hebrew', 'latin-ext'].map((subset) => parse(directory, subset, WEIGHTS[weight]));
  const [latin] = parts as [OtFont];
  const glyphs: OtGlyph[] = [latin.glyphs.get(0)];
  const seen = new Set<number>();
  const byChar = new Map<number, OtGlyph>();
  for (const part of parts) {
    for (let index = 1; index < part.glyphs.length; index++) {
      const glyph = part.glyphs.get(index);
      const unicodes = glyph.unicodes.filter((code) => !seen.has(code));
      if (unicodes.length === 0) continue;
      for (const code of unicodes) seen.add(code);
      const copy = new ot.Glyph({
        name: `g${glyphs.length}`,
        unicode: unicodes[0],
        unicodes,
        advanceWidth: glyph.advanceWidth ?? 0,
        path: glyph.path,
      });
      for (const code of unicodes) byChar.set(code, copy);
      glyphs.push(copy);
    }
  }
  // The mirrored brackets: unmapped glyphs at the end, found by their ids.
  const mirroredIds = mirroredKeys.map((char) => {
    const mirror = byChar.get(MIRRORS[char]!.codePointAt(0)!)!;
    glyphs.push(new ot.Glyph({ name: `m${glyphs.length}`, advanceWidth: mirror.advanceWidth ?? 0, path: mirror.path }));
    return glyphs.length - 1;
  });
  const font = new ot.Font({
    familyName: 'Heebo',
    styleName: weight === 'bold' ? 'Bold' : 'Regular',
    unitsPerEm: latin.unitsPerEm,
    ascender: latin.ascender,
    descender: latin.descender,
    // Fixed, so the same input gives the same font (and the same PDF) in every process.
    createdTimestamp: 0,
    weightClass: WEIGHTS[weight],
    glyphs,
  });
  return { bytes: new Uint8Array(font.toArrayBuffer()), mirroredIds };
}

const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

function pdfFont(weight: Weight): PdfFont {
  const { bytes, mirroredIds } = mergedBytes(weight);
  const font = fontkit.create(bytes) as unknown as FkFont;
  const scale = 1 / font.unitsPerEm;
  // fontkit looks every character up in the font's cmap anew; a month's documents repeat a few hundred of them.
  const widths = new Map<string, number>();
  const glyphs = new Map<number, FkGlyph>();
  const present = new Map<string, boolean>();
  const glyphFor = (codePoint: number): FkGlyph => {
    let glyph = glyphs.get(codePoint);
    if (glyph) return glyph;
    const mirrored = codePoint - MIRRORED_BASE;
    glyph =
      mirrored >= 0 && mirrored < mirroredKeys.length
        ? font.getGlyph(mirroredIds[mirrored]!, [mirroredKeys[mirrored]!.codePointAt(0)!])
        : font.glyphForCodePoint(codePoint);
    glyphs.set(codePoint, glyph);
    return glyph;
  };
  const unitWidth = (char: string): number => {
    let width = widths.get(char);
    if (width === undefined) {
      width = INVISIBLE.test(char) ? 0 : glyphFor(char.codePointAt(0)!).advanceWidth * scale;
      widths.set(char, width);
    }
    return width;
  };
  // pdfkit asks the font to lay out each word; fontkit would reverse anything it takes for Hebrew (its layout is for
  // logical text), but this text arrives already in visual order from our bidi step. So the layout is ours: glyph by
  // glyph, in the order given, no kerning (the Hebrew subset has none worth the cost). Positions are fresh objects:
  // pdfkit scales them in place and caches the run per document.
  const layout = (text: string) => {
    const glyphs: FkGlyph[] = [];
    const positions: FkPosition[] = [];
    let advanceWidth = 0;
    for (const char of text) {
      const glyph = glyphFor(char.codePointAt(0)!);
      glyphs.push(glyph);
      positions.push({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 });
      advanceWidth += glyph.advanceWidth;
    }
    return { glyphs, positions, advanceWidth };
  };
  const pdfkitFont = Object.create(font as object, { layout: { value: layout } }) as unknown;
  return {
    pdfkitFont,
    width(text, size) {
      let total = 0;
      for (const char of text) total += unitWidth(char);
      return total * size;
    },
    ascent: font.ascent * scale,
    descent: font.descent * scale,
    has(char) {
      let has = present.get(char);
      if (has === undefined) {
        has = INVISIBLE.test(char) || font.hasGlyphForCodePoint(char.codePointAt(0)!);
        present.set(char, has);
      }
      return has;
    },
  };
}

let cached: Record<Weight, PdfFont> | null = null;

/** Built once per process (a few hundred milliseconds); every document after that reuses it. */
export function pdfFonts(): Record<Weight, PdfFont> {
  cached ??= { regular: pdfFont('regular'), bold: pdfFont('bold') };
  return cached;
}
