import { stringify } from 'csv-stringify/sync';
import { guardCell } from '../../../platform/csv/spreadsheet-csv.js';
import { decimal, ledgerCells, LEDGER_COLUMNS, type LedgerRow, type OutputVat, type Reconciliation } from './ledger.js';

/** A signed amount with two decimals is a number, never a formula: it is written as it is, so Excel sums it. */
const AMOUNT = /^-?\d+\.\d{2}$/;
const cell = (value: string) => (AMOUNT.test(value) ? value : guardCell(value));

/** The ledger as CSV that Excel opens right (a byte-order mark, CRLF), text cells guarded against formulas. */
export function ledgerCsv(rows: readonly LedgerRow[]): string {
  return stringify(
    [[...LEDGER_COLUMNS], ...rows.map((row) => ledgerCells(row, decimal))].map((row) => row.map(cell)),
    { bom: true, record_delimiter: 'windows' },
  );
}

/** The month's figures besides the ledger: the output VAT and the reconciliation with the monthly report. */
export interface MonthFigures {
  month: string;
  businessName: string;
  dealerNumber: string;
  vat: OutputVat[];
  reconciliation: Reconciliation;
}

/**
 * The ledger as an Excel workbook (exceljs, loaded when a month is downloaded, not at the server's start): the
 * ledger, the output VAT and the reconciliation, each a right-to-left sheet; amounts are numbers (two decimals) so
 * the accountant's sums work, text is text (a cell never becomes a formula).
 */
export async function ledgerWorkbook(rows: readonly LedgerRow[], figures: MonthFigures): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Tafrit';
  workbook.created = new Date(`${figures.month}-01T00:00:00Z`);
  const money = '#,##0.00';
  const amount = (agorot: number) => agorot / 100;

  const ledger = workbook.addWorksheet('פנקס מסמכים', { views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }] });
  ledger.addRow([...LEDGER_COLUMNS]).font = { bold: true };
  for (const row of rows) ledger.addRow(ledgerCells(row, amount));
  for (const column of [6, 7, 8, 10, 11]) ledger.getColumn(column).numFmt = money;
  ledger.columns.forEach((column) => (column.width = 16));

  const vat = workbook.addWorksheet('מע"מ עסקאות', { views: [{ rightToLeft: true }] });
  vat.addRow([`${figures.businessName} (${figures.dealerNumber})`, figures.month]).font = { bold: true };
  vat.addRow(['שיעור מע"מ', 'עסקאות לפני מע"מ', 'מע"מ', 'פטור ממע"מ (טיפים)']).font = { bold: true };
  for (const row of figures.vat) {
    vat.addRow([
      `${row.ratePercent}%`,
      amount(row.salesBeforeVatAgorot),
      amount(row.vatAgorot),
      amount(row.exemptAgorot),
    ]);
  }
  for (const column of [2, 3, 4]) vat.getColumn(column).numFmt = money;
  vat.columns.forEach((column) => (column.width = 22));

  const reconciliation = workbook.addWorksheet('התאמה לדוח החודשי', { views: [{ rightToLeft: true }] });
  reconciliation.addRow(['שורה', 'סכום']).font = { bold: true };
  for (const line of figures.reconciliation.lines) reconciliation.addRow([line.label, amount(line.agorot)]);
  reconciliation.addRow(['הפרש שאינו מוסבר', amount(figures.reconciliation.unexplainedAgorot)]);
  reconciliation.getColumn(2).numFmt = money;
  reconciliation.getColumn(1).width = 70;
  reconciliation.getColumn(2).width = 16;

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The output VAT and the reconciliation as CSV, for an accountant without Excel. */
export function figuresCsv(figures: MonthFigures): string {
  const rows: string[][] = [
    ['מע"מ עסקאות', figures.month],
    ['שיעור מע"מ', 'עסקאות לפני מע"מ', 'מע"מ', 'פטור ממע"מ (טיפים)'],
    ...figures.vat.map((row) => [
      `${row.ratePercent}%`,
      decimal(row.salesBeforeVatAgorot),
      decimal(row.vatAgorot),
      decimal(row.exemptAgorot),
    ]),
    [],
    ['התאמה לדוח החודשי', ''],
    ...figures.reconciliation.lines.map((line) => [line.label, decimal(line.agorot)]),
    ['הפרש שאינו מוסבר', decimal(figures.reconciliation.unexplainedAgorot)],
  ];
  return stringify(
    rows.map((row) => row.map(cell)),
    { bom: true, record_delimiter: 'windows' },
  );
}
