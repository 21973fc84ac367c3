// Where everything goes on the table posters' PDF pages (decision 030), in millimetres from the page's top-left
// corner. Pure functions, so the layout is tested without a canvas or a PDF library: poster-pdf.ts draws what these
// say. Two formats, both on A4 portrait paper:
// - 'a4': one upright poster filling the page;
// - 'tent': a table card folded in the middle into a tent: two A5-landscape faces, the upper one upside down so that
//   both read upright once the card stands on the table.
import { dinerLanguages, type DinerLanguage } from '@tafrit/contracts/languages';
import { fitWithin, type Box, type QrModules } from './qr-poster';
import {
  posterInstruction,
  posterTableWord,
  windowPosterHeadline,
  windowPosterWord,
  type PosterFormat,
} from './poster-text';

export const PAGE_WIDTH = 210;
export const PAGE_HEIGHT = 297;
/** The pictures of text and logos are drawn at 300 dots per inch, as the PNG poster. */
export const DOTS_PER_MM = 300 / 25.4;
/** Quiet zone around the code, in modules (the QR standard asks for 4). */
const QR_QUIET_MODULES = 4;

export type TextRole = 'name' | 'tableWord' | 'tableNumber' | 'instruction';

export interface PosterText {
  role: TextRole;
  text: string;
  language: DinerLanguage;
  box: Box;
  /** Font size in millimetres (the em). */
  size: number;
  upsideDown: boolean;
}

export interface PosterPage {
  width: number;
  height: number;
  logos: { box: Box; upsideDown: boolean }[];
  texts: PosterText[];
  /** The code's box, quiet zone included. */
  codes: { box: Box; upsideDown: boolean }[];
  /** The address under the code, in a PDF standard font: `x` is the centre of the line, `y` its baseline. */
  addresses: { text: string; x: number; y: number; sizePt: number; upsideDown: boolean }[];
  /** Where the card folds (a dashed guide), for the tent card. */
  fold: number | null;
}

export interface PosterInput {
  businessName: string;
  /** The table's number, or `window` for the window's "order ahead" poster (issue 33). */
  table: number | 'window';
  url: string;
  /** The languages of the instruction, Hebrew first (`posterLanguages`). */
  languages: readonly DinerLanguage[];
  /** The logo's own size in pixels, or null when the business has none. */
  logo: { width: number; height: number } | null;
}

/** Hebrew, then each other language the business offers its diners, in the switcher's order. */
export function posterLanguages(offered: readonly DinerLanguage[]): DinerLanguage[] {
  return dinerLanguages.filter((language) => language === 'he' || offered.includes(language));
}

/** `קפה הגפן - שלטי A4.pdf`: the business and the format, without characters a file system refuses. */
export function posterPdfFileName(businessName: string, formatWord: string): string {
  const safe = businessName
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${safe.slice(0, 80) || 'tafrit'} - ${formatWord}.pdf`;
}

interface FaceSpec {
  width: number;
  height: number;
  /** The column the text stack is centred in. */
  column: { x: number; width: number; top: number; bottom: number };
  code: Box;
  logoMax: { width: number; height: number };
  sizes: Record<TextRole, number>;
  /** Height of a line's picture, as a multiple of its font size: room for Arabic's marks above and below. */
  lineHeight: number;
  gap: number;
  addressSizePt: number;
  addressBaseline: number;
  addressCentre: number;
  /** The A4 poster has the instructions under the code; the tent card's face, under the table's number. */
  instructionsUnderCode: boolean;
}

const A4_FACE: FaceSpec = {
  width: PAGE_WIDTH,
  height: PAGE_HEIGHT,
  column: { x: 15, width: PAGE_WIDTH - 30, top: 12, bottom: 126 },
  code: { x: 55, y: 128, width: 100, height: 100 },
  logoMax: { width: 80, height: 28 },
  sizes: { name: 10, tableWord: 9, tableNumber: 30, instruction: 7 },
  lineHeight: 1.5,
  gap: 1.5,
  addressSizePt: 9,
  addressBaseline: PAGE_HEIGHT - 9,
  addressCentre: PAGE_WIDTH / 2,
  instructionsUnderCode: true,
};

/** One face of the tent card (A5 landscape): the code at the left, the words at the right (the start, in Hebrew). */
const TENT_FACE: FaceSpec = {
  width: PAGE_WIDTH,
  height: PAGE_HEIGHT / 2,
  column: { x: 106, width: 94, top: 10, bottom: PAGE_HEIGHT / 2 - 10 },
  code: { x: 12, y: 26, width: 88, height: 88 },
  logoMax: { width: 70, height: 18 },
  sizes: { name: 7, tableWord: 6.5, tableNumber: 22, instruction: 4.6 },
  lineHeight: 1.5,
  gap: 1,
  addressSizePt: 7,
  addressBaseline: 124,
  addressCentre: 56,
  instructionsUnderCode: false,
};

/** One face, upright, in its own coordinates: the text stack centred in its column, the code and its address. */
function face(spec: FaceSpec, input: PosterInput): Omit<PosterPage, 'width' | 'height' | 'fold'> {
  const rows: { height: number; logo?: { width: number; height: number }; text?: Omit<PosterText, 'box'> }[] = [];
  const logo = input.logo
    ? fitWithin(input.logo.width, input.logo.height, spec.logoMax.width, spec.logoMax.height)
    : null;
  if (logo && logo.width > 0) rows.push({ height: spec.logoMax.height + spec.gap * 2, logo });
  const line = (role: TextRole, text: string, language: DinerLanguage) =>
    rows.push({
      height: spec.sizes[role] * (role === 'tableNumber' ? 1.15 : spec.lineHeight),
      text: { role, text, language, size: spec.sizes[role], upsideDown: false },
    });
  line('name', input.businessName, 'he');
  line('tableWord', input.table === 'window' ? windowPosterWord : posterTableWord, 'he');
  // The window poster's headline in the number's place: shrunk to fit its line when drawn.
  line('tableNumber', input.table === 'window' ? windowPosterHeadline : String(input.table), 'he');
  const instructions = input.languages.map((language) => ({ language, text: posterInstruction[language] }));
  if (!spec.instructionsUnderCode) for (const { language, text } of instructions) line('instruction', text, language);

  const total = rows.reduce((sum, row) => sum + row.height, 0) + spec.gap * (rows.length - 1);
  let y = spec.column.top + Math.max(0, (spec.column.bottom - spec.column.top - total) / 2);
  const logos: PosterPage['logos'] = [];
  const texts: PosterText[] = [];
  for (const row of rows) {
    if (row.logo) {
      const band = spec.logoMax.height;
      logos.push({
        box: {
          x: spec.column.x + (spec.column.width - row.logo.width) / 2,
          y: y + spec.gap + (band - row.logo.height) / 2,
          ...row.logo,
        },
        upsideDown: false,
      });
    }
    if (row.text)
      texts.push({ ...row.text, box: { x: spec.column.x, y, width: spec.column.width, height: row.height } });
    y += row.height + spec.gap;
  }
  if (spec.instructionsUnderCode) {
    let lineTop = spec.code.y + spec.code.height + 3;
    const height = spec.sizes.instruction * spec.lineHeight;
    for (const { language, text } of instructions) {
      texts.push({
        role: 'instruction',
        text,
        language,
        size: spec.sizes.instruction,
        upsideDown: false,
        box: { x: spec.column.x, y: lineTop, width: spec.column.width, height },
      });
      lineTop += height;
    }
  }
  return {
    logos,
    texts,
    codes: [{ box: spec.code, upsideDown: false }],
    addresses: [
      {
        text: input.url,
        x: spec.addressCentre,
        y: spec.addressBaseline,
        sizePt: spec.addressSizePt,
        upsideDown: false,
      },
    ],
  };
}

/** A box turned half a turn within the area `top..top+height` of a page `width` wide. */
export function turnBox(box: Box, width: number, top: number, height: number): Box {
  return { ...box, x: width - box.x - box.width, y: top + (height - (box.y - top) - box.height) };
}

/** The upper face of the tent: every item turned half a turn about the face's centre. */
function upsideDown(items: Omit<PosterPage, 'width' | 'height' | 'fold'>, height: number) {
  const turn = (box: Box) => turnBox(box, PAGE_WIDTH, 0, height);
  return {
    logos: items.logos.map((logo) => ({ box: turn(logo.box), upsideDown: true })),
    texts: items.texts.map((text) => ({ ...text, box: turn(text.box), upsideDown: true })),
    codes: items.codes.map((code) => ({ box: turn(code.box), upsideDown: true })),
    addresses: items.addresses.map((address) => ({
      ...address,
      x: PAGE_WIDTH - address.x,
      y: height - address.y,
      upsideDown: true,
    })),
  };
}

/** Moves a face down the page by `dy`. */
function shifted(items: Omit<PosterPage, 'width' | 'height' | 'fold'>, dy: number) {
  const move = (box: Box) => ({ ...box, y: box.y + dy });
  return {
    logos: items.logos.map((logo) => ({ ...logo, box: move(logo.box) })),
    texts: items.texts.map((text) => ({ ...text, box: move(text.box) })),
    codes: items.codes.map((code) => ({ ...code, box: move(code.box) })),
    addresses: items.addresses.map((address) => ({ ...address, y: address.y + dy })),
  };
}

/** One page of the PDF: one table's poster, or one table's tent card. */
export function posterPage(format: PosterFormat, input: PosterInput): PosterPage {
  if (format === 'a4') return { width: PAGE_WIDTH, height: PAGE_HEIGHT, fold: null, ...face(A4_FACE, input) };
  const half = PAGE_HEIGHT / 2;
  const lower = shifted(face(TENT_FACE, input), half);
  const upper = upsideDown(face(TENT_FACE, input), half);
  return {
    width: PAGE_WIDTH,
    height: PAGE_HEIGHT,
    fold: half,
    logos: [...upper.logos, ...lower.logos],
    texts: [...upper.texts, ...lower.texts],
    codes: [...upper.codes, ...lower.codes],
    addresses: [...upper.addresses, ...lower.addresses],
  };
}

/**
 * The dark modules of a code as rectangles in millimetres, each row's runs of dark modules as one rectangle, to be
 * filled as one path (so a viewer's anti-aliasing leaves no pale seams between them). Turned half a turn with the face
 * when `upsideDown` (a code reads at any angle; it is turned only to stay inside its box).
 */
export function qrRectangles(modules: QrModules, box: Box, upsideDown: boolean): Box[] {
  const cell = box.width / (modules.size + 2 * QR_QUIET_MODULES);
  const rectangles: Box[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      const rectangle = {
        x: box.x + (start + QR_QUIET_MODULES) * cell,
        y: box.y + (row + QR_QUIET_MODULES) * cell,
        width: (column - start) * cell,
        height: cell,
      };
      rectangles.push(upsideDown ? turnBox(rectangle, 2 * box.x + box.width, box.y, box.height) : rectangle);
    }
  }
  return rectangles;
}

/** A picture's size in pixels for a box in millimetres (300 dpi). */
export function pixelsFor(box: Box): { width: number; height: number } {
  return {
    width: Math.max(1, Math.round(box.width * DOTS_PER_MM)),
    height: Math.max(1, Math.round(box.height * DOTS_PER_MM)),
  };
}
