// Decodes what a receipt printer would receive, so tests (and the fake TCP printer) can check the printed picture
// rather than the bytes. Only the commands our slips use are understood; anything else fails loudly with its offset.

export interface DecodedRaster {
  width: number;
  height: number;
  /** rows of width/8 bytes, MSB = leftmost dot, 1 = black, all GS v 0 bands in order */
  bits: Uint8Array;
  /** a GS V (cut) command was seen */
  cut: boolean;
}

const ESC = 0x1b;
const GS = 0x1d;

/**
 * Lengths of the ESC commands that carry no image: ESC @ (init), ESC d n / ESC J n (feed), ESC a n (align),
 * ESC E n (bold), ESC ! n (mode), ESC 2 / ESC 3 n (line spacing).
 */
const ESC_LENGTHS: Record<number, number> = { 0x40: 2, 0x64: 3, 0x4a: 3, 0x61: 3, 0x45: 3, 0x21: 3, 0x32: 2, 0x33: 3 };

function byteAt(bytes: Buffer, offset: number): number {
  if (offset >= bytes.length) throw new Error(`ESC/POS stream ends inside a command at byte ${offset}`);
  return bytes[offset]!;
}

/** GS V m [n]: m = 0, 1, 48, 49 cut at once (3 bytes); m = 65, 66, 97, 98, 103, 104 feed then cut (4 bytes). */
function cutLength(bytes: Buffer, offset: number): number {
  const m = byteAt(bytes, offset + 2);
  if ([0, 1, 48, 49].includes(m)) return 3;
  if ([65, 66, 97, 98, 103, 104].includes(m)) return 4;
  throw new Error(`unknown GS V mode ${m} at byte ${offset}`);
}

export function decodeEscposRaster(bytes: Buffer): DecodedRaster {
  const bands: Buffer[] = [];
  let rowBytes: number | null = null;
  let height = 0;
  let cut = false;
  let offset = 0;
  while (offset < bytes.length) {
    const byte = bytes[offset]!;
    const command = offset + 1 < bytes.length ? bytes[offset + 1]! : -1;
    if (byte === 0x0a || byte === 0x0d) {
      offset += 1;
    } else if (byte === ESC && ESC_LENGTHS[command] !== undefined) {
      offset += ESC_LENGTHS[command];
    } else if (byte === GS && command === 0x56) {
      offset += cutLength(bytes, offset);
      cut = true;
    } else if (byte === GS && command === 0x21) {
      offset += 3;
    } else if (byte === GS && command === 0x76 && byteAt(bytes, offset + 2) === 0x30) {
      // GS v 0 m xL xH yL yH d1...dk, k = (xL + xH * 256) * (yL + yH * 256)
      const x = byteAt(bytes, offset + 4) + byteAt(bytes, offset + 5) * 256;
      const y = byteAt(bytes, offset + 6) + byteAt(bytes, offset + 7) * 256;
      if (rowBytes !== null && rowBytes !== x)
        throw new Error(`band at byte ${offset} is ${x} bytes wide, not ${rowBytes}`);
      const end = offset + 8 + x * y;
      if (end > bytes.length) throw new Error(`raster band at byte ${offset} is cut short`);
      rowBytes = x;
      height += y;
      bands.push(bytes.subarray(offset + 8, end));
      offset = end;
    } else {
      throw new Error(`unexpected ESC/POS byte 0x${byte.toString(16)} at ${offset}`);
    }
  }
  return { width: (rowBytes ?? 0) * 8, height, bits: new Uint8Array(Buffer.concat(bands)), cut };
}
