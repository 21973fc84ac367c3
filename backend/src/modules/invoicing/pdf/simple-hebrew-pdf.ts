// A plain Hebrew page (decision 045): a title and label/value rows, right to left, for printed summaries (the
// accountant's month: what the download holds). The same writer as the tax documents, so the same text order rules.
import { RtlDocument } from './rtl-document.js';
import { isolated } from './rtl-text.js';
import { labelValueRows } from './tax-document-pdf.js';

/**
 * `rows` are [label, value]; both are printed as given, each isolated so a value that starts with a number or a Latin
 * word does not move its label. Many rows flow onto further pages.
 */
export async function renderSimpleHebrewPdf(title: string, rows: [string, string][]): Promise<Buffer> {
  // No date of its own: a fixed one keeps the file the same for the same content.
  const pdf = new RtlDocument({ title, author: title, createdAt: new Date(0) });
  pdf.paragraph(isolated(title), { size: 16, weight: 'bold' });
  pdf.y += 4;
  pdf.rule(pdf.y, 1.5);
  pdf.y += 10;
  labelValueRows(
    pdf,
    rows.map(([label, value]) => [isolated(label), isolated(value)]),
    Math.min(220, pdf.width * 0.45),
  );
  return pdf.finish();
}
