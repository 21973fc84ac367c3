import { type SlipBitmap, renderSlip } from './render-slip.js';
import { type SlipContent } from './slip-content.js';

const ESC = 0x1b;
const GS = 0x1d;
// Printers buffer a raster command whole before printing; cheap ones overflow on a tall single image.
const BAND_ROWS = 256;
const FEED_LINES = 4;

/** ESC @, the image as GS v 0 bands, a short feed, then GS V 66 0 (feed to the cutter and cut partially). */
export function escposForBitmap(bitmap: SlipBitmap): Buffer {
  const rowBytes = Math.ceil(bitmap.width / 8);
  const parts: Buffer[] = [Buffer.from([ESC, 0x40])];
  for (let top = 0; top < bitmap.height; top += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, bitmap.height - top);
    // GS v 0 m xL xH yL yH: m = 0 is normal density; x counts bytes per row, y counts rows.
    parts.push(Buffer.from([GS, 0x76, 0x30, 0, rowBytes & 0xff, rowBytes >> 8, rows & 0xff, rows >> 8]));
    parts.push(Buffer.from(bitmap.bits.subarray(top * rowBytes, (top + rows) * rowBytes)));
  }
  parts.push(Buffer.from([ESC, 0x64, FEED_LINES, GS, 0x56, 66, 0]));
  return Buffer.concat(parts);
}

export async function renderSlipEscpos(content: SlipContent, widthDots: 576 | 384): Promise<Buffer> {
  return escposForBitmap(await renderSlip(content, { widthDots }));
}
