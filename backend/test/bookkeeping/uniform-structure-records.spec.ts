import { describe, expect, it } from '@jest/globals';
import iconv from 'iconv-lite';
import { buildUniformStructure } from '../../src/modules/bookkeeping/uniform-structure/index.js';
import {
  layoutOf,
  RECORD_FIELDS,
  RECORD_LENGTHS,
  type RecordType,
} from '../../src/modules/bookkeeping/uniform-structure/fields.js';
import { novemberInput } from './uniform-structure-fixture.js';
import { READER_LAYOUTS, READER_RECORD_LENGTHS, INI_SUMMARY_LENGTH, readRecord } from './uniform-structure-reader.js';

/** Records typed by hand from the specification's field tables, each piece at the position the table prints. */
const pad = (text: string, width: number): string => text.padEnd(width, ' ');
function typed(length: number, pieces: [start: number, text: string][]): string {
  let position = 1;
  for (const [start, text] of pieces) {
    if (start !== position) throw new Error(`a piece typed at ${start} lands at ${position}`);
    position += text.length;
  }
  if (position - 1 !== length) throw new Error(`typed ${position - 1} characters, the record has ${length}`);
  return pieces.map(([, text]) => text).join('');
}

const lines = (bytes: Buffer): string[] => iconv.decode(bytes, 'windows-1255').split('\r\n').slice(0, -1);

describe('the record tables', () => {
  it.each(Object.keys(RECORD_FIELDS) as RecordType[])('%s: the widths add up to the length of section 2.5', (type) => {
    const widths = RECORD_FIELDS[type].reduce((total, field) => total + field.length, 0);
    expect(widths).toBe(RECORD_LENGTHS[type]);
  });

  it('section 2.5 lengths: A000 466, A100 95, C100 444, D110 339, D120 222, Z900 110, INI summaries 19', () => {
    expect(RECORD_LENGTHS).toEqual({
      A000: 466,
      INI_SUMMARY: 19,
      A100: 95,
      C100: 444,
      D110: 339,
      D120: 222,
      Z900: 110,
    });
    expect(INI_SUMMARY_LENGTH).toBe(RECORD_LENGTHS.INI_SUMMARY);
  });

  it.each(['A000', 'A100', 'C100', 'D110', 'D120', 'Z900'] as const)(
    '%s: every field starts where the separately transcribed table of the reader says, with its length',
    (type) => {
      const derived = layoutOf(type).map((field) => [field.no, field.start, field.length]);
      expect(derived).toEqual(READER_LAYOUTS[type]!.map((entry) => [...entry]));
      expect(READER_RECORD_LENGTHS[type]).toBe(RECORD_LENGTHS[type]);
    },
  );

  it("the reader's own table tiles each record with no gap or overlap", () => {
    for (const [type, layout] of Object.entries(READER_LAYOUTS)) {
      let next = 1;
      for (const [field, start, length] of layout) {
        expect([type, field, start]).toEqual([type, field, next]);
        next = start + length;
      }
      expect(next - 1).toBe(READER_RECORD_LENGTHS[type]);
    }
  });
});

describe('a published record', () => {
  // A whole A000 of a real export (NetSuite, by iCloudius), kept in a public repository's comment: the fields are
  // where the table puts them. Its text is right-aligned and its language is 2, unlike ours; the positions are what
  // is checked.
  const NETSUITE_A000 =
    'A000     000000000000380514783794020200220143300&OF1.31&00217901 NetSuite i Cloudius                 1.1514783794i Cloudius          2                    OPENFRMT/514783794.20/0220143321514783794923667943                                               iCloudius LTD                                         Ha-Shfela         3                 Tel Aviv-Yafo501482350000202001012020013120200220043321            NetsuiteILS0                                              ';

  it('parses with the reader and with the writer table alike', () => {
    const read = readRecord(NETSUITE_A000);
    expect(read.fields).toMatchObject({
      1002: '000000000000380',
      1003: '514783794',
      1005: '&OF1.31&',
      1006: '00217901',
      1011: '2',
      1022: '50148235',
      1023: '0000',
      1024: '20200101',
      1025: '20200131',
      1026: '20200220',
      1027: '0433',
      1029: '1',
      1032: 'ILS',
      1034: '0',
    });
    for (const field of layoutOf('A000')) {
      expect([field.no, NETSUITE_A000.slice(field.start - 1, field.start - 1 + field.length)]).toEqual([
        field.no,
        read.fields[field.no],
      ]);
    }
  });
});

describe('whole records typed from the field tables', () => {
  const files = buildUniformStructure(novemberInput());
  const data = lines(files.bkmvdataTxt);
  const ini = lines(files.iniTxt);

  it('A000, the opening record of INI.TXT', () => {
    const expected = typed(466, [
      [1, 'A000'],
      [5, pad('', 5)],
      [10, '000000000000017'],
      [25, '512345679'],
      [34, '482910375561204'],
      [49, '&OF1.31&'],
      [57, '00000000'],
      [65, pad('Tafrit', 20)],
      [85, pad('1.4.0', 20)],
      [105, '300000007'],
      [114, pad('Tafrit Ltd', 20)],
      [134, '2'],
      [135, pad('OPENFRMT/51234567.26/11291430', 50)],
      [185, '0'],
      [186, '0'],
      [187, '000000000'],
      [196, '000000000'],
      [205, pad('', 10)],
      [215, pad('קפה הגפן', 50)],
      [265, pad('הגפן 12', 50)],
      [315, pad('', 10)],
      [325, pad('חיפה', 30)],
      [355, pad('3303112', 8)],
      [363, '0000'],
      [367, '20261101'],
      [375, '20261130'],
      [383, '20261129'],
      [391, '1430'],
      [395, '0'],
      [396, '1'],
      [397, pad('fflate', 20)],
      [417, 'ILS'],
      [420, '0'],
      [421, pad('', 46)],
    ]);
    expect(ini[0]).toBe(expected);
    expect(files.iniTxt.subarray(0, 466).equals(iconv.encode(expected, 'windows-1255'))).toBe(true);
  });

  it('the INI summaries, A100 and Z900', () => {
    expect(ini.slice(1)).toEqual([
      'A100000000000000001',
      'C100000000000000005',
      'D110000000000000006',
      'D120000000000000004',
      'Z900000000000000001',
    ]);
    expect(data[0]).toBe(
      typed(95, [
        [1, 'A100'],
        [5, '000000001'],
        [14, '512345679'],
        [23, '482910375561204'],
        [38, '&OF1.31&'],
        [46, pad('', 50)],
      ]),
    );
    expect(data[16]).toBe(
      typed(110, [
        [1, 'Z900'],
        [5, '000000017'],
        [14, '512345679'],
        [23, '482910375561204'],
        [38, '&OF1.31&'],
        [46, '000000000000017'],
        [61, pad('', 50)],
      ]),
    );
  });

  it("C100 of the document Cardcom issued: 19:45 Israel time, the buyer's Hebrew name, CARDCOM as the operator", () => {
    expect(data[13]).toBe(
      typed(444, [
        [1, 'C100'],
        [5, '000000014'],
        [14, '512345679'],
        [23, '320'],
        [26, pad('200345', 20)],
        [46, '20261120'],
        [54, '1945'],
        [58, pad('ישראל ישראלי', 50)],
        [108, pad('', 50)],
        [158, pad('', 10)],
        [168, pad('', 30)],
        [198, pad('', 8)],
        [206, pad('', 30)],
        [236, pad('', 2)],
        [238, pad('', 15)],
        [253, '000000000'],
        [262, '20261120'],
        [270, '+00000000000000'],
        [285, pad('', 3)],
        [288, '+00000000004237'],
        [303, '+00000000000000'],
        [318, '+00000000004237'],
        [333, '+00000000000763'],
        [348, '+00000000005000'],
        [363, '+00000000000'],
        [375, pad('', 15)],
        [390, pad('', 10)],
        [400, ' '],
        [401, '20261120'],
        [409, pad('', 7)],
        [416, pad('CARDCOM', 9)],
        [425, '0000005'],
        [432, pad('', 13)],
      ]),
    );
  });

  it('D110 of the tip: a line at 0% VAT', () => {
    expect(data[3]).toBe(
      typed(339, [
        [1, 'D110'],
        [5, '000000004'],
        [14, '512345679'],
        [23, '320'],
        [26, pad('1001', 20)],
        [46, '0002'],
        [50, '000'],
        [53, pad('', 20)],
        [73, '0'],
        [74, pad('', 20)],
        [94, pad('טיפ', 30)],
        [124, pad('', 50)],
        [174, pad('', 30)],
        [204, pad('יחידה', 20)],
        [224, '+0000000000010000'],
        [241, '+00000000000500'],
        [256, '+00000000000000'],
        [271, '+00000000000500'],
        [286, '0000'],
        [290, pad('', 7)],
        [297, '20261101'],
        [305, '0000001'],
        [312, pad('', 7)],
        [319, pad('', 21)],
      ]),
    );
  });

  it('D110 of the credit invoice: positive amounts, the invoice it credits as its base document', () => {
    expect(data[12]).toBe(
      typed(339, [
        [1, 'D110'],
        [5, '000000013'],
        [14, '512345679'],
        [23, '330'],
        [26, pad('5001', 20)],
        [46, '0001'],
        [50, '320'],
        [53, pad('1003', 20)],
        [73, '0'],
        [74, pad('', 20)],
        [94, pad('ארוחת צהריים עסקית', 30)],
        [124, pad('', 50)],
        [174, pad('', 30)],
        [204, pad('יחידה', 20)],
        [224, '+0000000000010000'],
        [241, '+00000000005000'],
        [256, '+00000000000000'],
        [271, '+00000000005000'],
        [286, '1800'],
        [290, pad('', 7)],
        [297, '20261116'],
        [305, '0000004'],
        [312, pad('', 7)],
        [319, pad('', 21)],
      ]),
    );
  });

  it('D120 of Google Pay: a credit card (3), the brand as the card name, a regular deal', () => {
    expect(data[10]).toBe(
      typed(222, [
        [1, 'D120'],
        [5, '000000011'],
        [14, '512345679'],
        [23, '320'],
        [26, pad('1003', 20)],
        [46, '0001'],
        [50, '3'],
        [51, '0000000000'],
        [61, '0000000000'],
        [71, '000000000000000'],
        [86, '0000000000'],
        [96, '20261115'],
        [104, '+00000000017700'],
        [119, '0'],
        [120, pad('Mastercard', 20)],
        [140, '1'],
        [141, pad('', 7)],
        [148, '20261115'],
        [156, '0000003'],
        [163, pad('', 60)],
      ]),
    );
  });

  it('D120 of Bit: other (9), no card fields', () => {
    expect(data[7]).toBe(
      typed(222, [
        [1, 'D120'],
        [5, '000000008'],
        [14, '512345679'],
        [23, '320'],
        [26, pad('1002', 20)],
        [46, '0001'],
        [50, '9'],
        [51, '0000000000'],
        [61, '0000000000'],
        [71, '000000000000000'],
        [86, '0000000000'],
        [96, '20261110'],
        [104, '+00000000002124'],
        [119, '0'],
        [120, pad('', 20)],
        [140, '0'],
        [141, pad('', 7)],
        [148, '20261110'],
        [156, '0000002'],
        [163, pad('', 60)],
      ]),
    );
  });
});
