import { type SlipContent } from './slip-content.js';
import { slipSvg } from './slip-layout.js';

export interface SlipBitmap {
  width: number;
  height: number;
  /** rows of ceil(width/8) bytes, MSB = leftmost dot, 1 = black */
  bits: Uint8Array;
}

/** sharp (native code) loads with the first slip, not with every start of the server. */
const loadSharp = async () => (await import('sharp')).default;

// Anti-aliased edges below half grey become dots: strokes keep their designed weight.
const THRESHOLD = 128;

export async function renderSlip(content: SlipContent, options: { widthDots: 576 | 384 }): Promise<SlipBitmap> {
  const width = options.widthDots;
  const { svg, height } = slipSvg(content, width);
  const sharp = await loadSharp();
  const grey = await sharp(Buffer.from(svg), { density: 72 })
    .flatten({ background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (grey.info.width !== width || grey.info.height !== height) {
    throw new Error(`slip rasterised to ${grey.info.width}x${grey.info.height}, expected ${width}x${height}`);
  }
  return packBits(grey.data, width, height);
}

function packBits(grey: Uint8Array, width: number, height: number): SlipBitmap {
  const rowBytes = Math.ceil(width / 8);
  const bits = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((grey[y * width + x] ?? 255) < THRESHOLD) bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { width, height, bits };
}

/** Black and white pixels only, so decoding the PNG gives back exactly the bitmap's dots. */
export async function slipToPng(bitmap: SlipBitmap): Promise<Buffer> {
  const { width, height, bits } = bitmap;
  const rowBytes = Math.ceil(width / 8);
  const grey = Buffer.alloc(width * height, 255);
  const sharp = await loadSharp();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((bits[y * rowBytes + (x >> 3)]! & (0x80 >> (x & 7))) !== 0) grey[y * width + x] = 0;
    }
  }
  return sharp(grey, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 9, palette: true, colours: 2, dither: 0 })
    .toBuffer();
}
