// The tax documents as PDF files (decision 045), read back the way a viewer reads them: pdf.js extracts the text, and
// the test looks for the words in reading (logical) order, numbers beside the Hebrew they belong to. Text that came
// out reversed ("םולשתל") or with its pieces out of order fails these tests.
import { describe, expect, it } from '@jest/globals';
import {
  renderSimpleHebrewPdf,
  renderTaxDocumentPdf,
  type TaxDocumentPdfInput,
} from '../../src/modules/invoicing/index.js';
import { pdfText } from './pdf-text.js';

const reversed = (text: string) => [...text].reverse().join('');

function input(overrides: Partial<TaxDocumentPdfInput> = {}): TaxDocumentPdfInput {
  return {
    kind: 'invoice-receipt',
    number: '10023',
    issuedAt: '2026-11-03T10:15:00Z',
    copyMark: 'original',
    issuedBy: 'product',
    seller: { name: 'קפה הגפן', dealerNumber: '515123456', phone: '0521234567', street: 'הרצל 12', city: 'תל אביב' },
    buyer: null,
    allocationNumber: null,
    lines: [
      { description: 'קפה הפוך', quantity: 2, unitPriceAgorot: 1400, totalAgorot: 2800 },
      { description: 'כריך טונה (גדול)', quantity: 1, unitPriceAgorot: 4200, totalAgorot: 4200 },
    ],
    beforeVatAgorot: 5932,
    vatAgorot: 1068,
    vatRatePercent: 18,
    tipAgorot: 700,
    discountAgorot: 0,
    totalAgorot: 7700,
    payment: { method: 'card', last4: '4242', brand: 'Visa' },
    refersTo: null,
    orderNumber: 57,
    tableNumber: 4,
    ...overrides,
  };
}

async function text(document: TaxDocumentPdfInput): Promise<{ all: string; pages: string[] }> {
  const { pages } = await pdfText(await renderTaxDocumentPdf(document));
  return { all: pages.join('\n'), pages };
}

describe('tax documents as PDF', () => {
  it('prints the invoice receipt in reading order: title, number, seller, lines, totals, tip and payment', async () => {
    const { all, pages } = await text(input());
    expect(pages).toHaveLength(1);
    const lines = all.split('\n');
    expect(lines).toContain('קפה הגפן');
    expect(lines).toContain('עוסק מורשה / ח.פ. 515123456');
    expect(lines).toContain('הרצל 12, תל אביב');
    expect(lines).toContain("חשבונית מס/קבלה מס' 10023");
    expect(lines).toContain('מקור');
    expect(all).not.toContain('העתק');
    // Israel time: 10:15 UTC is 12:15 on 3 November (winter time).
    expect(lines).toContain('תאריך 03/11/2026 12:15');
    expect(lines).toContain("הזמנה מס' #57");
    expect(lines).toContain('שולחן 4');
    expect(lines).toContain('תיאור כמות מחיר ליחידה סה"כ');
    expect(lines).toContain('קפה הפוך 2 ₪14.00 ₪28.00');
    // Brackets inside Hebrew: drawn mirrored, read back as written.
    expect(lines).toContain('כריך טונה (גדול) 1 ₪42.00 ₪42.00');
    expect(lines).toContain('סכום לפני מע"מ ₪59.32');
    expect(lines).toContain('מע"מ 18% ₪10.68');
    expect(lines).toContain('תשר (טיפ, מחוץ לבסיס המע"מ) ₪7.00');
    expect(lines).toContain('סה"כ לתשלום ₪77.00');
    expect(lines).toContain('כרטיס אשראי Visa המסתיים בספרות 4242: ₪77.00');
    expect(lines).toContain('המחירים כוללים מע"מ. מסמך ממוחשב.');
    expect(lines).toContain("חשבונית מס/קבלה מס' 10023 · מקור · עמוד 1 מתוך 1");
    for (const word of ['לתשלום', 'חשבונית', 'הפוך', 'הגפן', 'מקור']) expect(all).not.toContain(reversed(word));
  });

  it('marks a copy, names the buyer with its number, the allocation number and Cardcom as the issuer', async () => {
    const { all } = await text(
      input({
        copyMark: 'copy',
        issuedBy: 'cardcom',
        buyer: { name: 'אלפא תוכנה בע"מ', taxId: '514000001' },
        allocationNumber: '202611030001',
        tipAgorot: 0,
        totalAgorot: 7000,
        payment: { method: 'bit', last4: null, brand: null },
      }),
    );
    const lines = all.split('\n');
    expect(lines).toContain('העתק');
    expect(all).toContain('העתק נאמן למקור; המקור נמסר ללקוח.');
    expect(all).not.toMatch(/^מקור$/m);
    expect(all.replace(/\n/g, ' ')).toContain('המסמך הונפק על ידי Cardcom, חברת הסליקה של בית העסק');
    expect(lines).toContain('לכבוד אלפא תוכנה בע"מ');
    expect(lines).toContain('עוסק מורשה / ח.פ. של הלקוח 514000001');
    expect(lines).toContain('מספר הקצאה 202611030001');
    expect(all).not.toContain('תשר');
    expect(lines).toContain('ביט: ₪70.00');
  });

  it('prints a credit document naming the invoice it credits and the refund', async () => {
    const { all } = await text(
      input({ kind: 'credit', number: '50007', refersTo: '10023', copyMark: 'copy', tipAgorot: 700 }),
    );
    const lines = all.split('\n');
    expect(lines).toContain("חשבונית מס זיכוי מס' 50007");
    expect(lines).toContain("זיכוי לחשבונית מס/קבלה מס' 10023");
    expect(lines).toContain('זיכוי לפני מע"מ ₪59.32');
    expect(lines).toContain('החזר תשר (טיפ, מחוץ לבסיס המע"מ) ₪7.00');
    expect(lines).toContain('סה"כ זיכוי ₪77.00');
    expect(lines).toContain('פרטי ההחזר');
    expect(all).toContain('הוחזר לאמצעי התשלום שבו שולמה ההזמנה (כרטיס אשראי Visa המסתיים בספרות 4242): ₪77.00');
    expect(all).not.toContain('סה"כ לתשלום');
  });

  it("prints the platform's commission invoice and credit to a business", async () => {
    const platform = input({
      kind: 'platform-invoice',
      number: '2026-0042',
      seller: { name: 'תפריט בע"מ', dealerNumber: '516000000', phone: null, street: 'יפו 1', city: 'ירושלים' },
      buyer: { name: 'קפה הגפן', taxId: '515123456' },
      lines: [
        {
          description: 'עמלת שירות: 5% מהמכירות שנשמרו (לאחר החזרים) בחודש 10/2026',
          quantity: 1,
          unitPriceAgorot: 59000,
          totalAgorot: 59000,
        },
      ],
      beforeVatAgorot: 50000,
      vatAgorot: 9000,
      tipAgorot: 0,
      totalAgorot: 59000,
      payment: null,
      orderNumber: null,
      tableNumber: null,
    });
    const invoice = (await text(platform)).all;
    const lines = invoice.split('\n');
    expect(lines).toContain("חשבונית מס מס' 2026-0042");
    expect(lines).toContain('תפריט בע"מ');
    expect(lines).toContain('לכבוד קפה הגפן');
    // The description wraps: its numbers stay on its first line, the month goes on to the next.
    expect(invoice).toContain('עמלת שירות: 5% מהמכירות שנשמרו (לאחר החזרים) בחודש 1 ₪590.00 ₪590.00\n10/2026\n');
    expect(lines).toContain('סה"כ לתשלום ₪590.00');
    expect(lines).toContain('העמלה נוכתה מהתקבולים שהועברו לעסק בהעברה החודשית.');
    expect(invoice).not.toContain('הזמנה מס');
    expect(invoice).not.toContain('טלפון');

    const credit = (await text({ ...platform, kind: 'platform-credit', number: '2026-0043', refersTo: '2026-0042' }))
      .all;
    expect(credit).toContain("חשבונית מס זיכוי מס' 2026-0043");
    expect(credit).toContain("זיכוי לחשבונית מס מס' 2026-0042");
    expect(credit).toContain('סה"כ זיכוי ₪590.00');
    expect(credit).toContain('הזיכוי יקוזז מההעברה החודשית הבאה לעסק.');
  });

  it('wraps a long description right to left and flows 40 lines onto a second page', async () => {
    const long = 'סלט ירקות גדול עם טחינה, חומוס, זיתים, ביצה קשה, קרוטונים, עשבי תיבול טריים ורוטב לימון של הבית';
    const many = Array.from({ length: 40 }, (_, index) => ({
      description: index === 0 ? long : `מנה ${index + 1}`,
      quantity: index + 1,
      unitPriceAgorot: 1000,
      totalAgorot: (index + 1) * 1000,
    }));
    const { pages } = await text(input({ lines: many }));
    expect(pages).toHaveLength(2);
    // The description continues on the next line, in order; its numbers stay on its first line.
    expect(pages[0]).toMatch(/^סלט ירקות גדול עם טחינה, .* 1 ₪10\.00 ₪10\.00\n.*ורוטב לימון של הבית$/m);
    expect(pages[0]).toContain('מנה 2 2 ₪10.00 ₪20.00');
    expect(pages[0]).toContain('עמוד 1 מתוך 2');
    // The second page repeats the column names and ends with the totals.
    expect(pages[1]).toContain('תיאור כמות מחיר ליחידה סה"כ');
    expect(pages[1]).toContain('מנה 40 40 ₪10.00 ₪400.00');
    expect(pages[1]).toContain('סה"כ לתשלום ₪77.00');
    expect(pages[1]).toContain('עמוד 2 מתוך 2');
    const all = pages.join('\n');
    for (let number = 2; number <= 40; number++) expect(all).toContain(`מנה ${number} ${number} ₪10.00`);
  });

  it('gives the same file for the same document, titled and dated by it', async () => {
    const first = await renderTaxDocumentPdf(input());
    const second = await renderTaxDocumentPdf(input());
    expect(first.equals(second)).toBe(true);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    const { info } = await pdfText(first);
    expect(info.Title).toBe('חשבונית מס/קבלה 10023');
    expect(info.Author).toBe('קפה הגפן');
    expect(info.CreationDate).toBe('D:20261103101500Z');
    // The fonts are subset: a document stays small.
    expect(first.length).toBeLessThan(40_000);
  });
});

describe('a simple Hebrew summary page', () => {
  it('prints a title and label/value rows in reading order', async () => {
    const bytes = await renderSimpleHebrewPdf('סיכום חודש אוקטובר 2026', [
      ['חשבוניות מס/קבלה', '1,204 מסמכים'],
      ['סה"כ מכירות', '₪123,456.78'],
      ['קובץ', 'BKMVDATA.TXT'],
    ]);
    const { pages, info } = await pdfText(bytes);
    const lines = pages[0]!.split('\n');
    expect(lines[0]).toBe('סיכום חודש אוקטובר 2026');
    expect(lines).toContain('חשבוניות מס/קבלה 1,204 מסמכים');
    expect(lines).toContain('סה"כ מכירות ₪123,456.78');
    expect(lines).toContain('קובץ BKMVDATA.TXT');
    expect(info.Title).toBe('סיכום חודש אוקטובר 2026');
  });
});
