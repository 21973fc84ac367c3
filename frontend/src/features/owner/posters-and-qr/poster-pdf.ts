// The table posters' PDF (decision 030), made in the browser. Loaded only when the owner asks for it (qr-card's
// PDF section imports this file dynamically), so jsPDF and this code stay out of the owner's bundle.
//
// Every word is drawn by the browser on a canvas, which shapes Arabic (joined letters) and lays Hebrew and Arabic out
// right to left, and goes into the PDF as a picture at 300 dpi; jsPDF does not shape Arabic. Pictures used on every
// page (the logo, the business's name, the instructions) are put in the file once and drawn by reference on each
// page; only the table's number is a new picture per page. The code itself is drawn as vector rectangles, sharp at
// any size, and its address under it in a standard PDF font (it is plain ASCII).
import { jsPDF } from 'jspdf';
import { create } from 'qrcode';
import { languageDirection, type DinerLanguage } from '@tafrit/contracts/languages';
import { DOTS_PER_MM, pixelsFor, posterPage, qrRectangles, type PosterPage, type PosterText } from './poster-layout';
import { loadImage, publicMenuUrl, type Box } from './qr-poster';
import {
  posterInstruction,
  posterTableWord,
  windowPosterHeadline,
  windowPosterWord,
  type PosterFormat,
} from './poster-text';

/** Heebo for Hebrew and Latin, Noto for Arabic and Cyrillic, which Heebo lacks (poster-fonts.css). */
const FONT_FAMILY = "Heebo, 'Noto Sans Arabic', 'Noto Sans', Arial, sans-serif";
const INK = '#111827';

export interface PosterPdfRequest {
  format: PosterFormat;
  origin: string;
  departmentId: string;
  businessName: string;
  logo: string | null | undefined;
  tables: number;
  /**
   * The shared table's pages (issue 34): each table's number and the address the server gave it (with the table's
   * secret), instead of tables 1..`tables` with the plain `?table=` address.
   */
  pages?: readonly { table: number; url: string }[];
  /** The window's one "order ahead" poster, whose code is this address (issue 33), instead of the tables' pages. */
  window?: { url: string };
  /** The instruction's languages, Hebrew first (`posterLanguages`). */
  languages: readonly DinerLanguage[];
  title: string;
  /** Told before each page is drawn: page 1 of 40, ... */
  onProgress: (page: number, pages: number) => void;
  signal: AbortSignal;
}

/** Lets the page handle input and paint between two pages. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function pngBytes(canvas: HTMLCanvasElement): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (!blob) return reject(new Error('canvas.toBlob gave nothing'));
      blob.arrayBuffer().then((buffer) => resolve(new Uint8Array(buffer)), reject);
    }, 'image/png');
  });
}

/** A white canvas of the box's size at 300 dpi, turned half a turn for the tent card's upper face. */
function canvasFor(box: Box, upsideDown: boolean) {
  const canvas = document.createElement('canvas');
  const size = pixelsFor(box);
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  if (upsideDown) {
    context.translate(size.width, size.height);
    context.rotate(Math.PI);
  }
  return { canvas, context, ...size };
}

/** A canvas for measuring text only. */
let measuring: CanvasRenderingContext2D | null = null;

/**
 * One line of text, centred in its box (the ink centred, whatever the script), shrunk to fit when too long. The
 * picture is only as wide as the words (and the box's place for them): most of a line's box is white, and a
 * narrower picture is quicker to encode and smaller in the file.
 */
function drawLine(item: PosterText): { canvas: HTMLCanvasElement; box: Box } {
  const font = `bold ${Math.round(item.size * DOTS_PER_MM)}px ${FONT_FAMILY}`;
  const direction = languageDirection(item.language);
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) throw new Error('no 2d canvas');
  measuring.font = font;
  measuring.direction = direction;
  measuring.textAlign = 'center';
  const ink = measuring.measureText(item.text);
  const full = pixelsFor(item.box).width;
  const margin = Math.round(item.size * DOTS_PER_MM * 0.2);
  const wide = Math.min(full, Math.ceil(ink.actualBoundingBoxLeft + ink.actualBoundingBoxRight) + 2 * margin);
  const box = { ...item.box, x: item.box.x + (item.box.width - wide / DOTS_PER_MM) / 2, width: wide / DOTS_PER_MM };

  const { canvas, context, width, height } = canvasFor(box, item.upsideDown);
  context.font = font;
  context.direction = direction;
  context.textAlign = 'center';
  context.textBaseline = 'alphabetic';
  context.fillStyle = INK;
  const metrics = context.measureText(item.text);
  const baseline = (height + metrics.actualBoundingBoxAscent - metrics.actualBoundingBoxDescent) / 2;
  // The ink's own centre, which a direction's alignment point need not be.
  const centre = width / 2 + (metrics.actualBoundingBoxLeft - metrics.actualBoundingBoxRight) / 2;
  context.fillText(item.text, centre, baseline, full * 0.96);
  return { canvas, box };
}

function drawLogo(image: HTMLImageElement, box: Box, upsideDown: boolean): HTMLCanvasElement {
  const { canvas, context, width, height } = canvasFor(box, upsideDown);
  context.drawImage(image, 0, 0, width, height);
  return canvas;
}

/** Waits for every face the posters use, so no word is drawn in a fallback font. */
async function loadFonts(texts: string[]): Promise<void> {
  const fonts = document.fonts;
  if (!fonts) return;
  await Promise.all(texts.map((text) => fonts.load(`bold 100px ${FONT_FAMILY}`, text).catch(() => undefined)));
}

export async function makePosterPdf(request: PosterPdfRequest): Promise<Blob> {
  const instructions = request.languages.map((language) => posterInstruction[language]);
  const [logo] = await Promise.all([
    loadImage(request.logo),
    loadFonts([
      request.businessName,
      posterTableWord,
      windowPosterHeadline,
      windowPosterWord,
      '0123456789',
      ...instructions,
    ]),
  ]);
  const pdf = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait', compress: true });
  pdf.setDocumentProperties({ title: request.title, subject: instructions.join(' / '), creator: 'Tafrit' });
  pdf.setLanguage('he');

  // Pictures already in the file, by what they show: drawn again by reference (jsPDF keys them by alias).
  const pictures = new Map<string, { bytes: Uint8Array; box: Box }>();
  async function place(key: string, draw: () => { canvas: HTMLCanvasElement; box: Box }, shared: boolean) {
    let picture = pictures.get(key);
    if (!picture) {
      const { canvas, box } = draw();
      picture = { bytes: await pngBytes(canvas), box };
      canvas.width = 0;
      if (shared) pictures.set(key, picture);
    }
    const { bytes, box } = picture;
    pdf.addImage(bytes, 'PNG', box.x, box.y, box.width, box.height, key, 'FAST');
  }

  async function drawPage(page: PosterPage, url: string, image: HTMLImageElement | null) {
    if (page.fold !== null) {
      pdf.setDrawColor(156, 163, 175);
      pdf.setLineWidth(0.3);
      pdf.setLineDashPattern([3, 2], 0);
      pdf.line(8, page.fold, page.width - 8, page.fold);
      pdf.setLineDashPattern([], 0);
    }
    if (image) {
      for (const { box, upsideDown } of page.logos) {
        await place(`logo-${upsideDown}`, () => ({ canvas: drawLogo(image, box, upsideDown), box }), true);
      }
    }
    for (const item of page.texts) {
      const key = `${item.role}-${item.language}-${item.upsideDown}-${item.text}`;
      await place(key, () => drawLine(item), item.role !== 'tableNumber');
    }
    const modules = create(url, { errorCorrectionLevel: 'M' }).modules;
    pdf.setFillColor(0, 0, 0);
    for (const code of page.codes) {
      // One path for the whole code, filled once: rectangles filled one by one show hairline seams in viewers.
      for (const rectangle of qrRectangles(modules, code.box, code.upsideDown)) {
        pdf.rect(rectangle.x, rectangle.y, rectangle.width, rectangle.height, null);
      }
      pdf.fill();
    }
    pdf.setFont('helvetica', 'normal');
    pdf.setTextColor(75, 85, 99);
    for (const address of page.addresses) {
      pdf.setFontSize(address.sizePt);
      const width = pdf.getTextWidth(address.text);
      // Turned half a turn, the line starts at its right end and runs to the left.
      if (address.upsideDown) pdf.text(address.text, address.x + width / 2, address.y, { angle: 180 });
      else pdf.text(address.text, address.x - width / 2, address.y);
    }
  }

  if (request.window) {
    request.onProgress(1, 1);
    const { url } = request.window;
    const page = posterPage(request.format, {
      businessName: request.businessName,
      table: 'window',
      url,
      languages: request.languages,
      logo: logo ? { width: logo.naturalWidth, height: logo.naturalHeight } : null,
    });
    await drawPage(page, url, logo);
    return pdf.output('blob');
  }

  const pages =
    request.pages ??
    Array.from({ length: request.tables }, (_, index) => ({
      table: index + 1,
      url: publicMenuUrl(request.origin, request.departmentId, index + 1),
    }));
  for (const [index, { table, url }] of pages.entries()) {
    if (request.signal.aborted) throw new DOMException('cancelled', 'AbortError');
    request.onProgress(index + 1, pages.length);
    await nextTask();
    if (index > 0) pdf.addPage('a4', 'portrait');
    const page = posterPage(request.format, {
      businessName: request.businessName,
      table,
      url,
      languages: request.languages,
      logo: logo ? { width: logo.naturalWidth, height: logo.naturalHeight } : null,
    });
    await drawPage(page, url, logo);
  }

  return pdf.output('blob');
}
