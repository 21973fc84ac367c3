import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import opentype, { type Font } from 'opentype.js';

/**
 * Heebo (OFL) from @fontsource/heebo, so a fresh `npm ci` has it: no system fonts, no fontconfig.
 * Fontsource splits each weight into subsets; Hebrew holds the letters, ₪ and gershayim, Latin the digits,
 * punctuation, × and English words. opentype.js reads WOFF 1 itself.
 */
export interface FontFace {
  hebrew: Font;
  latin: Font;
}

export interface SlipFonts {
  regular: FontFace;
  bold: FontFace;
}

// Medium and extra-bold rather than 400/700: thermal dots bleed less into thin strokes when they are thicker.
const REGULAR_WEIGHT = 500;
const BOLD_WEIGHT = 800;

let cached: SlipFonts | null = null;

function fontsDirectory(): string {
  // The package's exports map only lets LICENSE (and CSS) be resolved; the font files sit next to it.
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@fontsource/heebo/LICENSE')), 'files');
}

function load(directory: string, subset: 'hebrew' | 'latin', weight: number): Font {
  const bytes = readFileSync(join(directory, `heebo-${subset}-${weight}-normal.woff`));
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** Parsed once per process: parsing four WOFF files costs tens of milliseconds, a slip should not. */
export function slipFonts(): SlipFonts {
  if (!cached) {
    const directory = fontsDirectory();
    const face = (weight: number): FontFace => ({
      hebrew: load(directory, 'hebrew', weight),
      latin: load(directory, 'latin', weight),
    });
    cached = { regular: face(REGULAR_WEIGHT), bold: face(BOLD_WEIGHT) };
  }
  return cached;
}
