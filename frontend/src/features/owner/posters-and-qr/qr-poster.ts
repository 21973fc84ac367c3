// The printed QR page (spec §9): an A4 poster of 2480 x 3508 px (300 dpi), the QR code at 1000 px, the logo fitted
// within 800 x 300 px, the business name and a call to action in bold. Drawn on a canvas in the browser; the layout is
// a pure function so it can be tested without a canvas (jsdom has none).

export const POSTER_WIDTH = 2480;
export const POSTER_HEIGHT = 3508;
export const POSTER_QR_SIZE = 1000;
export const POSTER_LOGO_MAX_WIDTH = 800;
export const POSTER_LOGO_MAX_HEIGHT = 300;
export const MAX_TABLES = 200;
/** Quiet zone around the code, in modules (the QR standard asks for 4). */
export const QR_MARGIN_MODULES = 4;

const FONT_FAMILY = 'Heebo, Arial, sans-serif';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextLine {
  text: string;
  /** Centre of the line (text-align center) and its baseline. */
  x: number;
  y: number;
  font: string;
  maxWidth: number;
}

export interface PosterLayout {
  width: number;
  height: number;
  logo: Box | null;
  businessName: TextLine;
  qr: Box;
  callToAction: TextLine;
  table: TextLine | null;
  url: TextLine;
}

/** The public menu's address, for one table when `table` is given: `${origin}/menu/{departmentId}?table=N`. */
export function publicMenuUrl(origin: string, departmentId: string, table?: number): string {
  const base = `${origin.replace(/\/+$/, '')}/menu/${encodeURIComponent(departmentId)}`;
  return table === undefined ? base : `${base}?table=${table}`;
}

/**
 * The window poster's address (issue 33): the menu's readable address when the business chose one (else its random
 * one), tagged `?src=window` so the report tells its orders apart.
 */
export function windowMenuUrl(origin: string, menuAddress: string): string {
  return `${publicMenuUrl(origin, menuAddress)}?src=window`;
}

/** '12' -> 12; null for anything but a whole number of tables between 1 and 200; undefined when left empty. */
export function parseTableCount(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d+$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count >= 1 && count <= MAX_TABLES ? count : null;
}

/** One poster: its table (none: the menu's own poster) and the address its code carries. */
export interface PosterTarget {
  table: number | undefined;
  url: string;
}

/**
 * The posters to draw: with the shared table on (issue 34), one per listed table with the address the server gave it
 * (it carries the table's secret); otherwise tables 1..count with the plain `?table=` address, or the menu's poster.
 */
export function posterTargets({
  origin,
  departmentId,
  count,
  shared,
}: {
  origin: string;
  departmentId: string;
  count: number | undefined;
  shared: readonly { number: number; url: string }[] | null | undefined;
}): PosterTarget[] {
  if (shared && shared.length > 0) return shared.map((table) => ({ table: table.number, url: table.url }));
  return posterTables(count).map((table) => ({ table, url: publicMenuUrl(origin, departmentId, table) }));
}

/** The tables 1..count, or one poster without a table. */
export function posterTables(count: number | undefined): (number | undefined)[] {
  return count === undefined ? [undefined] : Array.from({ length: count }, (_, index) => index + 1);
}

/** The file name of a poster: qr-<departmentId>.png, or qr-<departmentId>-table-<n>.png. */
export function posterFileName(departmentId: string, table?: number): string {
  const safe = departmentId.replace(/[^\w-]/g, '_');
  return table === undefined ? `qr-${safe}.png` : `qr-${safe}-table-${table}.png`;
}

/** Scales a picture to fit within the box, keeping its proportions (up or down). */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number) {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(maxWidth / width, maxHeight / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** Where everything goes on the poster. Everything is centred on the page's vertical axis. */
export function posterLayout(options: {
  businessName: string;
  callToAction: string;
  url: string;
  tableLabel?: string | undefined;
  logo?: { width: number; height: number } | null | undefined;
}): PosterLayout {
  const centre = POSTER_WIDTH / 2;
  const textWidth = POSTER_WIDTH - 2 * 240;
  const top = 240;

  let logo: Box | null = null;
  if (options.logo) {
    const size = fitWithin(options.logo.width, options.logo.height, POSTER_LOGO_MAX_WIDTH, POSTER_LOGO_MAX_HEIGHT);
    if (size.width > 0) {
      // Centred within the 300 px band, so the name below sits at the same height whatever the logo's shape.
      logo = {
        x: Math.round(centre - size.width / 2),
        y: top + Math.round((POSTER_LOGO_MAX_HEIGHT - size.height) / 2),
        ...size,
      };
    }
  }

  const nameBaseline = logo ? top + POSTER_LOGO_MAX_HEIGHT + 260 : top + 300;
  const qrTop = 1160;
  const qr: Box = {
    x: Math.round(centre - POSTER_QR_SIZE / 2),
    y: qrTop,
    width: POSTER_QR_SIZE,
    height: POSTER_QR_SIZE,
  };
  const ctaBaseline = qrTop + POSTER_QR_SIZE + 300;

  return {
    width: POSTER_WIDTH,
    height: POSTER_HEIGHT,
    logo,
    businessName: {
      text: options.businessName,
      x: centre,
      y: nameBaseline,
      font: `bold 150px ${FONT_FAMILY}`,
      maxWidth: textWidth,
    },
    qr,
    callToAction: {
      text: options.callToAction,
      x: centre,
      y: ctaBaseline,
      font: `bold 140px ${FONT_FAMILY}`,
      maxWidth: textWidth,
    },
    table: options.tableLabel
      ? {
          text: options.tableLabel,
          x: centre,
          y: ctaBaseline + 330,
          font: `bold 200px ${FONT_FAMILY}`,
          maxWidth: textWidth,
        }
      : null,
    url: {
      text: options.url,
      x: centre,
      y: POSTER_HEIGHT - 200,
      font: `60px ${FONT_FAMILY}`,
      maxWidth: textWidth,
    },
  };
}

/** The code's modules, as the `qrcode` package gives them (QRCode.create(text).modules). */
export interface QrModules {
  size: number;
  get: (row: number, column: number) => number | boolean;
}

/** Draws the dark modules in `box`, with the quiet zone inside it, snapped to whole pixels so no seams show. */
export function drawQrModules(context: CanvasRenderingContext2D, modules: QrModules, box: Box): void {
  const count = modules.size + 2 * QR_MARGIN_MODULES;
  const cell = box.width / count;
  context.fillStyle = '#ffffff';
  context.fillRect(box.x, box.y, box.width, box.height);
  context.fillStyle = '#000000';
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      const x0 = Math.round(box.x + (column + QR_MARGIN_MODULES) * cell);
      const x1 = Math.round(box.x + (column + QR_MARGIN_MODULES + 1) * cell);
      const y0 = Math.round(box.y + (row + QR_MARGIN_MODULES) * cell);
      const y1 = Math.round(box.y + (row + QR_MARGIN_MODULES + 1) * cell);
      context.fillRect(x0, y0, x1 - x0, y1 - y0);
    }
  }
}

function drawText(context: CanvasRenderingContext2D, line: TextLine, direction: CanvasDirection): void {
  context.font = line.font;
  context.direction = direction;
  context.textAlign = 'center';
  context.textBaseline = 'alphabetic';
  context.fillText(line.text, line.x, line.y, line.maxWidth);
}

/** Draws one poster on `canvas` (resized to 2480 x 3508). */
export function drawPoster(
  canvas: HTMLCanvasElement,
  layout: PosterLayout,
  modules: QrModules,
  logo: CanvasImageSource | null,
): void {
  canvas.width = layout.width;
  canvas.height = layout.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, layout.width, layout.height);
  if (logo && layout.logo) {
    context.drawImage(logo, layout.logo.x, layout.logo.y, layout.logo.width, layout.logo.height);
  }
  context.fillStyle = '#111827';
  drawText(context, layout.businessName, 'rtl');
  drawQrModules(context, modules, layout.qr);
  context.fillStyle = '#111827';
  drawText(context, layout.callToAction, 'rtl');
  if (layout.table) drawText(context, layout.table, 'rtl');
  context.fillStyle = '#4b5563';
  drawText(context, layout.url, 'ltr');
}

/** The logo as a drawable picture, or null when there is none or it does not load (the poster goes without it). */
export function loadImage(src: string | null | undefined): Promise<HTMLImageElement | null> {
  if (!src) return Promise.resolve(null);
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalWidth > 0 ? image : null);
    image.onerror = () => resolve(null);
    image.src = src;
  });
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave nothing'))), 'image/png');
  });
}
