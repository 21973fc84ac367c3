import { describe, expect, it } from 'vitest';
import {
  PAGE_HEIGHT,
  PAGE_WIDTH,
  pixelsFor,
  posterLanguages,
  posterPage,
  posterPdfFileName,
  qrRectangles,
  turnBox,
  type PosterInput,
  type PosterPage,
} from './poster-layout';
import type { Box, QrModules } from './qr-poster';
import { posterInstruction } from './poster-text';

const input: PosterInput = {
  businessName: 'קפה הגפן',
  table: 12,
  url: 'https://tafrit.test/menu/demo?table=12',
  languages: ['he', 'ar', 'en', 'ru'],
  logo: { width: 1000, height: 500 },
};

const EPSILON = 1e-9;

function boxes(page: PosterPage): Box[] {
  return [
    ...page.logos.map((logo) => logo.box),
    ...page.texts.map((text) => text.box),
    ...page.codes.map((c) => c.box),
  ];
}

function inside(box: Box, top = 0, bottom = PAGE_HEIGHT) {
  return (
    box.x >= 0 && box.y >= top - EPSILON && box.x + box.width <= PAGE_WIDTH && box.y + box.height <= bottom + EPSILON
  );
}

function overlap(a: Box, b: Box) {
  return (
    Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > EPSILON &&
    Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > EPSILON
  );
}

function noOverlaps(list: Box[]) {
  return list.every((a, i) => list.every((b, j) => i === j || !overlap(a, b)));
}

const textOf = (page: PosterPage, role: string) => page.texts.filter((text) => text.role === role);

describe("the posters' languages and file name", () => {
  it('prints Hebrew first, then every other language the business offers, in the switcher order', () => {
    expect(posterLanguages(['ru', 'ar'])).toEqual(['he', 'ar', 'ru']);
    expect(posterLanguages(['he', 'en'])).toEqual(['he', 'en']);
    expect(posterLanguages([])).toEqual(['he']);
  });

  it('names the file by the business and the format, without characters a file system refuses', () => {
    expect(posterPdfFileName('קפה הגפן', 'שלטי A4')).toBe('קפה הגפן - שלטי A4.pdf');
    expect(posterPdfFileName(' בר/מסעדה: "הנמל"\n', 'כרטיסי שולחן')).toBe('בר מסעדה הנמל - כרטיסי שולחן.pdf');
    expect(posterPdfFileName('???', 'שלטי A4')).toBe('tafrit - שלטי A4.pdf');
  });
});

describe('the A4 poster page', () => {
  const page = posterPage('a4', input);

  it('holds the logo, the name, the table, the code and the instructions, top to bottom, on the page', () => {
    expect(page.fold).toBeNull();
    expect(page.logos).toHaveLength(1);
    const [name] = textOf(page, 'name');
    const [word] = textOf(page, 'tableWord');
    const [number] = textOf(page, 'tableNumber');
    const [code] = page.codes;
    const instructions = textOf(page, 'instruction');
    expect(name?.text).toBe('קפה הגפן');
    expect(number?.text).toBe('12');
    expect(page.logos[0]!.box.y + page.logos[0]!.box.height).toBeLessThanOrEqual(name!.box.y);
    expect(name!.box.y + name!.box.height).toBeLessThanOrEqual(word!.box.y);
    expect(word!.box.y + word!.box.height).toBeLessThanOrEqual(number!.box.y);
    expect(number!.box.y + number!.box.height).toBeLessThanOrEqual(code!.box.y);
    expect(instructions.map((line) => line.text)).toEqual([
      posterInstruction.he,
      posterInstruction.ar,
      posterInstruction.en,
      posterInstruction.ru,
    ]);
    expect(instructions.map((line) => line.language)).toEqual(['he', 'ar', 'en', 'ru']);
    expect(instructions[0]!.box.y).toBeGreaterThanOrEqual(code!.box.y + code!.box.height);
    expect(page.addresses).toEqual([
      expect.objectContaining({ text: input.url, x: PAGE_WIDTH / 2, upsideDown: false }),
    ]);
    expect(page.addresses[0]!.y).toBeGreaterThan(instructions[3]!.box.y + instructions[3]!.box.height);
    expect(page.addresses[0]!.y).toBeLessThan(PAGE_HEIGHT);
    expect(boxes(page).every((box) => inside(box))).toBe(true);
    expect(noOverlaps(boxes(page))).toBe(true);
  });

  it('prints the table number larger than anything else, and the code 10 cm wide in the middle', () => {
    const [number] = textOf(page, 'tableNumber');
    for (const text of page.texts) if (text !== number) expect(text.size).toBeLessThan(number!.size);
    const [code] = page.codes;
    expect(code!.box.width).toBe(100);
    expect(code!.box.height).toBe(100);
    expect(code!.box.x + code!.box.width / 2).toBe(PAGE_WIDTH / 2);
    expect(page.texts.every((text) => !text.upsideDown) && !code!.upsideDown).toBe(true);
  });

  it('fits the logo in its band keeping its proportions, and goes without one when there is none', () => {
    const logo = page.logos[0]!.box;
    expect(logo.width / logo.height).toBeCloseTo(2);
    expect(logo.width).toBeLessThanOrEqual(80);
    expect(logo.height).toBeLessThanOrEqual(28);
    expect(logo.x + logo.width / 2).toBeCloseTo(PAGE_WIDTH / 2);
    const bare = posterPage('a4', { ...input, logo: null, languages: ['he'] });
    expect(bare.logos).toEqual([]);
    expect(textOf(bare, 'instruction').map((line) => line.text)).toEqual([posterInstruction.he]);
    expect(boxes(bare).every((box) => inside(box))).toBe(true);
  });
});

describe('the folded table card', () => {
  const page = posterPage('tent', input);
  const fold = PAGE_HEIGHT / 2;
  const upper = { texts: page.texts.filter((text) => text.upsideDown), codes: page.codes.filter((c) => c.upsideDown) };
  const lower = {
    texts: page.texts.filter((text) => !text.upsideDown),
    codes: page.codes.filter((c) => !c.upsideDown),
  };

  it('folds in the middle: the same face below the fold and, upside down, above it', () => {
    expect(page.fold).toBe(fold);
    expect(lower.texts.map((text) => text.text)).toEqual(upper.texts.map((text) => text.text));
    expect(lower.texts.map((text) => text.role)).toEqual([
      'name',
      'tableWord',
      'tableNumber',
      ...Array(4).fill('instruction'),
    ]);
    expect(lower.codes).toHaveLength(1);
    expect(upper.codes).toHaveLength(1);
    for (const box of [...lower.texts.map((text) => text.box), lower.codes[0]!.box])
      expect(inside(box, fold)).toBe(true);
    for (const box of [...upper.texts.map((text) => text.box), upper.codes[0]!.box]) {
      expect(inside(box, 0, fold)).toBe(true);
    }
    // Each upper item is its lower twin turned half a turn about the page's centre.
    lower.texts.forEach((text, index) => {
      const twin = upper.texts[index]!.box;
      expect(twin.x).toBeCloseTo(PAGE_WIDTH - text.box.x - text.box.width);
      expect(twin.y).toBeCloseTo(PAGE_HEIGHT - text.box.y - text.box.height);
    });
    const [upperLogo, lowerLogo] = page.logos;
    expect(upperLogo!.upsideDown && !lowerLogo!.upsideDown).toBe(true);
    expect(noOverlaps(boxes(page))).toBe(true);
  });

  it('puts the words at the right (the start in Hebrew) and the code at the left, with its address under it', () => {
    const [code] = lower.codes;
    for (const text of lower.texts) expect(text.box.x).toBeGreaterThanOrEqual(code!.box.x + code!.box.width);
    const [upperAddress, lowerAddress] = page.addresses;
    expect(lowerAddress).toMatchObject({ text: input.url, upsideDown: false });
    expect(lowerAddress!.y).toBeGreaterThan(code!.box.y + code!.box.height);
    expect(upperAddress).toMatchObject({ text: input.url, upsideDown: true, x: PAGE_WIDTH - lowerAddress!.x });
    expect(upperAddress!.y).toBeCloseTo(PAGE_HEIGHT - lowerAddress!.y);
  });
});

describe("the code's rectangles", () => {
  // A 3 x 3 "code": dark on the diagonal and the whole bottom row.
  const dark = [
    [1, 0, 0],
    [0, 1, 0],
    [1, 1, 1],
  ];
  const modules: QrModules = { size: 3, get: (row, column) => dark[row]![column]! };
  const box = { x: 10, y: 20, width: 110, height: 110 }; // 3 + 2 x 4 quiet modules = 11, so 10 mm a module

  it('draws each row of dark modules as one rectangle, inside the quiet zone', () => {
    const rectangles = qrRectangles(modules, box, false);
    expect(rectangles).toHaveLength(3);
    const [first, , bottom] = rectangles;
    expect(first).toMatchObject({ x: 50, y: 60 });
    expect(first!.width).toBeCloseTo(10);
    expect(bottom).toMatchObject({ x: 50, y: 80 });
    expect(bottom!.width).toBeCloseTo(30);
  });

  it('turns the code half a turn within its box for the upside-down face', () => {
    const turned = qrRectangles(modules, box, true);
    const upright = qrRectangles(modules, box, false);
    turned.forEach((rectangle, index) => {
      const expected = turnBox(upright[index]!, 2 * box.x + box.width, box.y, box.height);
      expect(rectangle).toEqual(expected);
      expect(rectangle.x).toBeGreaterThanOrEqual(box.x);
      expect(rectangle.y + rectangle.height).toBeLessThanOrEqual(box.y + box.height);
    });
    // The bottom row comes to the top.
    expect(turned[2]!.y).toBeCloseTo(60);
  });

  it('sizes pictures at 300 dpi', () => {
    expect(pixelsFor({ x: 0, y: 0, width: 25.4, height: 2.54 })).toEqual({ width: 300, height: 30 });
  });
});
