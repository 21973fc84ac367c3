import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// A PDF opened as a viewer opens it: pdf.js (Mozilla's, in Node) draws each page on a canvas, and jsQR reads the QR
// codes off the pixels. So a test sees the pages as printed, not what the file's author meant to put in them.

const require = createRequire(import.meta.url);
const standardFontDataUrl = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts/');

export interface PagePixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8ClampedArray;
}

export interface OpenedPdf {
  pages: PagePixels[];
  /** The document's properties (Title, Subject, ...). */
  info: Record<string, unknown>;
  /** Each page's size in PDF points. */
  sizes: { width: number; height: number }[];
}

/** Draws every page at `scale` pixels per point (2 is 144 dpi: a 10 cm code is about 570 pixels wide). */
export async function openPdf(bytes: Uint8Array, scale = 2): Promise<OpenedPdf> {
  const loading = getDocument({ data: bytes, standardFontDataUrl });
  const pdf = await loading.promise;
  const pages: PagePixels[] = [];
  const sizes: OpenedPdf['sizes'] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const [, , width, height] = page.view as [number, number, number, number];
    sizes.push({ width, height });
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
    const image = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    pages.push({ width: image.width, height: image.height, data: image.data });
  }
  const { info } = await pdf.getMetadata();
  await loading.destroy();
  return { pages, info: info as Record<string, unknown>, sizes };
}

/** A horizontal band of a page, rows `top` to `bottom` (exclusive). */
export function band(page: PagePixels, top: number, bottom: number): PagePixels {
  const start = top * page.width * 4;
  return { width: page.width, height: bottom - top, data: page.data.slice(start, bottom * page.width * 4) };
}

/** The text of the QR code on the pixels and where its bottom edge is, or null when none is found. */
export function readQr(pixels: PagePixels): { text: string; bottom: number } | null {
  const code = jsQR(pixels.data, pixels.width, pixels.height);
  if (!code) return null;
  const corners = [code.location.bottomLeftCorner, code.location.bottomRightCorner, code.location.topLeftCorner];
  return { text: code.data, bottom: Math.max(...corners.map((corner) => corner.y)) };
}

/** How many pixels are pure-ish red (the test logo) in rows `top` to `bottom`. */
export function redPixels(page: PagePixels, top = 0, bottom = page.height): number {
  let count = 0;
  for (let index = top * page.width * 4; index < bottom * page.width * 4; index += 4) {
    if (page.data[index]! > 200 && page.data[index + 1]! < 60 && page.data[index + 2]! < 60) count += 1;
  }
  return count;
}

/** The rows where two pages of the same size differ, and how many pixels differ. */
export function differences(a: PagePixels, b: PagePixels): { rows: number[]; pixels: number } {
  if (a.width !== b.width || a.height !== b.height) throw new Error('pages of different sizes');
  const rows = new Set<number>();
  let pixels = 0;
  for (let index = 0; index < a.data.length; index += 4) {
    const delta =
      Math.abs(a.data[index]! - b.data[index]!) +
      Math.abs(a.data[index + 1]! - b.data[index + 1]!) +
      Math.abs(a.data[index + 2]! - b.data[index + 2]!);
    if (delta > 60) {
      pixels += 1;
      rows.add(Math.floor(index / 4 / a.width));
    }
  }
  return { rows: [...rows].sort((x, y) => x - y), pixels };
}

/** A PNG of a solid red rectangle: a logo that is easy to find on a drawn page. */
export function redLogoPng(width = 400, height = 200): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ff0000';
  context.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}
