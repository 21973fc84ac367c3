import { DOCUMENT_TYPES_WITH_ITEM_LINES, DOCUMENT_TYPES_WITH_RECEIPT_LINES } from './codes.js';
import { UniformStructureInputError, type ExportDocument, type UniformStructureInput } from './export-input.js';
import { israelMoment } from './israel-time.js';

/**
 * Checks the caller's input before a byte is written. The Tax Authority's checks add the header's amounts to each
 * other and to the lines, so a document whose numbers do not add up to the agora is refused here, with its place in
 * the input, instead of producing a file that fails there.
 */
const fail = (code: UniformStructureInputError['code'], path: string, message: string): never => {
  throw new UniformStructureInputError(code, path, message);
};

const isCalendarDate = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

function checkIdentifiers(input: UniformStructureInput): void {
  const { business, software } = input;
  if (!/^\d{9}$/.test(business.dealerNumber))
    fail('uniform_structure.identifier', 'business.dealerNumber', 'must be 9 digits');
  if (business.companyNumber && !/^\d{1,9}$/.test(business.companyNumber)) {
    fail('uniform_structure.identifier', 'business.companyNumber', 'must be up to 9 digits');
  }
  if (!/^\d{8}$/.test(software.registrationNumber)) {
    fail('uniform_structure.identifier', 'software.registrationNumber', 'must be 8 digits');
  }
  if (!/^\d{1,9}$/.test(software.vendorDealerNumber)) {
    fail('uniform_structure.identifier', 'software.vendorDealerNumber', 'must be up to 9 digits');
  }
  // Section 2.4 / clarification 2: a unique number per run, so all zeros is not one.
  if (!/^\d{15}$/.test(input.primaryId) || /^0+$/.test(input.primaryId)) {
    fail('uniform_structure.identifier', 'primaryId', 'must be 15 digits, not all zeros');
  }
  if (Number.isNaN(input.producedAt.getTime())) fail('uniform_structure.range', 'producedAt', 'is not a date');
  const { from, to } = input.range;
  if (!isCalendarDate(from) || !isCalendarDate(to) || from > to) {
    fail('uniform_structure.range', 'range', `${from}..${to} is not a range of YYYY-MM-DD dates`);
  }
}

function checkAmounts(doc: ExportDocument, path: string): void {
  const amounts = {
    discountAgorot: doc.discountAgorot,
    beforeVatAgorot: doc.beforeVatAgorot,
    vatAgorot: doc.vatAgorot,
    exemptAgorot: doc.exemptAgorot,
    totalAgorot: doc.totalAgorot,
  };
  for (const [name, value] of Object.entries(amounts)) {
    if (!Number.isSafeInteger(value) || value < 0)
      fail('uniform_structure.amounts', `${path}.${name}`, 'must be whole agorot >= 0');
  }
  if (doc.beforeVatAgorot + doc.vatAgorot + doc.exemptAgorot !== doc.totalAgorot) {
    fail('uniform_structure.amounts', path, 'beforeVat + vat + exempt is not the total');
  }
  const moneys = [
    ...doc.lines.flatMap((line) => [line.unitPriceBeforeVatAgorot, line.totalBeforeVatAgorot]),
    ...doc.payments.map((payment) => payment.amountAgorot),
  ];
  if (moneys.some((value) => !Number.isSafeInteger(value)))
    fail('uniform_structure.amounts', path, 'a line or payment is not in whole agorot');
}

/** The lines of a document with item lines must add up to its header (C100 1219 = the sum of D110 1267). */
function checkLines(doc: ExportDocument, path: string): void {
  if (!DOCUMENT_TYPES_WITH_ITEM_LINES.has(doc.type) || doc.lines.length === 0) return;
  const total = (kind: string) =>
    sum(doc.lines.filter((line) => line.kind === kind).map((line) => line.totalBeforeVatAgorot));
  const discountLines = doc.lines.filter((line) => line.kind === 'discount');
  if (total('sale') !== doc.beforeVatAgorot + doc.discountAgorot) {
    fail('uniform_structure.lines_do_not_add_up', `${path}.lines`, 'the sale lines are not beforeVat + discount');
  }
  if (total('tip') !== doc.exemptAgorot) {
    fail('uniform_structure.lines_do_not_add_up', `${path}.lines`, 'the tip lines are not the exempt amount');
  }
  // A discount line stands for the document's discount (C100 1220), whichever sign the caller gave it.
  if (
    discountLines.length > 0 &&
    sum(discountLines.map((line) => Math.abs(line.totalBeforeVatAgorot))) !== doc.discountAgorot
  ) {
    fail('uniform_structure.lines_do_not_add_up', `${path}.lines`, 'the discount lines are not the discount');
  }
  doc.lines.forEach((line, index) => {
    if (
      line.kind !== 'discount' &&
      (line.totalBeforeVatAgorot < 0 || line.unitPriceBeforeVatAgorot < 0 || !(line.quantity > 0))
    ) {
      fail('uniform_structure.amounts', `${path}.lines[${index}]`, 'a sale or tip line is positive');
    }
    if (line.kind === 'tip' && line.vatRatePercent !== 0) {
      fail('uniform_structure.amounts', `${path}.lines[${index}]`, 'a tip is outside VAT (0%)');
    }
  });
}

function checkPayments(doc: ExportDocument, path: string): void {
  if (!DOCUMENT_TYPES_WITH_RECEIPT_LINES.has(doc.type) || doc.payments.length === 0) return;
  doc.payments.forEach((payment, index) => {
    if (payment.amountAgorot < 0) fail('uniform_structure.amounts', `${path}.payments[${index}]`, 'must be >= 0');
    if (!isCalendarDate(payment.date))
      fail('uniform_structure.amounts', `${path}.payments[${index}].date`, 'must be YYYY-MM-DD');
  });
  if (sum(doc.payments.map((payment) => payment.amountAgorot)) !== doc.totalAgorot) {
    fail('uniform_structure.payments_do_not_add_up', `${path}.payments`, 'the payments are not the total');
  }
}

export function validateInput(input: UniformStructureInput): void {
  checkIdentifiers(input);
  input.documents.forEach((doc, index) => {
    const path = `documents[${index}]`;
    if (doc.number.trim() === '') fail('uniform_structure.identifier', `${path}.number`, 'is empty');
    if (Number.isNaN(new Date(doc.issuedAt).getTime()))
      fail('uniform_structure.range', `${path}.issuedAt`, 'is not an instant');
    const issued = israelMoment(doc.issuedAt).date;
    if (issued < input.range.from || issued > input.range.to) {
      fail('uniform_structure.document_outside_range', `${path}.issuedAt`, `${issued} (Israel) is outside the range`);
    }
    if (doc.customer.dealerNumber && !/^\d{1,9}$/.test(doc.customer.dealerNumber)) {
      fail('uniform_structure.identifier', `${path}.customer.dealerNumber`, 'must be up to 9 digits');
    }
    checkAmounts(doc, path);
    checkLines(doc, path);
    checkPayments(doc, path);
  });
}
