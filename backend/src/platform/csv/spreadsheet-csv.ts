import { stringify } from 'csv-stringify/sync';

// A cell a spreadsheet would read as a formula (=, +, -, @, and the tab and carriage return OWASP lists) gets a
// leading apostrophe: a diner's remark or an owner's business name must never run in someone's Excel.
const FORMULA_START = /^[=+\-@\t\r]/;

export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Rows as a CSV file that Excel opens right: every cell through the formula guard, a byte-order mark (so Hebrew is read
 * as UTF-8) and CRLF between records, as Excel on Windows expects. Quotes, commas and newlines inside cells are quoted
 * by the library.
 */
export function spreadsheetCsv(rows: readonly (readonly string[])[]): string {
  return stringify(
    rows.map((row) => row.map(guardCell)),
    { bom: true, record_delimiter: 'windows' },
  );
}
