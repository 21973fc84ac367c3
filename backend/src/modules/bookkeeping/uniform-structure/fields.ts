/**
 * The record layouts of the uniform structure (הוראות להפקת קבצים במבנה אחיד, version 1.31), one table per record type,
 * in the specification's field order. Only lengths are typed here: start positions are derived by `layoutOf`, so a
 * field cannot be given a position that disagrees with its neighbours, and a test checks that each table adds up to
 * the record length of section 2.5. Cancelled fields (שדה מבוטל: 1031, 1033, 1227, 1229, 1232, 1269, 1271,
 * 1316-1319, 1321) have no width and are left out. Sources and their disagreements: decision 044.
 *
 * Kinds, as section 2.4 describes them:
 * - 'X'      alphanumeric, left-aligned, space-padded (X(n)); Hebrew in logical order.
 * - '9'      numeric, right-aligned, zero-padded (9(n)); `decimals` > 0 means implied decimals (9(2)v99).
 * - 'amount' signed amount: a '+' or '-' first, then the digits with `decimals` implied decimals (X9(12)v99).
 * - 'date'   YYYYMMDD.   - 'time'   HHMM.
 */
export type FieldKind = 'X' | '9' | 'amount' | 'date' | 'time';

export interface FieldSpec {
  no: number;
  name: string;
  kind: FieldKind;
  length: number;
  /** Implied decimals of a '9' or 'amount' field. */
  decimals?: number;
}

export type RecordType = 'A000' | 'INI_SUMMARY' | 'A100' | 'C100' | 'D110' | 'D120' | 'Z900';

/** Section 2.5: the length of every record, without its CR LF. */
export const RECORD_LENGTHS: Readonly<Record<RecordType, number>> = {
  A000: 466,
  INI_SUMMARY: 19,
  A100: 95,
  C100: 444,
  D110: 339,
  D120: 222,
  Z900: 110,
};

const x = (no: number, name: string, length: number): FieldSpec => ({ no, name, kind: 'X', length });
const n = (no: number, name: string, length: number, decimals = 0): FieldSpec => ({
  no,
  name,
  kind: '9',
  length,
  decimals,
});
const amount = (no: number, name: string, length: number, decimals = 2): FieldSpec => ({
  no,
  name,
  kind: 'amount',
  length,
  decimals,
});
const date = (no: number, name: string): FieldSpec => ({ no, name, kind: 'date', length: 8 });
const time = (no: number, name: string): FieldSpec => ({ no, name, kind: 'time', length: 4 });

export const RECORD_FIELDS: Readonly<Record<RecordType, readonly FieldSpec[]>> = {
  // INI.TXT, the opening record (רשומת פתיחה).
  A000: [
    x(1000, 'recordCode', 4),
    x(1001, 'reserved', 5),
    n(1002, 'bkmvdataRecordCount', 15),
    n(1003, 'dealerNumber', 9),
    n(1004, 'primaryId', 15),
    x(1005, 'systemConstant', 8),
    n(1006, 'softwareRegistrationNumber', 8),
    x(1007, 'softwareName', 20),
    x(1008, 'softwareVersion', 20),
    n(1009, 'vendorDealerNumber', 9),
    x(1010, 'vendorName', 20),
    n(1011, 'softwareType', 1),
    x(1012, 'savedPath', 50),
    n(1013, 'accountingType', 1),
    n(1014, 'balanceRequired', 1),
    n(1015, 'companyNumber', 9),
    n(1016, 'withholdingFileNumber', 9),
    x(1017, 'reserved', 10),
    x(1018, 'businessName', 50),
    x(1019, 'businessStreet', 50),
    x(1020, 'businessHouseNumber', 10),
    x(1021, 'businessCity', 30),
    x(1022, 'businessZip', 8),
    n(1023, 'taxYear', 4),
    date(1024, 'rangeFrom'),
    date(1025, 'rangeTo'),
    date(1026, 'producedDate'),
    time(1027, 'producedTime'),
    n(1028, 'languageCode', 1),
    n(1029, 'characterSet', 1),
    x(1030, 'compressionSoftware', 20),
    x(1032, 'leadingCurrency', 3),
    n(1034, 'hasBranches', 1),
    x(1035, 'reserved', 46),
  ],
  // INI.TXT, one summary line per record type of BKMVDATA.TXT.
  INI_SUMMARY: [x(1050, 'recordType', 4), n(1051, 'recordCount', 15)],
  A100: [
    x(1100, 'recordCode', 4),
    n(1101, 'recordNumber', 9),
    n(1102, 'dealerNumber', 9),
    n(1103, 'primaryId', 15),
    x(1104, 'systemConstant', 8),
    x(1105, 'reserved', 50),
  ],
  // Document header (כותרת מסמך).
  C100: [
    x(1200, 'recordCode', 4),
    n(1201, 'recordNumber', 9),
    n(1202, 'dealerNumber', 9),
    n(1203, 'documentType', 3),
    x(1204, 'documentNumber', 20),
    date(1205, 'producedDate'),
    time(1206, 'producedTime'),
    x(1207, 'customerName', 50),
    x(1208, 'customerStreet', 50),
    x(1209, 'customerHouseNumber', 10),
    x(1210, 'customerCity', 30),
    x(1211, 'customerZip', 8),
    x(1212, 'customerCountry', 30),
    x(1213, 'customerCountryCode', 2),
    x(1214, 'customerPhone', 15),
    n(1215, 'customerDealerNumber', 9),
    date(1216, 'valueDate'),
    amount(1217, 'foreignCurrencyTotal', 15),
    x(1218, 'foreignCurrencyCode', 3),
    amount(1219, 'beforeDiscount', 15),
    amount(1220, 'documentDiscount', 15),
    amount(1221, 'afterDiscountBeforeVat', 15),
    amount(1222, 'vat', 15),
    amount(1223, 'totalWithVat', 15),
    amount(1224, 'withholdingTax', 12),
    x(1225, 'customerKey', 15),
    x(1226, 'matchingField', 10),
    x(1228, 'cancelled', 1),
    date(1230, 'documentDate'),
    x(1231, 'branch', 7),
    x(1233, 'operator', 9),
    n(1234, 'link', 7),
    x(1235, 'reserved', 13),
  ],
  // Document line (פרטי מסמך).
  D110: [
    x(1250, 'recordCode', 4),
    n(1251, 'recordNumber', 9),
    n(1252, 'dealerNumber', 9),
    n(1253, 'documentType', 3),
    x(1254, 'documentNumber', 20),
    n(1255, 'lineNumber', 4),
    n(1256, 'baseDocumentType', 3),
    x(1257, 'baseDocumentNumber', 20),
    n(1258, 'transactionType', 1),
    x(1259, 'internalSku', 20),
    x(1260, 'description', 30),
    x(1261, 'manufacturerName', 50),
    x(1262, 'serialNumber', 30),
    x(1263, 'unit', 20),
    amount(1264, 'quantity', 17, 4),
    amount(1265, 'unitPriceBeforeVat', 15),
    amount(1266, 'lineDiscount', 15),
    amount(1267, 'lineTotal', 15),
    n(1268, 'vatRate', 4, 2),
    x(1270, 'branch', 7),
    date(1272, 'documentDate'),
    n(1273, 'link', 7),
    x(1274, 'baseDocumentBranch', 7),
    x(1275, 'reserved', 21),
  ],
  // Receipt line (פרטי קבלות): how the money came in.
  D120: [
    x(1300, 'recordCode', 4),
    n(1301, 'recordNumber', 9),
    n(1302, 'dealerNumber', 9),
    n(1303, 'documentType', 3),
    x(1304, 'documentNumber', 20),
    n(1305, 'lineNumber', 4),
    n(1306, 'paymentMethod', 1),
    n(1307, 'bankNumber', 10),
    n(1308, 'bankBranch', 10),
    n(1309, 'bankAccount', 15),
    n(1310, 'chequeNumber', 10),
    date(1311, 'dueDate'),
    amount(1312, 'lineAmount', 15),
    n(1313, 'clearingCompany', 1),
    x(1314, 'cardName', 20),
    n(1315, 'creditDealType', 1),
    x(1320, 'branch', 7),
    date(1322, 'documentDate'),
    n(1323, 'link', 7),
    x(1324, 'reserved', 60),
  ],
  // Closing record (רשומת סגירה).
  Z900: [
    x(1150, 'recordCode', 4),
    n(1151, 'recordNumber', 9),
    n(1152, 'dealerNumber', 9),
    n(1153, 'primaryId', 15),
    x(1154, 'systemConstant', 8),
    n(1155, 'bkmvdataRecordCount', 15),
    x(1156, 'reserved', 50),
  ],
};

export interface PlacedField extends FieldSpec {
  /** 1-based, as the specification prints it. */
  start: number;
}

/** The table of `type` with each field's start position, counted from the lengths. */
export function layoutOf(type: RecordType): PlacedField[] {
  let start = 1;
  return RECORD_FIELDS[type].map((field) => {
    const placed = { ...field, start };
    start += field.length;
    return placed;
  });
}
