import type { ExportDocumentType, ExportPayment, ExportPaymentMethod } from './export-input.js';

/** The codes the files use and how the product's vocabulary maps onto them (decision 044 gives the reasons). */

/** System constant of version 1.31 (A000 1005, A100 1104, Z900 1154). */
export const SYSTEM_CONSTANT = '&OF1.31&';

/** Appendix 1, the document types the product issues, with the names the printed report uses. */
export const DOCUMENT_TYPE_NAMES: Readonly<Record<ExportDocumentType, string>> = {
  305: 'חשבונית מס',
  320: 'חשבונית מס / קבלה',
  330: 'חשבונית מס זיכוי',
  400: 'קבלה',
};

/** The records of BKMVDATA.TXT this writer produces, in file order, with the report's names for them. */
export const DATA_RECORD_NAMES = {
  A100: 'רשומת פתיחה',
  C100: 'כותרת מסמך',
  D110: 'פרטי מסמך',
  D120: 'פרטי קבלות',
  Z900: 'רשומת סגירה',
} as const;
export type DataRecordType = keyof typeof DATA_RECORD_NAMES;

/** Document types whose money received is written as D120 lines: a receipt and a tax invoice-receipt. */
export const DOCUMENT_TYPES_WITH_RECEIPT_LINES: ReadonlySet<ExportDocumentType> = new Set([320, 400]);

/** Document types whose goods and services are written as D110 lines (a receipt has none). */
export const DOCUMENT_TYPES_WITH_ITEM_LINES: ReadonlySet<ExportDocumentType> = new Set([305, 320, 330]);

/**
 * Field 1306, the payment method: 1 cash, 2 cheque, 3 credit card, 4 bank transfer, 5 shopping vouchers,
 * 6 exchange slip, 7 promissory note, 8 standing order, 9 other. Google Pay charges a card through the card
 * networks, so it is a card (3). Bit reaches the business through the payment provider, not as a transfer from the
 * payer's account to the business's, so it is other (9), not a bank transfer (4).
 */
export const PAYMENT_METHOD_CODES: Readonly<Record<ExportPaymentMethod, number>> = {
  cash: 1,
  card: 3,
  google_pay: 3,
  bit: 9,
  other: 9,
};

/**
 * Field 1313, the clearing company: 1 Isracard, 2 Cal, 3 Diners, 4 American Express, 6 Leumi Card (now Max). The
 * product records the card's brand, not who cleared it; only a brand that is itself one of these companies gives a
 * code, and a Visa or Mastercard (cleared by any of them) is left 0 rather than guessed.
 */
const CLEARING_COMPANY_BY_BRAND: Readonly<Record<string, number>> = {
  isracard: 1,
  diners: 3,
  amex: 4,
  americanexpress: 4,
};

export function clearingCompanyCode(payment: ExportPayment): number {
  if (PAYMENT_METHOD_CODES[payment.method] !== 3 || !payment.cardBrand) return 0;
  return CLEARING_COMPANY_BY_BRAND[payment.cardBrand.toLowerCase().replace(/[^a-z]/g, '')] ?? 0;
}

/** Field 1315, the credit deal type: 1 regular (the product takes no instalments), only for a card. */
export function creditDealType(payment: ExportPayment): number {
  return PAYMENT_METHOD_CODES[payment.method] === 3 ? 1 : 0;
}

/** The mark in C100 1233 (מבצע הפעולה, who performed the action) of a document Cardcom issued. */
export const CARDCOM_OPERATOR = 'CARDCOM';
