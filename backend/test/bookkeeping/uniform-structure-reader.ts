import iconv from 'iconv-lite';

/**
 * A second reader of the uniform structure files, for tests only. It does NOT import the writer's fields.ts: its
 * table of start positions (1-based, as the specification prints them) and lengths was transcribed separately, so a
 * field the writer puts out of place or out of order is read as a different value here and the tests fail.
 */
type Layout = readonly (readonly [field: number, start: number, length: number])[];

export const READER_RECORD_LENGTHS: Readonly<Record<string, number>> = {
  A000: 466,
  A100: 95,
  C100: 444,
  D110: 339,
  D120: 222,
  Z900: 110,
};
export const INI_SUMMARY_LENGTH = 19;

export const READER_LAYOUTS: Readonly<Record<string, Layout>> = {
  A000: [
    [1000, 1, 4],
    [1001, 5, 5],
    [1002, 10, 15],
    [1003, 25, 9],
    [1004, 34, 15],
    [1005, 49, 8],
    [1006, 57, 8],
    [1007, 65, 20],
    [1008, 85, 20],
    [1009, 105, 9],
    [1010, 114, 20],
    [1011, 134, 1],
    [1012, 135, 50],
    [1013, 185, 1],
    [1014, 186, 1],
    [1015, 187, 9],
    [1016, 196, 9],
    [1017, 205, 10],
    [1018, 215, 50],
    [1019, 265, 50],
    [1020, 315, 10],
    [1021, 325, 30],
    [1022, 355, 8],
    [1023, 363, 4],
    [1024, 367, 8],
    [1025, 375, 8],
    [1026, 383, 8],
    [1027, 391, 4],
    [1028, 395, 1],
    [1029, 396, 1],
    [1030, 397, 20],
    [1032, 417, 3],
    [1034, 420, 1],
    [1035, 421, 46],
  ],
  A100: [
    [1100, 1, 4],
    [1101, 5, 9],
    [1102, 14, 9],
    [1103, 23, 15],
    [1104, 38, 8],
    [1105, 46, 50],
  ],
  C100: [
    [1200, 1, 4],
    [1201, 5, 9],
    [1202, 14, 9],
    [1203, 23, 3],
    [1204, 26, 20],
    [1205, 46, 8],
    [1206, 54, 4],
    [1207, 58, 50],
    [1208, 108, 50],
    [1209, 158, 10],
    [1210, 168, 30],
    [1211, 198, 8],
    [1212, 206, 30],
    [1213, 236, 2],
    [1214, 238, 15],
    [1215, 253, 9],
    [1216, 262, 8],
    [1217, 270, 15],
    [1218, 285, 3],
    [1219, 288, 15],
    [1220, 303, 15],
    [1221, 318, 15],
    [1222, 333, 15],
    [1223, 348, 15],
    [1224, 363, 12],
    [1225, 375, 15],
    [1226, 390, 10],
    [1228, 400, 1],
    [1230, 401, 8],
    [1231, 409, 7],
    [1233, 416, 9],
    [1234, 425, 7],
    [1235, 432, 13],
  ],
  D110: [
    [1250, 1, 4],
    [1251, 5, 9],
    [1252, 14, 9],
    [1253, 23, 3],
    [1254, 26, 20],
    [1255, 46, 4],
    [1256, 50, 3],
    [1257, 53, 20],
    [1258, 73, 1],
    [1259, 74, 20],
    [1260, 94, 30],
    [1261, 124, 50],
    [1262, 174, 30],
    [1263, 204, 20],
    [1264, 224, 17],
    [1265, 241, 15],
    [1266, 256, 15],
    [1267, 271, 15],
    [1268, 286, 4],
    [1270, 290, 7],
    [1272, 297, 8],
    [1273, 305, 7],
    [1274, 312, 7],
    [1275, 319, 21],
  ],
  D120: [
    [1300, 1, 4],
    [1301, 5, 9],
    [1302, 14, 9],
    [1303, 23, 3],
    [1304, 26, 20],
    [1305, 46, 4],
    [1306, 50, 1],
    [1307, 51, 10],
    [1308, 61, 10],
    [1309, 71, 15],
    [1310, 86, 10],
    [1311, 96, 8],
    [1312, 104, 15],
    [1313, 119, 1],
    [1314, 120, 20],
    [1315, 140, 1],
    [1320, 141, 7],
    [1322, 148, 8],
    [1323, 156, 7],
    [1324, 163, 60],
  ],
  Z900: [
    [1150, 1, 4],
    [1151, 5, 9],
    [1152, 14, 9],
    [1153, 23, 15],
    [1154, 38, 8],
    [1155, 46, 15],
    [1156, 61, 50],
  ],
};

export interface ReadRecord {
  type: string;
  /** Field number -> the field's characters, untrimmed. */
  fields: Record<number, string>;
  raw: string;
}

export interface ReadUniformStructure {
  a000: ReadRecord;
  iniSummaries: { type: string; count: number }[];
  records: ReadRecord[];
}

export class UniformStructureReadError extends Error {}

/** A signed amount field as a number of its smallest units (agorot, or 1/10000 for a quantity). */
export function amountOf(value: string): number {
  if (!/^[+-]\d+$/.test(value)) throw new UniformStructureReadError(`not a signed amount: "${value}"`);
  return Number(value);
}

export function readRecord(line: string): ReadRecord {
  const type = line.slice(0, 4);
  const layout = READER_LAYOUTS[type];
  if (!layout) throw new UniformStructureReadError(`unknown record type "${type}"`);
  if (line.length !== READER_RECORD_LENGTHS[type]) {
    throw new UniformStructureReadError(`${type} is ${line.length} long, not ${READER_RECORD_LENGTHS[type]}`);
  }
  const fields: Record<number, string> = {};
  for (const [field, start, length] of layout) fields[field] = line.slice(start - 1, start - 1 + length);
  return { type, fields, raw: line };
}

/** Splits a file into its records: every record ends in CR LF, and no CR or LF appears anywhere else. */
function linesOf(bytes: Uint8Array, name: string): string[] {
  const text = iconv.decode(Buffer.from(bytes), 'windows-1255');
  // windows-1255 is one byte a character, so a decoded length is a length in bytes.
  if (text.length !== bytes.length) throw new UniformStructureReadError(`${name}: not single-byte text`);
  if (!text.endsWith('\r\n')) throw new UniformStructureReadError(`${name}: the last record has no CR LF`);
  const lines = text.slice(0, -2).split('\r\n');
  if (lines.some((line) => /[\r\n]/.test(line))) throw new UniformStructureReadError(`${name}: a bare CR or LF`);
  return lines;
}

const RECORD_NUMBER_FIELD: Readonly<Record<string, number>> = {
  A100: 1101,
  C100: 1201,
  D110: 1251,
  D120: 1301,
  Z900: 1151,
};

export function readUniformStructure(iniTxt: Uint8Array, bkmvdataTxt: Uint8Array): ReadUniformStructure {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };

  const records = linesOf(bkmvdataTxt, 'BKMVDATA.TXT').map(readRecord);
  const [iniFirst, ...summaryLines] = linesOf(iniTxt, 'INI.TXT');
  const a000 = readRecord(iniFirst ?? '');
  check(a000.type === 'A000', 'INI.TXT does not open with A000');

  records.forEach((record, index) => {
    check(
      record.fields[RECORD_NUMBER_FIELD[record.type] ?? 0] === String(index + 1).padStart(9, '0'),
      `record ${index + 1} (${record.type}) has the wrong running number`,
    );
  });
  const first = records[0];
  const last = records[records.length - 1];
  check(
    first?.type === 'A100' && records.filter((r) => r.type === 'A100').length === 1,
    'BKMVDATA.TXT opens with its one A100',
  );
  check(
    last?.type === 'Z900' && records.filter((r) => r.type === 'Z900').length === 1,
    'BKMVDATA.TXT closes with its one Z900',
  );
  const total = String(records.length).padStart(15, '0');
  check(last?.fields[1155] === total, `Z900 counts ${last?.fields[1155]}, the file has ${records.length}`);
  check(a000.fields[1002] === total, `A000 counts ${a000.fields[1002]}, the file has ${records.length}`);

  const dealer = a000.fields[1003];
  const dealerField: Record<string, number> = { A100: 1102, C100: 1202, D110: 1252, D120: 1302, Z900: 1152 };
  check(
    records.every((r) => r.fields[dealerField[r.type]!] === dealer),
    'every record carries the dealer number of A000',
  );
  const primaryId = a000.fields[1004];
  check(
    first?.fields[1103] === primaryId && last?.fields[1153] === primaryId,
    'A000, A100 and Z900 share the primary id',
  );
  check(
    [a000.fields[1005], first?.fields[1104], last?.fields[1154]].every((c) => c === '&OF1.31&'),
    'system constant &OF1.31&',
  );

  // Lines belong to the header before them: same type, number and link.
  let header: ReadRecord | undefined;
  for (const record of records) {
    if (record.type === 'C100') header = record;
    if (record.type !== 'D110' && record.type !== 'D120') continue;
    const f = record.type === 'D110' ? [1253, 1254, 1273] : [1303, 1304, 1323];
    check(
      header !== undefined &&
        record.fields[f[0]!] === header.fields[1203] &&
        record.fields[f[1]!] === header.fields[1204] &&
        record.fields[f[2]!] === header.fields[1234],
      `${record.type} ${record.fields[f[1]!]?.trim()} does not follow its header`,
    );
  }

  const iniSummaries = summaryLines.map((line) => {
    check(
      line.length === INI_SUMMARY_LENGTH && /^[A-Z]\d{3}\d{15}$/.test(line),
      `INI summary "${line}" is not 19 characters of type and count`,
    );
    return { type: line.slice(0, 4), count: Number(line.slice(4, 19)) };
  });
  const counted = new Map<string, number>();
  for (const record of records) counted.set(record.type, (counted.get(record.type) ?? 0) + 1);
  check(
    JSON.stringify([...counted].sort()) === JSON.stringify(iniSummaries.map((s) => [s.type, s.count]).sort()),
    `INI summaries ${JSON.stringify(iniSummaries)} differ from BKMVDATA.TXT ${JSON.stringify([...counted])}`,
  );

  if (problems.length > 0) throw new UniformStructureReadError(problems.join('\n'));
  return { a000, iniSummaries, records };
}
