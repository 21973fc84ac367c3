import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { escposForBitmap, renderSlipEscpos } from '../../src/modules/printing/slip/escpos.js';
import { type SlipBitmap, renderSlip } from '../../src/modules/printing/slip/render-slip.js';
import { SAMPLE_SLIP_CONTENT } from '../../src/modules/printing/slip/sample-slip.js';
import { cancelledSlipContent, slipOptionRows, testSlipContent } from '../../src/modules/printing/slip/slip-content.js';
import { decodeEscposRaster } from '../support/escpos.js';

const SAMPLE_PNG = new URL('../../../agent/docs/sample-slip.png', import.meta.url);

function isBlack({ width, bits }: SlipBitmap, x: number, y: number): boolean {
  return (bits[y * Math.ceil(width / 8) + (x >> 3)]! & (0x80 >> (x & 7))) !== 0;
}

function blackShare(bitmap: SlipBitmap, rows = bitmap.height, columns: [number, number] = [0, bitmap.width]): number {
  let black = 0;
  for (let y = 0; y < rows; y++) for (let x = columns[0]; x < columns[1]; x++) if (isBlack(bitmap, x, y)) black++;
  return black / (rows * (columns[1] - columns[0]));
}

describe('kitchen slip rendering', () => {
  // After an intended layout change: node backend/scripts/render-sample-slip.mjs, look at the picture, commit it.
  it('still draws the committed sample slip dot for dot', async () => {
    const bitmap = await renderSlip(SAMPLE_SLIP_CONTENT, { widthDots: 576 });
    const { data, info } = await sharp(await readFile(SAMPLE_PNG))
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([bitmap.width, bitmap.height]);
    let differences = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) if (data[y * info.width + x]! < 128 !== isBlack(bitmap, x, y)) differences++;
    }
    expect(differences).toBe(0);
  });

  it.each([576, 384] as const)('fills a %i-dot slip, right-aligned, within its width', async (widthDots) => {
    const bitmap = await renderSlip(SAMPLE_SLIP_CONTENT, { widthDots });
    expect(bitmap.width).toBe(widthDots);
    expect(bitmap.bits.length).toBe((widthDots / 8) * bitmap.height);
    expect(blackShare(bitmap)).toBeGreaterThan(0.05);
    expect(blackShare(bitmap)).toBeLessThan(0.5);
    // Item rows are right-aligned: below the header the right edge carries ink, the Hebrew starts there.
    const itemsTop = Math.round(bitmap.height * 0.33);
    const rightColumn: [number, number] = [widthDots - 40, widthDots - 8];
    let rightInk = 0;
    for (let y = itemsTop; y < itemsTop + 100; y++)
      for (let x = rightColumn[0]; x < rightColumn[1]; x++) if (isBlack(bitmap, x, y)) rightInk++;
    expect(rightInk).toBeGreaterThan(0);
    // The header (business name, order number) has ink in its right half, where Hebrew text begins.
    const header = Math.round(bitmap.height * 0.15);
    expect(blackShare(bitmap, header, [widthDots / 2, widthDots])).toBeGreaterThan(0.02);
  });

  it('is the same picture every time', async () => {
    const first = await renderSlip(SAMPLE_SLIP_CONTENT, { widthDots: 384 });
    const second = await renderSlip(SAMPLE_SLIP_CONTENT, { widthDots: 384 });
    expect(Buffer.from(second.bits).equals(Buffer.from(first.bits))).toBe(true);
  });

  it('wraps a long product name onto more lines instead of cutting it', async () => {
    const short = { ...SAMPLE_SLIP_CONTENT, lines: [{ name: 'טוסט', quantity: 2, lineTotalAgorot: 6000 }] };
    const name = 'טוסט גבינה צהובה ועגבניות על לחם מחמצת עם תוספת פטריות, בצל מטוגן ו-Pesto Genovese';
    const long = { ...short, lines: [{ name, quantity: 2, lineTotalAgorot: 6000 }] };
    const unbroken = { ...short, lines: [{ name: 'א'.repeat(80), quantity: 2, lineTotalAgorot: 6000 }] };
    for (const widthDots of [576, 384] as const) {
      const base = await renderSlip(short, { widthDots });
      expect((await renderSlip(long, { widthDots })).height).toBeGreaterThan(base.height + 60);
      expect((await renderSlip(unbroken, { widthDots })).height).toBeGreaterThan(base.height + 60);
    }
  });

  it('prints the pickup time of an order for later on a row of its own (issue 33)', async () => {
    const now = await renderSlip(SAMPLE_SLIP_CONTENT, { widthDots: 576 });
    const later = await renderSlip(
      { ...SAMPLE_SLIP_CONTENT, pickupAt: new Date('2026-11-30T10:30:00Z') },
      { widthDots: 576 },
    );
    expect(later.height).toBeGreaterThan(now.height + 40);
  });

  it("prints a tab's round with its number and the open tab where a paid order says it was paid (decision 058)", async () => {
    const unpaid = await renderSlip({ ...SAMPLE_SLIP_CONTENT, paid: false }, { widthDots: 576 });
    const round = await renderSlip({ ...SAMPLE_SLIP_CONTENT, paid: false, tabRound: 2 }, { widthDots: 576 });
    const second = await renderSlip({ ...SAMPLE_SLIP_CONTENT, paid: false, tabRound: 3 }, { widthDots: 576 });
    // Two rows in the box ("סבב 2", "חשבון פתוח") where an unpaid order has one, and the round's number drawn.
    expect(round.height).toBeGreaterThan(unpaid.height);
    expect(Buffer.from(round.bits).equals(Buffer.from(second.bits))).toBe(false);
  });

  it('prints a test slip without an order number', async () => {
    const content = testSlipContent('קפה ביאליק', new Date('2026-11-21T12:05:00Z'));
    expect(content).toMatchObject({ kind: 'test', orderNumber: null });
    const bitmap = await renderSlip(content, { widthDots: 384 });
    expect(blackShare(bitmap)).toBeGreaterThan(0.05);
  });

  it('sends ESC/POS that starts with ESC @, prints the bitmap in GS v 0 bands and ends with a cut', async () => {
    const bitmap = await renderSlip(SAMPLE_SLIP_CONTENT, { widthDots: 576 });
    const bytes = escposForBitmap(bitmap);
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect([...bytes.subarray(-4)]).toEqual([0x1d, 0x56, 66, 0]);
    let offset = 2;
    let rows = 0;
    while (bytes[offset] === 0x1d && bytes[offset + 1] === 0x76) {
      expect([...bytes.subarray(offset, offset + 6)]).toEqual([0x1d, 0x76, 0x30, 0, 72, 0]);
      const bandRows = bytes[offset + 6]! + bytes[offset + 7]! * 256;
      expect(bandRows).toBeLessThanOrEqual(256);
      rows += bandRows;
      offset += 8 + 72 * bandRows;
    }
    expect(rows).toBe(bitmap.height);
    const decoded = decodeEscposRaster(bytes);
    expect(decoded).toMatchObject({ width: 576, height: bitmap.height, cut: true });
    expect(Buffer.from(decoded.bits).equals(Buffer.from(bitmap.bits))).toBe(true);
  });

  describe('a line’s choices', () => {
    const line = {
      name: 'הפוך',
      quantity: 2,
      lineTotalAgorot: 3300,
      options: [
        { name: 'שיבולת שועל', priceAgorot: 200, without: false },
        { name: 'שוט אספרסו', priceAgorot: 0, without: false },
        { name: 'בצל', priceAgorot: 0, without: true },
        { name: 'עגבנייה', priceAgorot: 0, without: true },
      ],
    };

    it('prints each added choice with its price, then the "without" choices together on a row of their own', () => {
      expect(slipOptionRows(line)).toEqual([
        { text: '+ \u2068שיבולת שועל\u2069 ₪2.00', without: false },
        { text: '+ \u2068שוט אספרסו\u2069', without: false },
        { text: 'בלי: \u2068בצל\u2069, \u2068עגבנייה\u2069', without: true },
      ]);
      expect(slipOptionRows({ name: 'טוסט', quantity: 1, lineTotalAgorot: 3000 })).toEqual([]);
    });

    it('does not print "בלי: בלי בצל" when the owner named the choice "בלי בצל" (issue 29)', () => {
      const options = [{ name: 'בלי בצל', priceAgorot: 0, without: true }];
      expect(slipOptionRows({ name: 'שקשוקה', quantity: 1, lineTotalAgorot: 4800, options })).toEqual([
        { text: 'בלי: \u2068בצל\u2069', without: true },
      ]);
    });

    it('sends the choices under their line in the printer’s bytes, the "without" row white on black', async () => {
      const plain = { ...SAMPLE_SLIP_CONTENT, remarks: null, lines: [{ ...line, options: undefined }] };
      const added = { ...plain, lines: [{ ...line, options: line.options.filter((option) => !option.without) }] };
      const chosen = { ...plain, lines: [line] };
      const heights: number[] = [];
      const solid: number[] = [];
      for (const content of [plain, added, chosen]) {
        const decoded = decodeEscposRaster(escposForBitmap(await renderSlip(content, { widthDots: 576 })));
        heights.push(decoded.height);
        // Rows black across the left edge: the rules, the "paid" frame, and the "without" box (no remarks here).
        let solidRows = 0;
        for (let y = 0; y < decoded.height; y++) {
          let black = 0;
          for (let x = 20; x < 40; x++) if ((decoded.bits[y * 72 + (x >> 3)]! & (0x80 >> (x & 7))) !== 0) black++;
          if (black === 20) solidRows++;
        }
        solid.push(solidRows);
      }
      expect(solid[1]).toBe(solid[0]);
      expect(solid[2]).toBeGreaterThan(solid[1]! + 30);
      // Two added rows, then the "without" row below them.
      expect(heights[1]).toBeGreaterThan(heights[0]! + 50);
      expect(heights[2]).toBeGreaterThan(heights[1]! + 30);
    });
  });

  describe('direction controls in a person’s text (issue 29)', () => {
    // A remark ending in RIGHT-TO-LEFT OVERRIDE printed "123" as "321"; an embedding in a name turned the quantity
    // and price around it. Events recorded before the contracts removed them still carry them: the slip removes them.
    const controls = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    const clean = {
      ...SAMPLE_SLIP_CONTENT,
      // Hebrew, Latin and digits together: an embedding or an isolate left open turns such text around.
      businessName: 'קפה 24 Bialik',
      remarks: 'שולחן 123 ליד the window',
      lines: [
        {
          name: 'הפוך 2 Latte',
          quantity: 3,
          lineTotalAgorot: 5400,
          options: [
            { name: 'שיבולת 45 Oat', priceAgorot: 250, without: false },
            { name: 'קצף', priceAgorot: 0, without: true },
          ],
        },
      ],
    };

    it.each(controls.map((control) => [control.codePointAt(0)!.toString(16)]))(
      'U+%s in the remarks, a name or a choice prints the same dots as the text without it',
      async (hex) => {
        const control = String.fromCodePoint(parseInt(hex, 16));
        const [line] = clean.lines;
        const tainted = {
          ...clean,
          businessName: `${control}${clean.businessName}`,
          remarks: `${control}${clean.remarks}`,
          lines: [
            {
              ...line!,
              name: `${line!.name}${control}`,
              options: line!.options.map((option) => ({ ...option, name: `${control}${option.name}` })),
            },
          ],
        };
        const expected = await renderSlip(clean, { widthDots: 576 });
        const printed = await renderSlip(tainted, { widthDots: 576 });
        expect([printed.width, printed.height]).toEqual([expected.width, expected.height]);
        expect(Buffer.from(printed.bits).equals(Buffer.from(expected.bits))).toBe(true);
      },
    );

    it('prints the digits of an overridden remark in their order', async () => {
      // Digits read the same in both directions of a paragraph only when kept in order: "123" must not be "321".
      const asTyped = await renderSlip({ ...clean, remarks: 'הערה 123' }, { widthDots: 576 });
      const reversed = await renderSlip({ ...clean, remarks: 'הערה 321' }, { widthDots: 576 });
      const overridden = await renderSlip({ ...clean, remarks: 'הערה \u202e123' }, { widthDots: 576 });
      expect(Buffer.from(asTyped.bits).equals(Buffer.from(reversed.bits))).toBe(false);
      expect(Buffer.from(overridden.bits).equals(Buffer.from(asTyped.bits))).toBe(true);
    });
  });

  describe('the slip of a cancelled order (issue 17)', () => {
    const { businessName, orderNumber, tableNumber, lines, totalAgorot } = SAMPLE_SLIP_CONTENT;
    const cancelled = cancelledSlipContent({
      businessName,
      orderNumber,
      at: new Date(),
      tableNumber,
      lines,
      totalAgorot,
    });

    /** Rows black across a band on the left, where only a white-on-black box or a rule reaches. */
    function solidRows(decoded: { height: number; bits: Uint8Array }, width: number): number[] {
      const rows: number[] = [];
      for (let y = 0; y < decoded.height; y++) {
        let black = 0;
        for (let x = 20; x < 40; x++)
          if ((decoded.bits[y * (width / 8) + (x >> 3)]! & (0x80 >> (x & 7))) !== 0) black++;
        if (black === 20) rows.push(y);
      }
      return rows;
    }

    it.each([576, 384] as const)(
      'is ESC/POS a %i-dot printer takes: a white-on-black "cancelled" band under the header, no remarks',
      async (widthDots) => {
        const bytes = await renderSlipEscpos(cancelled, widthDots);
        expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
        expect([...bytes.subarray(2, 5)]).toEqual([0x1d, 0x76, 0x30]);
        expect([...bytes.subarray(-4)]).toEqual([0x1d, 0x56, 66, 0]);
        const decoded = decodeEscposRaster(bytes);
        expect(decoded).toMatchObject({ width: widthDots, cut: true });

        const order = decodeEscposRaster(await renderSlipEscpos({ ...SAMPLE_SLIP_CONTENT, remarks: null }, widthDots));
        // A band of white-on-black the order's own slip (without remarks) does not have, in the slip's upper half.
        const extra = solidRows(decoded, widthDots).filter((y) => y < decoded.height / 2).length;
        expect(extra - solidRows(order, widthDots).length).toBeGreaterThan(Math.round(100 * (widthDots / 576)));
        // The lines are there (the cook sees which order to stop), the remarks and the total are not.
        const withRemarks = await renderSlipEscpos({ ...cancelled, remarks: 'בלי בצל' }, widthDots);
        expect(decodeEscposRaster(withRemarks).height).toBe(decoded.height);
        const oneLine = await renderSlipEscpos({ ...cancelled, lines: lines.slice(0, 1) }, widthDots);
        expect(decodeEscposRaster(oneLine).height).toBeLessThan(decoded.height);
      },
    );

    it('is the same bytes every time', async () => {
      const first = await renderSlipEscpos(cancelled, 384);
      expect((await renderSlipEscpos(cancelled, 384)).equals(first)).toBe(true);
    });
  });
});
