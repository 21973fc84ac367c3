import iconv from 'iconv-lite';
import { UniformStructureInputError } from './export-input.js';
import { layoutOf, RECORD_LENGTHS, type PlacedField, type RecordType } from './fields.js';

/**
 * Writes one fixed-width record from `fields.ts` and values keyed by field number. Width is counted in bytes after
 * encoding, so no value can push the fields after it out of place.
 */
export type FieldValue = string | number | null | undefined;

/** The files' code page. The specification names ISO-8859-8-i (A000 1029 = 1); windows-1255 writes the same bytes
 * for every character `fileText` lets through. */
export const FILE_ENCODING = 'windows-1255';

// Look-alikes outside the character set, written the way they are typed on a keyboard (geresh, gershayim, maqaf,
// typographic quotes and dashes) so a name keeps its meaning rather than turning into '?'.
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '\u05F3': "'",
  '\u05F4': '"',
  '\u05BE': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u00A0': ' ',
  '\u20AA': 'ש"ח',
};

/**
 * Text the files can carry, in logical order (ISO-8859-8-i: Hebrew as typed, never reversed). Vowel points and other
 * combining marks are dropped (windows-1255 has points, ISO-8859-8 has not, so they would break a reader of the
 * named set); invisible format characters (joiners, direction marks) are dropped; line breaks and tabs become spaces
 * (a CR LF inside a field would split the record); anything else outside ASCII and the Hebrew letters, such as emoji
 * or Arabic, becomes '?'.
 */
export function fileText(value: string | null | undefined): string {
  if (!value) return '';
  let out = '';
  for (const ch of value.normalize('NFKD')) {
    if (/\p{Mn}|\p{Cf}/u.test(ch)) continue;
    const alike = LOOK_ALIKES[ch];
    if (alike !== undefined) out += alike;
    else if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(ch)) out += ' ';
    else if (/[\x20-\x7E\u05D0-\u05EA]/.test(ch)) out += ch;
    else out += '?';
  }
  return out;
}

function alphanumeric(value: FieldValue, field: PlacedField): Buffer {
  const bytes = iconv.encode(fileText(value === null || value === undefined ? '' : String(value)), FILE_ENCODING);
  // Too long is cut to the field (section 2.4: the field's width is the limit), then padded with spaces on the right.
  const out = Buffer.alloc(field.length, 0x20);
  bytes.copy(out, 0, 0, Math.min(bytes.length, field.length));
  return out;
}

function overflow(type: RecordType, field: PlacedField, value: FieldValue): never {
  throw new UniformStructureInputError(
    'uniform_structure.field_overflow',
    `${type}.${field.no}`,
    `${String(value)} does not fit ${field.name} (${field.length} characters)`,
  );
}

function digitsOf(type: RecordType, field: PlacedField, value: FieldValue): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) overflow(type, field, value);
    return String(value);
  }
  if (!/^\d+$/.test(value)) overflow(type, field, value);
  return value;
}

function numeric(type: RecordType, field: PlacedField, value: FieldValue): string {
  const digits = digitsOf(type, field, value);
  // A number is never cut: a dealer number or count that does not fit is an error, not a smaller number.
  if (digits.length > field.length) overflow(type, field, value);
  return digits.padStart(field.length, '0');
}

function signedAmount(type: RecordType, field: PlacedField, value: FieldValue): string {
  const scaled = value === null || value === undefined ? 0 : Number(value);
  if (!Number.isSafeInteger(scaled)) overflow(type, field, value);
  const digits = String(Math.abs(scaled));
  if (digits.length > field.length - 1) overflow(type, field, value);
  return (scaled < 0 ? '-' : '+') + digits.padStart(field.length - 1, '0');
}

function dateOrTime(type: RecordType, field: PlacedField, value: FieldValue): string {
  const text = value === null || value === undefined ? '' : String(value).replace(/[-:]/g, '');
  if (text === '') return '0'.repeat(field.length);
  if (!new RegExp(`^\\d{${field.length}}$`).test(text)) overflow(type, field, value);
  return text;
}

function encodeField(type: RecordType, field: PlacedField, value: FieldValue): Buffer {
  switch (field.kind) {
    case 'X':
      return alphanumeric(value, field);
    case '9':
      return Buffer.from(numeric(type, field, value), 'latin1');
    case 'amount':
      return Buffer.from(signedAmount(type, field, value), 'latin1');
    case 'date':
    case 'time':
      return Buffer.from(dateOrTime(type, field, value), 'latin1');
  }
}

/** One record, in the file's bytes, without its CR LF. */
export function writeRecord(type: RecordType, values: Readonly<Record<number, FieldValue>>): Buffer {
  const layout = layoutOf(type);
  const known = new Set(layout.map((field) => field.no));
  for (const no of Object.keys(values)) {
    // A value for a field the record does not have is a writer bug: fail rather than silently drop it.
    if (!known.has(Number(no))) throw new Error(`${type} has no field ${no}`);
  }
  const record = Buffer.concat(layout.map((field) => encodeField(type, field, values[field.no])));
  if (record.length !== RECORD_LENGTHS[type]) {
    throw new Error(`${type} came out ${record.length} bytes long, section 2.5 says ${RECORD_LENGTHS[type]}`);
  }
  return record;
}
