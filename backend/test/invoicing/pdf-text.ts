// A PDF's text as pdf.js (Mozilla's viewer, in Node) extracts it, page by page. pdf.js gives pieces of text (items) in
// the order they were drawn, each right-to-left piece already turned back to reading order; an item that ends a line
// says so (hasEOL). Items on one line are joined by a space where a space's width lies between them, and runs of white
// space become one: what a person copying the text would get.
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
// The worker's code on the main thread: Jest's module runner cannot start pdf.js's worker thread, and nothing here
// needs one. pdf.js looks for it under this global name before it tries to start a worker.
import * as worker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';

(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;

export interface PdfText {
  /** Each page's text: lines separated by "\n". */
  pages: string[];
  info: Record<string, unknown>;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const loading = pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const pdf = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    let text = '';
    let previous: { left: number; right: number } | null = null;
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const left = item.transform[4] as number;
      const box = { left, right: left + item.width };
      // Pieces that touch (a number and the comma after it) are one word; a gap the width of a space is a space.
      if (previous && text && !text.endsWith('\n')) {
        const gap = Math.min(Math.abs(previous.left - box.right), Math.abs(box.left - previous.right));
        if (gap > 0.12 * item.height) text += ' ';
      }
      text += item.str;
      if (item.hasEOL) text += '\n';
      previous = item.hasEOL ? null : box;
    }
    pages.push(
      text
        .split('\n')
        .map((line) => line.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .join('\n'),
    );
  }
  const { info } = await pdf.getMetadata();
  await loading.destroy();
  return { pages, info: info as Record<string, unknown> };
}
