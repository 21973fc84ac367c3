import { agorotToDecimalString, israelDateOf, type MonthlyReport, type PaymentMethod } from '@tafrit/contracts';
import type { BookkeepingDocument } from './documents.js';

/** The ledger's columns, in order: the accountant's file and the workbook's first sheet. */
export const LEDGER_COLUMNS = [
  'סוג מסמך',
  'מספר',
  'תאריך',
  'לקוח',
  'ח.פ./ע.מ. לקוח',
  'סכום לפני מע"מ',
  'מע"מ',
  'סה"כ',
  'אמצעי תשלום',
  'טיפ',
  'הנחה',
  'מסמך מקור',
  'הופק על ידי',
] as const;

export const DOCUMENT_TYPE_NAMES: Readonly<Record<BookkeepingDocument['typeCode'], string>> = {
  320: 'חשבונית מס/קבלה',
  330: 'חשבונית מס זיכוי',
};

const METHOD_NAMES: Readonly<Record<PaymentMethod, string>> = {
  card: 'כרטיס אשראי',
  google_pay: 'Google Pay',
  bit: 'Bit',
};

/** A ledger row; amounts are agorot, a credit's negative (it takes back), so every column sums to the month. */
export interface LedgerRow {
  type: string;
  number: string;
  date: string;
  customer: string;
  customerTaxId: string;
  beforeVatAgorot: number;
  vatAgorot: number;
  totalAgorot: number;
  method: string;
  tipAgorot: number;
  discountAgorot: number;
  refersTo: string;
  issuedBy: string;
}

/** The name a document without a company buyer prints: a diner's receipt. */
export const PRIVATE_CUSTOMER = 'לקוח מזדמן';

/** A row's cells in `LEDGER_COLUMNS`' order, each amount written by `amount` (text for CSV, a number for Excel). */
export function ledgerCells<Amount>(row: LedgerRow, amount: (agorot: number) => Amount): (string | Amount)[] {
  return [
    row.type,
    row.number,
    row.date,
    row.customer,
    row.customerTaxId,
    amount(row.beforeVatAgorot),
    amount(row.vatAgorot),
    amount(row.totalAgorot),
    row.method,
    amount(row.tipAgorot),
    amount(row.discountAgorot),
    row.refersTo,
    row.issuedBy,
  ];
}

export function ledgerRows(documents: readonly BookkeepingDocument[]): LedgerRow[] {
  return documents.map((document) => {
    const sign = document.kind === 'credit' ? -1 : 1;
    return {
      type: DOCUMENT_TYPE_NAMES[document.typeCode],
      number: document.number,
      date: israelDateOf(document.issuedAt),
      customer: document.buyer?.name ?? PRIVATE_CUSTOMER,
      customerTaxId: document.buyer?.taxId ?? '',
      beforeVatAgorot: sign * document.beforeVatAgorot,
      vatAgorot: sign * document.vatAgorot,
      totalAgorot: sign * document.totalAgorot,
      method: document.kind === 'credit' ? '' : METHOD_NAMES[document.payment.method],
      tipAgorot: sign * document.tipAgorot,
      // A promo code's discount, VAT included, as the document prints it (issue 33).
      discountAgorot: sign * document.discountAgorot,
      refersTo: document.originalNumber ?? '',
      issuedBy: document.source === 'provider' ? 'Cardcom' : 'תפריט',
    };
  });
}

/** The month's output VAT (מע"מ עסקאות) per rate: the sales before VAT and their VAT, credits taken off. */
export interface OutputVat {
  ratePercent: number;
  salesBeforeVatAgorot: number;
  vatAgorot: number;
  /** The tips: outside the VAT base (decision 027), shown so the totals reconcile. */
  exemptAgorot: number;
}

export function outputVat(documents: readonly BookkeepingDocument[]): OutputVat[] {
  const byRate = new Map<number, OutputVat>();
  for (const document of documents) {
    const sign = document.kind === 'credit' ? -1 : 1;
    const row = byRate.get(document.vatRatePercent) ?? {
      ratePercent: document.vatRatePercent,
      salesBeforeVatAgorot: 0,
      vatAgorot: 0,
      exemptAgorot: 0,
    };
    row.salesBeforeVatAgorot += sign * document.beforeVatAgorot;
    row.vatAgorot += sign * document.vatAgorot;
    row.exemptAgorot += sign * document.tipAgorot;
    byRate.set(document.vatRatePercent, row);
  }
  return [...byRate.values()].sort((a, b) => b.ratePercent - a.ratePercent);
}

/** One line of the reconciliation: words and an amount in agorot (signed as it moves the report to the ledger). */
export interface ReconciliationLine {
  label: string;
  agorot: number;
}

export interface Reconciliation {
  lines: ReconciliationLine[];
  /** What no line explains: 0 when the ledger and the report agree to the agora. */
  unexplainedAgorot: number;
}

/**
 * The ledger against the owner's monthly report (issue 32). They differ by design: the report counts the orders paid
 * in the month and every refund of those orders whenever it was made; the ledger counts the documents issued in the
 * month, a credit in its own month. From the report's figure (paid less refunded), each difference is a line, and
 * the result is the ledger's (documents less credits); anything left is shown, never hidden.
 */
export function reconcile(report: MonthlyReport, documents: readonly BookkeepingDocument[]): Reconciliation {
  const toAgorot = (decimal: string) => Math.round(Number(decimal) * 100);
  const paidThisMonth = new Map(report.orders.map((order) => [order.id, toAgorot(order.totalAmount)]));
  const refundsThisMonth = new Map(
    report.orders.flatMap((order) =>
      order.refunds.map((refund) => [refund.refundId, toAgorot(refund.amount)] as const),
    ),
  );
  const invoices = documents.filter((document) => document.kind === 'invoice');
  const credits = documents.filter((document) => document.kind === 'credit');
  const invoiced = new Set(invoices.map((invoice) => invoice.orderId));
  const credited = new Set(credits.flatMap((credit) => (credit.refundId ? [credit.refundId] : [])));
  const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

  const reportPaid = toAgorot(report.summary.totalAmount);
  const reportRefunds = toAgorot(report.summary.totalRefunds);
  const ledgerNet =
    sum(invoices.map((invoice) => invoice.totalAgorot)) - sum(credits.map((credit) => credit.totalAgorot));
  const lines: ReconciliationLine[] = [
    { label: 'הדוח החודשי: הזמנות ששולמו בחודש', agorot: reportPaid },
    { label: 'הדוח החודשי: החזרים על הזמנות החודש', agorot: -reportRefunds },
    {
      label: 'חשבוניות החודש על הזמנות ששולמו בחודש אחר',
      agorot: sum(invoices.filter((invoice) => !paidThisMonth.has(invoice.orderId)).map((i) => i.totalAgorot)),
    },
    {
      label: 'הזמנות החודש שחשבוניתן לא הופקה בחודש',
      agorot: -sum([...paidThisMonth].filter(([orderId]) => !invoiced.has(orderId)).map(([, total]) => total)),
    },
    {
      label: 'זיכויים בחודש על הזמנות של חודשים אחרים',
      agorot: -sum(
        credits
          .filter((credit) => !credit.refundId || !refundsThisMonth.has(credit.refundId))
          .map((c) => c.totalAgorot),
      ),
    },
    {
      label: 'החזרים על הזמנות החודש שהזיכוי שלהם לא בחודש (בחודש מאוחר יותר או לא הופק)',
      agorot: sum([...refundsThisMonth].filter(([refundId]) => !credited.has(refundId)).map(([, amount]) => amount)),
    },
  ];
  const explained = sum(lines.map((line) => line.agorot));
  return {
    lines: [...lines, { label: 'לפי פנקס המסמכים: מסמכים פחות זיכויים', agorot: ledgerNet }],
    unexplainedAgorot: ledgerNet - explained,
  };
}

/** An amount as the files write it: '12.50', '-3.00'. */
export function decimal(agorot: number): string {
  return agorot < 0 ? `-${agorotToDecimalString(-agorot)}` : agorotToDecimalString(agorot);
}
