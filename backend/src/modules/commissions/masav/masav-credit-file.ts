/**
 * A Masav (מס"ב) credit file ("זיכויים"): the transfers of one payout batch, uploaded by the platform's bank to the
 * Israeli automated clearing house. Layout per Masav's published technical specification for credit files
 * ("מפרט טכני - זיכויים"), as summarised in ISRAEL-NOTES.md and cross-checked against public implementations of it:
 * fixed-width records of exactly 128 characters, each followed by CR LF, in this order:
 *
 * 'K' header (positions 1-based, inclusive):
 *   1 'K' | 2-9 institution code (8) | 10-11 currency '00' | 12-17 payment date YYMMDD | 18 '0' |
 *   19-21 file serial '001' | 22 '0' | 23-28 creation date YYMMDD | 29-33 sending institution (5) | 34-39 '000000' |
 *   40-69 institution name (30) | 70-125 spaces (56) | 126-128 'KOT'
 * '1' one per payee:
 *   1 '1' | 2-9 institution code | 10-11 '00' | 12-17 '000000' | 18-19 bank (2) | 20-22 branch (3) |
 *   23-26 account type '0000' | 27-35 account number (9) | 36 '0' | 37-45 payee ID (9) | 46-61 payee name (16) |
 *   62-74 amount: shekels (11) + agorot (2) | 75-94 reference (20) | 95-102 period MMYYMMYY (8) |
 *   103-105 text code '000' | 106-108 transaction type '006' (a regular credit) | 109-126 zeros (18) | 127-128 spaces
 * '5' totals:
 *   1 '5' | 2-9 institution code | 10-11 '00' | 12-17 payment date | 18 '0' | 19-21 serial |
 *   22-36 total: shekels (13) + agorot (2) | 37-51 zeros (15) | 52-58 number of '1' records (7) | 59-65 zeros (7) |
 *   66-128 spaces (63)
 * then an end record of 128 '9's.
 *
 * Numbers are right-aligned with zeros; a value wider than its field is refused, never cut (a cut account number
 * would pay a stranger). Where we were unsure (the text code, the account type) we wrote the value every public
 * implementation writes; the bank's test upload is the final check before the first real batch.
 *
 * Hebrew: Masav's files predate Unicode. Its readers take Hebrew in the old DOS code page (CP862: א..ת at 0x80..0x9A)
 * in visual order, i.e. reversed. We encode names that way rather than transliterate them, because the bank shows
 * the payee's name to people who compare it with the account holder's Hebrew name; a transliteration would not
 * match. Digits and Latin letters inside a name keep their left-to-right order. The file is therefore bytes, not
 * UTF-8 text: every record is exactly 128 bytes.
 */

export const MASAV_RECORD_LENGTH = 128;
const CRLF = '\r\n';

export interface MasavInstitution {
  /** 8 digits: the institution (מוסד/נושא) code Masav assigned. */
  institutionCode: string;
  /** 5 digits: the sending institution's code. */
  sendingInstitution: string;
  institutionName: string;
}

export interface MasavPayee {
  bankCode: string;
  branch: string;
  accountNumber: string;
  idNumber: string;
  name: string;
  amountAgorot: number;
  /** Digits only: shown on the payee's bank statement as the reference (אסמכתא). */
  reference: string;
}

export interface MasavCreditFileInput {
  institution: MasavInstitution;
  /** 'YYYY-MM-DD': when the money should reach the payees. */
  paymentDate: string;
  /** 'YYYY-MM-DD': when the file was made (the batch's creation, so the same batch always gives the same file). */
  createdOn: string;
  /** 'YYYY-MM': the period the payments are for. */
  period: string;
  payees: readonly MasavPayee[];
  serial?: number;
}

export class MasavFieldError extends Error {
  constructor(
    readonly field: string,
    value: string,
    /** The payee whose record it is (0-based), when it is a payee's field. */
    readonly payeeIndex?: number,
  ) {
    super(`Masav field "${field}" cannot hold "${value}"`);
    this.name = 'MasavFieldError';
  }
}

/** Right-aligned, zero-filled digits; refuses what is not digits or is wider than the field. */
export function masavNumber(field: string, value: string | number, width: number): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > width) throw new MasavFieldError(field, text);
  return text.padStart(width, '0');
}

const HEBREW_FIRST = 0x05d0;
const HEBREW_LAST = 0x05ea;
const CP862_ALEF = 0x80;
const LTR_RUN = /[A-Za-z0-9]+/g;

/**
 * A name in Masav's Hebrew: CP862 letters in visual (reversed) order, cut to the field in logical order first so the
 * name's beginning is kept, right-aligned like Hebrew text. Vowel points are dropped; a character CP862 has no place
 * for becomes a space. Returned as a string of code points 0-255, written out as latin1 bytes.
 */
export function masavText(value: string, width: number): string {
  const logical = [...value.normalize('NFC').replace(/[\u0591-\u05c7]/g, '')]
    .map((char) => {
      if (char === '\u05f3') return "'";
      if (char === '\u05f4') return '"';
      const code = char.codePointAt(0) ?? 0x20;
      if (code >= HEBREW_FIRST && code <= HEBREW_LAST) return char;
      return code >= 0x20 && code <= 0x7e ? char : ' ';
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, width);
  const hebrew = /[\u05d0-\u05ea]/.test(logical);
  const visual = hebrew
    ? [...logical]
        .reverse()
        .join('')
        .replace(LTR_RUN, (run) => [...run].reverse().join(''))
    : logical;
  const encoded = [...visual]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0x20;
      return code >= HEBREW_FIRST && code <= HEBREW_LAST ? String.fromCharCode(CP862_ALEF + code - HEBREW_FIRST) : char;
    })
    .join('');
  return hebrew ? encoded.padStart(width, ' ') : encoded.padEnd(width, ' ');
}

function yymmdd(isoDate: string): string {
  const match = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new MasavFieldError('date', isoDate);
  return `${match[1]}${match[2]}${match[3]}`;
}

function checked(record: string): string {
  if (record.length !== MASAV_RECORD_LENGTH) {
    throw new Error(`a Masav record must be ${MASAV_RECORD_LENGTH} characters, this one is ${record.length}`);
  }
  return record;
}

export function masavCreditRecords({
  institution,
  paymentDate,
  createdOn,
  period,
  payees,
  serial = 1,
}: MasavCreditFileInput): string[] {
  const code = masavNumber('institution code', institution.institutionCode, 8);
  const sending = masavNumber('sending institution', institution.sendingInstitution, 5);
  const payOn = yymmdd(paymentDate);
  const serialText = masavNumber('serial', serial, 3);
  const [year = '', month = ''] = period.split('-');
  const periodText = masavNumber('period', `${month}${year.slice(2)}${month}${year.slice(2)}`, 8);

  const header = checked(
    `K${code}00${payOn}0${serialText}0${yymmdd(createdOn)}${sending}000000` +
      `${masavText(institution.institutionName, 30)}${' '.repeat(56)}KOT`,
  );
  const movements = payees.map((payee, index) => {
    const number = (field: string, value: string | number, width: number) => {
      try {
        return masavNumber(field, value, width);
      } catch {
        throw new MasavFieldError(field, String(value), index);
      }
    };
    return checked(
      `1${code}00000000` +
        number('bank', payee.bankCode, 2) +
        number('branch', payee.branch, 3) +
        '0000' +
        number('account number', payee.accountNumber, 9) +
        '0' +
        number('payee ID', payee.idNumber, 9) +
        masavText(payee.name, 16) +
        number('amount', payee.amountAgorot, 13) +
        number('reference', payee.reference, 20) +
        periodText +
        '000006' +
        '0'.repeat(18) +
        '  ',
    );
  });
  const total = payees.reduce((sum, payee) => sum + payee.amountAgorot, 0);
  const totals = checked(
    `5${code}00${payOn}0${serialText}` +
      masavNumber('total', total, 15) +
      '0'.repeat(15) +
      masavNumber('count', payees.length, 7) +
      '0'.repeat(7) +
      ' '.repeat(63),
  );
  return [header, ...movements, totals, '9'.repeat(MASAV_RECORD_LENGTH)];
}

/** The whole file as bytes: CP862 Hebrew, CR LF after every record. */
export function masavCreditFile(input: MasavCreditFileInput): Buffer {
  return Buffer.from(
    masavCreditRecords(input)
      .map((record) => record + CRLF)
      .join(''),
    'latin1',
  );
}
