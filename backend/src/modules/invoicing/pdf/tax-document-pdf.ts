// A tax document as a PDF (decision 045): the same content and wording as the HTML pages (api/invoice-html.ts,
// api/credit-html.ts, commissions' platform-invoice-html.ts), on an A4 page written from the right. A month's download
// renders thousands of these, so the font is built once per process and a document costs milliseconds.
import { formatIsraelDateTime, formatIsraeliMobile, formatShekels } from '@tafrit/contracts';
import { RtlDocument, type TextStyle } from './rtl-document.js';
import { isolated, ltr } from './rtl-text.js';

export interface TaxDocumentPdfInput {
  kind: 'invoice-receipt' | 'credit' | 'platform-invoice' | 'platform-credit';
  number: string;
  /** ISO instant; printed as the Israel date (dd/MM/yyyy) and time. */
  issuedAt: string;
  /** 'original' prints "מקור"; 'copy' prints "העתק" (a copy marked as such; the original is the customer's). */
  copyMark: 'original' | 'copy';
  /** 'cardcom': the document was issued by Cardcom (the business's own terminal); the PDF is the product's record of it and says so. */
  issuedBy: 'product' | 'cardcom';
  seller: { name: string; dealerNumber: string; phone: string | null; street: string | null; city: string | null };
  buyer: { name: string; taxId: string } | null;
  allocationNumber: string | null;
  /**
   * The document needed an allocation number and was issued without one (decision 049): it says so, which is how the
   * buyer is told (its VAT cannot be deducted without one).
   */
  withoutAllocation?: boolean;
  /** Prices as the document shows them (VAT included for the diner's documents). */
  lines: { description: string; quantity: number; unitPriceAgorot: number; totalAgorot: number }[];
  beforeVatAgorot: number;
  vatAgorot: number;
  vatRatePercent: number;
  tipAgorot: number;
  discountAgorot: number;
  totalAgorot: number;
  payment: { method: 'card' | 'google_pay' | 'bit'; last4: string | null; brand: string | null } | null;
  /** A credit's original document number. */
  refersTo: string | null;
  orderNumber: number | null;
  tableNumber: number | null;
}

const TITLES: Record<TaxDocumentPdfInput['kind'], string> = {
  'invoice-receipt': 'חשבונית מס/קבלה',
  credit: 'חשבונית מס זיכוי',
  'platform-invoice': 'חשבונית מס',
  'platform-credit': 'חשבונית מס זיכוי',
};

/** What a document issued without the allocation number it needed says in its place (decision 049). */
export const WITHOUT_ALLOCATION = 'לא התקבל מרשות המסים: המסמך הופק בלעדיו';

const money = (agorot: number): string => ltr(formatShekels(agorot));
const isCredit = (kind: TaxDocumentPdfInput['kind']) => kind === 'credit' || kind === 'platform-credit';

const GREY = '#f2f2f2';
const BODY: TextStyle = { size: 10 };
const BOLD: TextStyle = { size: 10, weight: 'bold' };
const SMALL: TextStyle = { size: 8.5, color: '#444444' };

function header(pdf: RtlDocument, input: TaxDocumentPdfInput): void {
  const top = pdf.y;
  const sellerWidth = pdf.width * 0.55;
  const docWidth = pdf.width * 0.42;
  // The seller at the right (Hebrew's start), as every tax document opens (issue 17).
  const { seller } = input;
  const address = [seller.street, seller.city].filter(Boolean).join(', ');
  const phone = seller.phone ? (formatIsraeliMobile(seller.phone) ?? seller.phone) : null;
  let y = top;
  const column = (text: string, style: TextStyle) => {
    y += pdf.drawLines(pdf.layout(text, style, sellerWidth), style, { right: pdf.right, width: sellerWidth, y });
  };
  column(isolated(seller.name), { size: 16, weight: 'bold' });
  column(`עוסק מורשה / ח.פ. ${ltr(seller.dealerNumber)}`, BODY);
  if (address) column(isolated(address), BODY);
  if (phone) column(`טלפון ${ltr(phone)}`, BODY);

  // The document's name, number and mark at the left.
  const right = pdf.left + docWidth;
  let docY = top;
  const titleStyle: TextStyle = { size: 14, weight: 'bold' };
  const title = `${TITLES[input.kind]} מס' ${ltr(input.number)}`;
  docY += pdf.drawLines(pdf.layout(title, titleStyle, docWidth), titleStyle, {
    right,
    width: docWidth,
    y: docY,
    align: 'end',
  });
  const markStyle: TextStyle = { size: 12, weight: 'bold' };
  const [mark] = pdf.layout(input.copyMark === 'original' ? 'מקור' : 'העתק', markStyle, docWidth);
  const markHeight = pdf.lineHeight(markStyle);
  docY += 3;
  pdf.box(pdf.left, docY, mark!.width + 16, markHeight, input.copyMark === 'original' ? 2 : 1);
  pdf.drawLine(mark!, markStyle, pdf.left + 8, docY);
  docY += markHeight + 3;
  const note = (text: string) => {
    docY += pdf.drawLines(pdf.layout(text, SMALL, docWidth), SMALL, { right, width: docWidth, y: docY, align: 'end' });
  };
  if (input.copyMark === 'copy') note('העתק נאמן למקור; המקור נמסר ללקוח.');
  if (input.issuedBy === 'cardcom') {
    note('המסמך הונפק על ידי Cardcom, חברת הסליקה של בית העסק (מסוף הסליקה שלו); קובץ זה הוא רישום המערכת של המסמך.');
  }
  pdf.y = Math.max(y, docY) + 6;
  pdf.rule(pdf.y, 1.5);
  pdf.y += 10;
}

/** Label and value rows (date, order, customer, the credited document, the allocation number). */
function meta(pdf: RtlDocument, input: TaxDocumentPdfInput): void {
  const rows: [string, string][] = [['תאריך', ltr(formatIsraelDateTime(input.issuedAt))]];
  if (input.orderNumber !== null) rows.push(["הזמנה מס'", ltr(`#${input.orderNumber}`)]);
  if (input.tableNumber !== null) rows.push(['שולחן', ltr(String(input.tableNumber))]);
  if (input.buyer) {
    rows.push(['לכבוד', isolated(input.buyer.name)]);
    rows.push(['עוסק מורשה / ח.פ. של הלקוח', ltr(input.buyer.taxId)]);
  }
  if (input.refersTo !== null) {
    const original = input.kind === 'platform-credit' ? "זיכוי לחשבונית מס מס'" : "זיכוי לחשבונית מס/קבלה מס'";
    rows.push([original, ltr(input.refersTo)]);
  }
  if (input.allocationNumber !== null) rows.push(['מספר הקצאה', ltr(input.allocationNumber)]);
  else if (input.withoutAllocation) rows.push(['מספר הקצאה', WITHOUT_ALLOCATION]);
  labelValueRows(pdf, rows, 170);
  pdf.y += 8;
}

/**
 * Two columns from the right: the label in bold, its value beside it; long values wrap within their column. The labels'
 * column is as wide as its widest label, up to `maxLabelWidth`.
 */
export function labelValueRows(pdf: RtlDocument, rows: [string, string][], maxLabelWidth: number): void {
  const widest = Math.max(0, ...rows.map(([label]) => pdf.font(BOLD).width(label, BOLD.size!)));
  const labelWidth = Math.min(maxLabelWidth, widest + 12);
  const valueWidth = pdf.width - labelWidth - 8;
  for (const [label, value] of rows) {
    const labelLines = pdf.layout(label, BOLD, labelWidth);
    const valueLines = pdf.layout(value, BODY, valueWidth);
    const height = Math.max(labelLines.length, valueLines.length) * pdf.lineHeight(BODY);
    pdf.ensure(height);
    pdf.drawLines(labelLines, BOLD, { right: pdf.right, width: labelWidth, y: pdf.y });
    pdf.drawLines(valueLines, BODY, { right: pdf.right - labelWidth - 8, width: valueWidth, y: pdf.y });
    pdf.y += height;
  }
}

const COLUMNS = { quantity: 45, unit: 80, total: 80, gap: 8 };

function linesTable(pdf: RtlDocument, input: TaxDocumentPdfInput): void {
  const descriptionWidth = pdf.width - COLUMNS.quantity - COLUMNS.unit - COLUMNS.total - 4 * COLUMNS.gap;
  // Right edges of the columns, from the right: description, quantity, unit price, total.
  const edges = {
    description: pdf.right - COLUMNS.gap / 2,
    quantity: pdf.right - COLUMNS.gap - descriptionWidth - COLUMNS.gap / 2,
    unit: pdf.right - 2 * COLUMNS.gap - descriptionWidth - COLUMNS.quantity - COLUMNS.gap / 2,
    total: pdf.left + COLUMNS.total + COLUMNS.gap / 2,
  };
  const row = (cells: [string, string, string, string], style: TextStyle, background?: string): void => {
    const description = pdf.layout(cells[0], style, descriptionWidth);
    const lineHeight = pdf.lineHeight(style);
    const height = Math.max(1, description.length) * lineHeight + 6;
    // A row that does not fit opens the next page, under the column names again.
    if (pdf.y + height > pdf.bottom) {
      pdf.ensure(Infinity);
      if (!background) head();
    }
    if (background) pdf.fill(pdf.left, pdf.y, pdf.width, height, background);
    const y = pdf.y + 3;
    // The first line of every cell, in reading order, then the description's further lines.
    pdf.drawLines(description.slice(0, 1), style, { right: edges.description, width: descriptionWidth, y });
    const numbers = [
      [cells[1], edges.quantity, COLUMNS.quantity],
      [cells[2], edges.unit, COLUMNS.unit],
      [cells[3], edges.total, COLUMNS.total],
    ] as const;
    for (const [text, right, width] of numbers) {
      pdf.drawLines(pdf.layout(text, style, width), style, { right, width, y, align: 'end' });
    }
    pdf.drawLines(description.slice(1), style, {
      right: edges.description,
      width: descriptionWidth,
      y: y + lineHeight,
    });
    pdf.y += height;
    pdf.rule(pdf.y, 0.5);
  };
  const head = (): void => row(['תיאור', 'כמות', 'מחיר ליחידה', 'סה"כ'], BOLD, GREY);
  head();
  for (const line of input.lines) {
    const cells: [string, string, string, string] = [
      isolated(line.description),
      ltr(String(line.quantity)),
      money(line.unitPriceAgorot),
      money(line.totalAgorot),
    ];
    row(cells, BODY);
  }
}

function totals(pdf: RtlDocument, input: TaxDocumentPdfInput): void {
  const credit = isCredit(input.kind);
  const rows: [string, string][] = [];
  if (input.discountAgorot > 0) rows.push(['הנחה', money(-input.discountAgorot)]);
  rows.push([`${credit ? 'זיכוי' : 'סכום'} לפני מע"מ`, money(input.beforeVatAgorot)]);
  rows.push([`מע"מ ${input.vatRatePercent}%`, money(input.vatAgorot)]);
  // The diner's tip: apart from the sale and outside its VAT (decision 027), inside the total paid.
  if (input.tipAgorot > 0) {
    rows.push([`${credit ? 'החזר תשר' : 'תשר'} (טיפ, מחוץ לבסיס המע"מ)`, money(input.tipAgorot)]);
  }
  // At the left half of the page, where the HTML page puts its totals (margin-inline-start: auto).
  const width = pdf.width / 2;
  const right = pdf.left + width;
  const valueWidth = 90;
  const labelWidth = width - valueWidth - 8;
  const grand = credit ? 'סה"כ זיכוי' : 'סה"כ לתשלום';
  pdf.y += 10;
  const draw = (label: string, value: string, style: TextStyle) => {
    const labelLines = pdf.layout(label, style, labelWidth);
    const height = labelLines.length * pdf.lineHeight(style) + 4;
    pdf.ensure(height);
    pdf.drawLines(labelLines, style, { right, width: labelWidth, y: pdf.y + 2 });
    pdf.drawLines(pdf.layout(value, style, valueWidth), style, {
      right: pdf.left + valueWidth,
      width: valueWidth,
      y: pdf.y + 2,
      align: 'end',
    });
    pdf.y += height;
    return height;
  };
  for (const [label, value] of rows) {
    draw(label, value, BODY);
    pdf.rule(pdf.y, 0.5, pdf.left, right);
  }
  draw(grand, money(input.totalAgorot), { size: 13, weight: 'bold' });
  pdf.rule(pdf.y, 1.5, pdf.left, right);
  pdf.y += 14;
}

function paymentText(input: TaxDocumentPdfInput): { heading: string; text: string } | null {
  const total = money(input.totalAgorot);
  if (input.kind === 'platform-invoice') {
    return { heading: 'אופן התשלום', text: 'העמלה נוכתה מהתקבולים שהועברו לעסק בהעברה החודשית.' };
  }
  if (input.kind === 'platform-credit') {
    return { heading: 'אופן התשלום', text: 'הזיכוי יקוזז מההעברה החודשית הבאה לעסק.' };
  }
  const { payment } = input;
  if (!payment) return null;
  // A wallet names itself; Google Pay pays with a card whose last digits the provider may still give.
  let means: string;
  if (payment.method === 'bit') means = 'ביט';
  else if (payment.method === 'google_pay') means = ltr('Google Pay');
  else {
    const brand = payment.brand ? ` ${isolated(payment.brand)}` : '';
    const last4 = payment.last4 && /^\d{4}$/.test(payment.last4) ? ` המסתיים בספרות ${ltr(payment.last4)}` : '';
    means = `כרטיס אשראי${brand}${last4}`;
  }
  if (input.kind === 'credit') {
    return { heading: 'פרטי ההחזר', text: `הוחזר לאמצעי התשלום שבו שולמה ההזמנה (${means}): ${total}` };
  }
  return { heading: 'פרטי תשלום', text: `${means}: ${total}` };
}

/** The tax document as a PDF file: A4, Hebrew, right to left, its text extractable in reading order. */
export async function renderTaxDocumentPdf(input: TaxDocumentPdfInput): Promise<Buffer> {
  const title = `${TITLES[input.kind]} ${input.number}`;
  const pdf = new RtlDocument({ title, author: input.seller.name, createdAt: new Date(input.issuedAt) });
  header(pdf, input);
  meta(pdf, input);
  linesTable(pdf, input);
  totals(pdf, input);
  const payment = paymentText(input);
  if (payment) {
    pdf.ensure(3 * pdf.lineHeight(BODY));
    pdf.paragraph(payment.heading, { size: 12, weight: 'bold' });
    pdf.paragraph(payment.text, BODY);
    pdf.y += 10;
  }
  const prices = input.kind === 'invoice-receipt' ? 'המחירים' : 'הסכומים';
  pdf.paragraph(`${prices} כוללים מע"מ. מסמך ממוחשב.`, SMALL);
  const mark = input.copyMark === 'original' ? 'מקור' : 'העתק';
  return pdf.finish(
    (page, pages) => `${TITLES[input.kind]} מס' ${ltr(input.number)} · ${mark} · עמוד ${page} מתוך ${pages}`,
  );
}
