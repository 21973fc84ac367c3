import { DATA_RECORD_NAMES, DOCUMENT_TYPE_NAMES, type DataRecordType } from './codes.js';
import type { ExportDocumentType, UniformStructureInput } from './export-input.js';
import type { IsraelMoment } from './israel-time.js';

/**
 * The printout that goes with the files (section 2.6 and the instructions' sample screen "הפקת קבצים במבנה אחיד"):
 * the business, where the files were saved, the range, the records of BKMVDATA.TXT by type, the documents by type
 * with their count and money, and the software that produced them.
 */
export interface UniformStructureSummary {
  business: { dealerNumber: string; name: string };
  software: { name: string; version: string; registrationNumber: string; vendorName: string };
  range: { from: string; to: string };
  /** Israel local date (YYYY-MM-DD) and time (HH:MM) of the run. */
  producedAt: { date: string; time: string; iso: string };
  directory: string;
  primaryId: string;
  recordsByType: { type: DataRecordType; name: string; count: number }[];
  totalRecords: number;
  /** Every type the product issues, zero counts included, as section 2.6 lists them. */
  documentsByType: { type: ExportDocumentType; name: string; count: number; totalAgorot: number }[];
  issuedByCardcom: number;
}

export function summarize(args: {
  input: UniformStructureInput;
  directory: string;
  produced: IsraelMoment;
  counts: Record<DataRecordType, number>;
  totalRecords: number;
}): UniformStructureSummary {
  const { input, directory, produced, counts, totalRecords } = args;
  const types = Object.keys(DOCUMENT_TYPE_NAMES).map(Number) as ExportDocumentType[];
  return {
    business: { dealerNumber: input.business.dealerNumber, name: input.business.name },
    software: {
      name: input.software.name,
      version: input.software.version,
      registrationNumber: input.software.registrationNumber,
      vendorName: input.software.vendorName,
    },
    range: { ...input.range },
    producedAt: { date: produced.date, time: produced.time, iso: input.producedAt.toISOString() },
    directory,
    primaryId: input.primaryId,
    recordsByType: (Object.keys(DATA_RECORD_NAMES) as DataRecordType[])
      .filter((type) => counts[type] > 0)
      .map((type) => ({ type, name: DATA_RECORD_NAMES[type], count: counts[type] })),
    totalRecords,
    documentsByType: types.map((type) => {
      const ofType = input.documents.filter((doc) => doc.type === type);
      return {
        type,
        name: DOCUMENT_TYPE_NAMES[type],
        count: ofType.length,
        totalAgorot: ofType.reduce((total, doc) => total + doc.totalAgorot, 0),
      };
    }),
    issuedByCardcom: input.documents.filter((doc) => doc.issuedBy === 'cardcom').length,
  };
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** Numbers, dates and paths read left to right inside the Hebrew text. */
const ltr = (text: string): string => `<bdi dir="ltr">${escapeHtml(text)}</bdi>`;

const shekels = (agorot: number): string =>
  `${Math.floor(agorot / 100).toLocaleString('en-US')}.${String(agorot % 100).padStart(2, '0')}`;

const dmy = (isoDate: string): string => isoDate.split('-').reverse().join('/');

/** The printable report, a self-contained right-to-left HTML page in UTF-8. */
export function renderSummaryHtml(summary: UniformStructureSummary): string {
  const recordRows = summary.recordsByType
    .map(
      (row) => `<tr><td>${ltr(row.type)}</td><td>${escapeHtml(row.name)}</td><td>${ltr(String(row.count))}</td></tr>`,
    )
    .join('\n');
  const documentRows = summary.documentsByType
    .map(
      (row) =>
        `<tr><td>${ltr(String(row.type))}</td><td>${escapeHtml(row.name)}</td><td>${ltr(String(row.count))}</td>` +
        `<td>${ltr(shekels(row.totalAgorot))}</td></tr>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="he" dir="rtl">
<head>
<meta charset="utf-8">
<title>הפקת קבצים במבנה אחיד</title>
<style>
body { font-family: Arial, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; }
table { border-collapse: collapse; width: 100%; margin-block: 1rem; }
th, td { border: 1px solid #777; padding: 0.25rem 0.5rem; text-align: start; }
</style>
</head>
<body>
<h1>הפקת קבצים במבנה אחיד</h1>
<p>עבור: מספר עוסק מורשה ${ltr(summary.business.dealerNumber)}, שם בית העסק: ${escapeHtml(summary.business.name)}</p>
<p><strong>ביצוע ממשק פתוח הסתיים בהצלחה</strong></p>
<p>הנתונים נשמרו בנתיב: ${ltr(summary.directory)}</p>
<p>טווח תאריכים: מתאריך ${ltr(dmy(summary.range.from))} ועד תאריך ${ltr(dmy(summary.range.to))}</p>
<p>מזהה ראשי: ${ltr(summary.primaryId)}</p>
<h2>פירוט סך סוגי הרשומות שנוצרו בקובץ BKMVDATA.TXT</h2>
<table>
<thead><tr><th>קוד רשומה</th><th>תיאור רשומה</th><th>סך רשומות</th></tr></thead>
<tbody>
${recordRows}
<tr><td colspan="2">סה"כ</td><td>${ltr(String(summary.totalRecords))}</td></tr>
</tbody>
</table>
<h2>פירוט המסמכים לפי סוג</h2>
<table>
<thead><tr><th>מספר מסמך</th><th>סוג המסמך</th><th>סה"כ כמותי</th><th>סה"כ כספי (בש"ח)</th></tr></thead>
<tbody>
${documentRows}
</tbody>
</table>
<p>מהם מסמכים שהפיקה Cardcom: ${ltr(String(summary.issuedByCardcom))}</p>
<p>הנתונים הופקו באמצעות תוכנת: ${escapeHtml(summary.software.name)} ${ltr(summary.software.version)},
מספר תעודת הרישום: ${ltr(summary.software.registrationNumber)},
בתאריך ${ltr(dmy(summary.producedAt.date))} בשעה ${ltr(summary.producedAt.time)}</p>
</body>
</html>
`;
}
