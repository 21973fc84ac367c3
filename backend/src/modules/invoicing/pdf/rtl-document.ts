// An A4 page that is written from the right (decision 045): pdfkit for the file (objects, compression, the embedded
// and subset font), our own layout for every line (rtl-text.ts), a cursor that moves down and opens the next page when
// the current one is full.
import PDFDocument from 'pdfkit';
import { pdfFonts, type PdfFont, type Weight } from './heebo-pdf-font.js';
import { layoutText, type Line } from './rtl-text.js';

const MM = 72 / 25.4;
export const PAGE = { width: 595.28, height: 841.89, margin: 15 * MM };
/** Room kept at the foot of each page for its page number. */
const FOOTER = 10 * MM;
const LINE_HEIGHT = 1.45;

export interface TextStyle {
  weight?: Weight;
  size?: number;
  color?: string;
}

export interface DocumentInfo {
  title: string;
  author: string;
  /** The PDF's creation date: the document's own date, so the same document always gives the same file. */
  createdAt: Date;
}

export class RtlDocument {
  readonly left = PAGE.margin;
  readonly right = PAGE.width - PAGE.margin;
  readonly bottom = PAGE.height - PAGE.margin - FOOTER;
  y = PAGE.margin;
  private readonly doc: PDFKit.PDFDocument;
  private readonly fonts = pdfFonts();
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(info: DocumentInfo) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      // No default font: pdfkit would parse its Helvetica metrics for every document, and nothing here uses it.
      font: '',
      bufferPages: true,
      lang: 'he-IL',
      displayTitle: true,
      info: {
        Title: info.title,
        Author: info.author,
        Creator: info.author,
        Producer: info.author,
        CreationDate: info.createdAt,
        ModDate: info.createdAt,
      },
    });
    this.doc.registerFont('regular', this.fonts.regular.pdfkitFont as Buffer);
    this.doc.registerFont('bold', this.fonts.bold.pdfkitFont as Buffer);
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  get width(): number {
    return this.right - this.left;
  }

  font(style: TextStyle): PdfFont {
    return this.fonts[style.weight ?? 'regular'];
  }

  lineHeight(style: TextStyle): number {
    return (style.size ?? 10) * LINE_HEIGHT;
  }

  /** The lines a text takes in a column `width` points wide. */
  layout(text: string, style: TextStyle, width: number): Line[] {
    return layoutText(text, this.font(style), style.size ?? 10, width);
  }

  /** One laid-out line with its left edge at `x` and the top of its line box at `y`. */
  drawLine(line: Line, style: TextStyle, x: number, y: number): void {
    const size = style.size ?? 10;
    // Half the extra leading above the glyphs, so text sits in the middle of its line box.
    const top = y + (size * (LINE_HEIGHT - 1)) / 2;
    this.doc
      .font(style.weight ?? 'regular')
      .fontSize(size)
      .fillColor(style.color ?? '#1a1a1a');
    for (const piece of line.pieces) this.doc.text(piece.glyphs, x + piece.x, top, { lineBreak: false });
  }

  /** Lines aligned in a column whose right edge is `right` (Hebrew's start), from `y` down; answers their height. */
  drawLines(
    lines: Line[],
    style: TextStyle,
    at: { right: number; width: number; y: number; align?: 'start' | 'end' | 'center' },
  ): number {
    const height = this.lineHeight(style);
    lines.forEach((line, index) => {
      const free = at.width - line.width;
      const shift = at.align === 'end' ? free : at.align === 'center' ? free / 2 : 0;
      this.drawLine(line, style, at.right - line.width - shift, at.y + index * height);
    });
    return lines.length * height;
  }

  /** A new page when fewer than `height` points are left on this one. */
  ensure(height: number): void {
    if (this.y + height <= this.bottom) return;
    this.doc.addPage();
    this.y = PAGE.margin;
  }

  /** A paragraph across the page's width (or a narrower column at the right), flowing onto new pages line by line. */
  paragraph(
    text: string,
    style: TextStyle = {},
    column?: { right?: number; width?: number; align?: 'start' | 'end' | 'center' },
  ): void {
    const width = column?.width ?? this.width;
    const right = column?.right ?? this.right;
    for (const line of this.layout(text, style, width)) {
      this.ensure(this.lineHeight(style));
      this.y += this.drawLines([line], style, { right, width, y: this.y, align: column?.align });
    }
  }

  rule(y: number, thickness = 0.75, from = this.left, to = this.right): void {
    this.doc.save().moveTo(from, y).lineTo(to, y).lineWidth(thickness).strokeColor('#1a1a1a').stroke().restore();
  }

  box(x: number, y: number, width: number, height: number, thickness = 1.5): void {
    this.doc.save().rect(x, y, width, height).lineWidth(thickness).strokeColor('#1a1a1a').stroke().restore();
  }

  fill(x: number, y: number, width: number, height: number, color: string): void {
    this.doc.save().rect(x, y, width, height).fillColor(color).fill().restore();
  }

  /** "עמוד 1 מתוך 2" at the foot of every page, then the file. */
  async finish(footer?: (page: number, pages: number) => string): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let index = start; index < start + count; index++) {
      this.doc.switchToPage(index);
      const text = footer ? footer(index + 1, count) : `עמוד ${index + 1} מתוך ${count}`;
      const style = { size: 8, color: '#555555' };
      const lines = this.layout(text, style, this.width);
      this.drawLines(lines, style, {
        right: this.right,
        width: this.width,
        y: this.bottom + FOOTER / 2,
        align: 'center',
      });
    }
    this.doc.end();
    return this.done;
  }
}
