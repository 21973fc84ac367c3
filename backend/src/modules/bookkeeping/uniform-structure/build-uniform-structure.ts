import {
  CARDCOM_OPERATOR,
  clearingCompanyCode,
  creditDealType,
  DATA_RECORD_NAMES,
  DOCUMENT_TYPES_WITH_ITEM_LINES,
  DOCUMENT_TYPES_WITH_RECEIPT_LINES,
  PAYMENT_METHOD_CODES,
  SYSTEM_CONSTANT,
  type DataRecordType,
} from './codes.js';
import type { ExportDocument, ExportPayment, UniformStructureInput } from './export-input.js';
import { israelMoment } from './israel-time.js';
import { writeRecord, type FieldValue } from './record.js';
import { summarize, type UniformStructureSummary } from './summary.js';
import { validateInput } from './validate-input.js';

export interface UniformStructureFiles {
  /** e.g. 'OPENFRMT/51234567.26/11291430': the first 8 digits of the dealer number, '.', YY, then MMDDhhmm (Israel). */
  directory: string;
  /** INI.TXT in windows-1255, CR LF after every record. */
  iniTxt: Buffer;
  /** BKMVDATA.TXT in windows-1255, CR LF after every record. */
  bkmvdataTxt: Buffer;
  counts: Record<DataRecordType, number>;
  summary: UniformStructureSummary;
}

const CRLF = Buffer.from('\r\n', 'latin1');
/** Field 1030: what compresses BKMVDATA.TXT (zipUniformStructure). */
const COMPRESSION_SOFTWARE = 'fflate';
/** D110 1263 when a line names no unit: the instructions' own word for one piece. */
const DEFAULT_UNIT = 'יחידה';

const ymd = (isoDate: string): string => isoDate.replace(/-/g, '');

/**
 * C100 1219-1223. Amounts are positive for a credit invoice too: its type (330), not its sign, says it reduces income
 * (section 2.4, clarification 1); only the discount, which reduces the document, is negative. The tip is outside VAT:
 * it is in the amounts before and after the discount and in the total, and not in the VAT (C100 has no exempt field; its
 * D110 line at rate 0 says what it is). A receipt (400) charges no VAT: its amounts are the money received.
 */
function headerAmounts(doc: ExportDocument): Record<number, number> {
  if (doc.type === 400)
    return { 1219: doc.totalAgorot, 1220: 0, 1221: doc.totalAgorot, 1222: 0, 1223: doc.totalAgorot };
  const afterDiscount = doc.beforeVatAgorot + doc.exemptAgorot;
  return {
    1219: afterDiscount + doc.discountAgorot,
    1220: -doc.discountAgorot,
    1221: afterDiscount,
    1222: doc.vatAgorot,
    1223: doc.totalAgorot,
  };
}

function cardName(payment: ExportPayment): string | null {
  if (PAYMENT_METHOD_CODES[payment.method] !== 3) return null;
  return payment.cardBrand ?? (payment.method === 'google_pay' ? 'Google Pay' : null);
}

export function buildUniformStructure(input: UniformStructureInput): UniformStructureFiles {
  validateInput(input);
  const dealer = input.business.dealerNumber;
  const produced = israelMoment(input.producedAt);
  const directory = `OPENFRMT/${dealer.slice(0, 8)}.${produced.yy}/${produced.mmddhhmm}`;

  const data: Buffer[] = [];
  const counts: Record<DataRecordType, number> = { A100: 0, C100: 0, D110: 0, D120: 0, Z900: 0 };
  // Every record's second field is its running number in the file, starting at 1 with A100.
  const add = (type: DataRecordType, values: Record<number, FieldValue>): void => {
    const recordNumberField = { A100: 1101, C100: 1201, D110: 1251, D120: 1301, Z900: 1151 }[type];
    data.push(writeRecord(type, { ...values, [recordNumberField]: data.length + 1 }));
    counts[type] += 1;
  };

  add('A100', { 1100: 'A100', 1102: dealer, 1103: input.primaryId, 1104: SYSTEM_CONSTANT });

  input.documents.forEach((doc, index) => {
    // The link (1234/1273/1323) ties a document's lines to its header: the document's place in the file.
    const link = index + 1;
    const issued = israelMoment(doc.issuedAt);
    const documentDate = ymd(issued.date);
    const common = { dealer, type: doc.type, number: doc.number };
    add('C100', {
      1200: 'C100',
      1202: common.dealer,
      1203: common.type,
      1204: common.number,
      1205: documentDate,
      1206: issued.time,
      1207: doc.customer.name,
      1214: doc.customer.phone,
      1215: doc.customer.dealerNumber,
      1216: documentDate,
      1217: 0,
      ...headerAmounts(doc),
      1224: 0,
      1225: doc.customer.dealerNumber,
      1230: documentDate,
      1233: doc.issuedBy === 'cardcom' ? CARDCOM_OPERATOR : null,
      1234: link,
    });
    if (DOCUMENT_TYPES_WITH_ITEM_LINES.has(doc.type)) {
      // A discount line is the document's discount (C100 1220), not an item, so it has no D110 of its own.
      doc.lines
        .filter((line) => line.kind !== 'discount')
        .forEach((line, lineIndex) =>
          add('D110', {
            1250: 'D110',
            1252: common.dealer,
            1253: common.type,
            1254: common.number,
            1255: lineIndex + 1,
            1256: doc.refersTo?.type ?? 0,
            1257: doc.refersTo?.number ?? null,
            1260: line.description,
            1263: DEFAULT_UNIT,
            1264: Math.round(line.quantity * 10_000),
            1265: line.unitPriceBeforeVatAgorot,
            1266: 0,
            1267: line.totalBeforeVatAgorot,
            1268: Math.round(line.vatRatePercent * 100),
            1272: documentDate,
            1273: link,
          }),
        );
    }
    if (DOCUMENT_TYPES_WITH_RECEIPT_LINES.has(doc.type)) {
      doc.payments.forEach((payment, paymentIndex) =>
        add('D120', {
          1300: 'D120',
          1302: common.dealer,
          1303: common.type,
          1304: common.number,
          1305: paymentIndex + 1,
          1306: PAYMENT_METHOD_CODES[payment.method],
          1311: ymd(payment.date),
          1312: payment.amountAgorot,
          1313: clearingCompanyCode(payment),
          1314: cardName(payment),
          1315: creditDealType(payment),
          1322: documentDate,
          1323: link,
        }),
      );
    }
  });

  // Z900 1155 counts every record of the file, itself included.
  const totalRecords = data.length + 1;
  add('Z900', { 1150: 'Z900', 1152: dealer, 1153: input.primaryId, 1154: SYSTEM_CONSTANT, 1155: totalRecords });

  const ini: Buffer[] = [
    writeRecord('A000', {
      1000: 'A000',
      1002: totalRecords,
      1003: dealer,
      1004: input.primaryId,
      1005: SYSTEM_CONSTANT,
      1006: input.software.registrationNumber,
      1007: input.software.name,
      1008: input.software.version,
      1009: input.software.vendorDealerNumber,
      1010: input.software.vendorName,
      1011: 2, // multi-year: the export covers a range of dates, not a tax year
      1012: directory,
      1013: 0, // no bookkeeping: the product issues documents and keeps no ledger (no B100/B110)
      1014: 0,
      1015: input.business.companyNumber ?? null,
      1016: 0,
      1018: input.business.name,
      1019: input.business.street,
      1021: input.business.city,
      1022: input.business.zip,
      1023: 0, // a tax year is given by single-year software only
      1024: ymd(input.range.from),
      1025: ymd(input.range.to),
      1026: ymd(produced.date),
      1027: produced.time,
      1028: 0, // Hebrew
      1029: 1, // ISO-8859-8-i: logical order
      1030: COMPRESSION_SOFTWARE,
      1032: 'ILS',
      1034: 0, // no branches
    }),
    // One summary line for each record type BKMVDATA.TXT holds.
    ...(Object.keys(DATA_RECORD_NAMES) as DataRecordType[])
      .filter((type) => counts[type] > 0)
      .map((type) => writeRecord('INI_SUMMARY', { 1050: type, 1051: counts[type] })),
  ];

  return {
    directory,
    iniTxt: Buffer.concat(ini.flatMap((record) => [record, CRLF])),
    bkmvdataTxt: Buffer.concat(data.flatMap((record) => [record, CRLF])),
    counts,
    summary: summarize({ input, directory, produced, counts, totalRecords }),
  };
}
