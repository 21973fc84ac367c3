import { describe, expect, it } from '@jest/globals';
import iconv from 'iconv-lite';
import yauzl from 'yauzl';
import {
  buildUniformStructure,
  SUMMARY_FILE_NAME,
  UniformStructureInputError,
  zipUniformStructure,
  type ExportDocument,
} from '../../src/modules/bookkeeping/uniform-structure/index.js';
import {
  creditToCompany,
  issuedByCardcom,
  novemberInput,
  paidWithBit,
  toCompany,
  withTip,
} from './uniform-structure-fixture.js';
import { amountOf, readUniformStructure, type ReadRecord } from './uniform-structure-reader.js';

/** Every entry of a zip, read with yauzl (not the library that wrote it). */
function unzip(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const text = (value: string | undefined): string => (value ?? '').trimEnd();
const ofType = (records: ReadRecord[], type: string) => records.filter((record) => record.type === type);

describe('the uniform structure of a month', () => {
  const input = novemberInput();
  const files = buildUniformStructure(input);
  const read = readUniformStructure(files.iniTxt, files.bkmvdataTxt);

  it('parses and validates with the independent reader', () => {
    expect(read.records.map((record) => record.type).join(' ')).toBe(
      'A100 C100 D110 D110 D120 C100 D110 D120 C100 D110 D120 C100 D110 C100 D110 D120 Z900',
    );
  });

  it('names its folder from the dealer number and the Israel time it ran', () => {
    expect(files.directory).toBe('OPENFRMT/51234567.26/11291430');
    expect(text(read.a000.fields[1012])).toBe(files.directory);
  });

  it('counts equal the input: one header for each document, one line for each item, tip included, and each payment', () => {
    const documents = input.documents;
    const itemLines = documents.flatMap((doc) => doc.lines.filter((line) => line.kind !== 'discount'));
    const receiptPayments = documents
      .filter((doc) => doc.type === 320 || doc.type === 400)
      .flatMap((doc) => doc.payments);
    expect(files.counts).toEqual({
      A100: 1,
      C100: documents.length,
      D110: itemLines.length,
      D120: receiptPayments.length,
      Z900: 1,
    });
    expect(ofType(read.records, 'C100').map((r) => [r.fields[1203], text(r.fields[1204])])).toEqual(
      documents.map((doc) => [String(doc.type), doc.number]),
    );
  });

  it("adds up to the agora: each header's amounts, its lines and its payments", () => {
    const headers = ofType(read.records, 'C100');
    headers.forEach((header, index) => {
      const doc = input.documents[index]!;
      const link = header.fields[1234];
      const lines = read.records.filter((r) => r.type === 'D110' && r.fields[1273] === link);
      const payments = read.records.filter((r) => r.type === 'D120' && r.fields[1323] === link);
      const amount = (field: number): number => amountOf(header.fields[field]!);
      const [before, discount, after, vat, total] = [
        amount(1219),
        amount(1220),
        amount(1221),
        amount(1222),
        amount(1223),
      ];
      expect(lines.reduce((sum, line) => sum + amountOf(line.fields[1267]!), 0)).toBe(before);
      expect(before + discount).toBe(after);
      expect(after + vat).toBe(total);
      expect([after, vat, total]).toEqual([doc.beforeVatAgorot + doc.exemptAgorot, doc.vatAgorot, doc.totalAgorot]);
      if (doc.type === 320) expect(payments.reduce((sum, p) => sum + amountOf(p.fields[1312]!), 0)).toBe(total);
      else expect(payments).toHaveLength(0);
    });
  });

  it('writes the tip as its own line outside VAT, inside the amounts before VAT and the total', () => {
    const header = ofType(read.records, 'C100')[0]!;
    const tip = ofType(read.records, 'D110').find((line) => text(line.fields[1260]) === 'טיפ')!;
    expect([tip.fields[1268], amountOf(tip.fields[1267]!)]).toEqual(['0000', 500]);
    expect(amountOf(header.fields[1221]!)).toBe(2542 + 500);
    expect(amountOf(header.fields[1222]!)).toBe(458);
  });

  it('writes the document discount negative in 1220, not as a line', () => {
    const header = ofType(read.records, 'C100')[1]!;
    expect([header.fields[1219], header.fields[1220], header.fields[1221]]).toEqual([
      '+00000000002000',
      '-00000000000200',
      '+00000000001800',
    ]);
    expect(ofType(read.records, 'D110').some((line) => text(line.fields[1260]) === 'הנחת קופון')).toBe(false);
  });

  it("writes the company buyer's dealer number and key, and its Hebrew name back as it was typed", () => {
    const header = ofType(read.records, 'C100')[2]!;
    expect([header.fields[1215], text(header.fields[1225]), text(header.fields[1214])]).toEqual([
      '514713288',
      '514713288',
      '035551234',
    ]);
    expect(text(header.fields[1207])).toBe('חברת הדוגמה בע"מ');
  });

  it('keeps a credit invoice positive, with the credited invoice as the base of its lines and no receipt lines', () => {
    const header = ofType(read.records, 'C100')[3]!;
    expect(header.fields[1203]).toBe('330');
    for (const f of [1219, 1221, 1222, 1223]) expect(amountOf(header.fields[f]!)).toBeGreaterThan(0);
    const lines = ofType(read.records, 'D110').filter((line) => line.fields[1253] === '330');
    expect(lines.map((line) => [line.fields[1256], text(line.fields[1257])])).toEqual([['320', '1003']]);
  });

  it('marks the documents Cardcom issued, and only them, in 1233', () => {
    const operators = ofType(read.records, 'C100').map((header) => text(header.fields[1233]));
    expect(operators).toEqual(input.documents.map((doc) => (doc.issuedBy === 'cardcom' ? 'CARDCOM' : '')));
    expect(files.summary.issuedByCardcom).toBe(1);
  });

  it('round-trips Hebrew through windows-1255, byte for byte in logical order', () => {
    const name = text(read.a000.fields[1018]);
    expect(name).toBe('קפה הגפן');
    expect([...iconv.encode(name, 'windows-1255')]).toEqual([0xf7, 0xf4, 0xe4, 0x20, 0xe4, 0xe2, 0xf4, 0xef]);
    const dish = ofType(read.records, 'D110').map((line) => text(line.fields[1260]));
    expect(dish).toEqual(['קפה הפוך', 'טיפ', 'מאפה שמרים', 'ארוחת צהריים עסקית', 'ארוחת צהריים עסקית', 'שקשוקה']);
  });

  it('ends every record with CR LF and has no byte outside windows-1255', () => {
    for (const bytes of [files.iniTxt, files.bkmvdataTxt]) {
      expect(iconv.encode(iconv.decode(bytes, 'windows-1255'), 'windows-1255').equals(bytes)).toBe(true);
      expect(bytes.subarray(-2).toString('latin1')).toBe('\r\n');
    }
  });

  it('summarizes the records by type, the range, the business and the documents by type', () => {
    expect(files.summary.recordsByType.map((row) => [row.type, row.count])).toEqual([
      ['A100', 1],
      ['C100', 5],
      ['D110', 6],
      ['D120', 4],
      ['Z900', 1],
    ]);
    expect(files.summary.totalRecords).toBe(17);
    expect(files.summary.documentsByType.map((row) => [row.type, row.count, row.totalAgorot])).toEqual([
      [305, 0, 0],
      [320, 4, 3500 + 2124 + 17700 + 5000],
      [330, 1, 5900],
      [400, 0, 0],
    ]);
    expect(files.summary.range).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(files.summary.producedAt).toMatchObject({ date: '2026-11-29', time: '14:30' });
  });
});

describe('the download', () => {
  it('holds the folder of the instructions and the printed report, read back with another zip library', async () => {
    const files = buildUniformStructure(novemberInput());
    const entries = await unzip(zipUniformStructure(files));
    const folder = 'OPENFRMT/51234567.26/11291430';
    expect([...entries.keys()].sort()).toEqual(
      [`${folder}/BKMVDATA.TXT`, `${folder}/BKMVDATA.zip`, `${folder}/INI.TXT`, SUMMARY_FILE_NAME].sort(),
    );
    expect(entries.get(`${folder}/INI.TXT`)!.equals(files.iniTxt)).toBe(true);
    expect(entries.get(`${folder}/BKMVDATA.TXT`)!.equals(files.bkmvdataTxt)).toBe(true);
    const inner = await unzip(entries.get(`${folder}/BKMVDATA.zip`)!);
    expect([...inner.keys()]).toEqual(['BKMVDATA.TXT']);
    expect(inner.get('BKMVDATA.TXT')!.equals(files.bkmvdataTxt)).toBe(true);
    const report = entries.get(SUMMARY_FILE_NAME)!.toString('utf8');
    expect(report).toContain('הפקת קבצים במבנה אחיד');
    expect(report).toContain('קפה הגפן');
    expect(report).toContain(folder);
    expect(report).toMatch(/<td>.*D110.*<\/td><td>פרטי מסמך<\/td><td>.*6.*<\/td>/);
  });
});

describe('text the character set cannot hold', () => {
  const build = (name: string, description = 'קפה') => {
    const doc: ExportDocument = {
      ...issuedByCardcom,
      customer: { ...issuedByCardcom.customer, name },
      lines: [{ ...issuedByCardcom.lines[0]!, description }],
    };
    return readUniformStructure(
      ...(({ iniTxt, bkmvdataTxt }) => [iniTxt, bkmvdataTxt] as const)(buildUniformStructure(novemberInput([doc]))),
    );
  };

  it('writes emoji and Arabic as "?", drops vowel points and joiners, and keeps every width', () => {
    const read = build('☕ קָפֶה 😀 مرحبا 👨‍👩‍👧');
    expect(text(ofType(read.records, 'C100')[0]!.fields[1207])).toBe('? קפה ? ????? ???');
  });

  it('cuts a name longer than its field to the field, and line breaks do not split the record', () => {
    const long = 'מסעדת השף הגדול והמפורסם ביותר בכל רחבי הגליל העליון והתחתון';
    const read = build(long, 'שורה\r\nשנייה של תיאור ארוך מאוד מאוד');
    const header = ofType(read.records, 'C100')[0]!;
    expect(long.length).toBeGreaterThan(50);
    expect(header.fields[1207]).toBe(long.slice(0, 50));
    expect(header.fields[1208]).toBe(' '.repeat(50));
    expect(text(ofType(read.records, 'D110')[0]!.fields[1260])).toBe('שורה  שנייה של תיאור ארוך מאוד');
  });
});

describe('input the file cannot be written from', () => {
  const codeOf = (
    documents: ExportDocument[],
    change: (input: ReturnType<typeof novemberInput>) => void = () => {},
  ) => {
    const input = novemberInput(documents);
    change(input);
    try {
      buildUniformStructure(input);
      return null;
    } catch (error) {
      return error instanceof UniformStructureInputError ? [error.code, error.path] : error;
    }
  };

  it('refuses lines that do not add up to the header', () => {
    expect(codeOf([{ ...withTip, exemptAgorot: 400, totalAgorot: 3400 }])).toEqual([
      'uniform_structure.lines_do_not_add_up',
      'documents[0].lines',
    ]);
  });

  it('refuses payments that do not add up to a receipt', () => {
    expect(codeOf([{ ...paidWithBit, payments: [{ ...paidWithBit.payments[0]!, amountAgorot: 2000 }] }])).toEqual([
      'uniform_structure.payments_do_not_add_up',
      'documents[0].payments',
    ]);
  });

  it('refuses a document issued outside the range in Israel time', () => {
    // 00:30 on 1 December in Israel, though still 30 November in UTC.
    expect(codeOf([{ ...toCompany, issuedAt: '2026-11-30T22:30:00.000Z' }])).toEqual([
      'uniform_structure.document_outside_range',
      'documents[0].issuedAt',
    ]);
  });

  it('refuses a dealer number that is not 9 digits and a primary id of zeros', () => {
    expect(codeOf([creditToCompany], (input) => (input.business.dealerNumber = '51234567'))).toEqual([
      'uniform_structure.identifier',
      'business.dealerNumber',
    ]);
    expect(codeOf([creditToCompany], (input) => (input.primaryId = '0'.repeat(15)))).toEqual([
      'uniform_structure.identifier',
      'primaryId',
    ]);
  });
});
