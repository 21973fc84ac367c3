import type { ExportDocument, UniformStructureInput } from '../../src/modules/bookkeeping/uniform-structure/index.js';

/**
 * A café's November 2026: three tax invoice-receipts (one with a tip, one paid with Bit after a discount, one to a
 * company), a credit invoice against the company's invoice, and one invoice-receipt Cardcom issued on the business's
 * own terminal. Amounts in agorot at 18% VAT.
 */
export const BUSINESS_DEALER = '512345679';

const sale = (description: string, quantity: number, unit: number) => ({
  description,
  quantity,
  unitPriceBeforeVatAgorot: unit,
  totalBeforeVatAgorot: quantity * unit,
  vatRatePercent: 18,
  kind: 'sale' as const,
});

const noCustomer = { name: null, dealerNumber: null, phone: null };

export const withTip: ExportDocument = {
  type: 320,
  number: '1001',
  // 00:30 on 1 November in Israel (UTC+2): an Israel date, not the UTC one.
  issuedAt: '2026-10-31T22:30:00.000Z',
  issuedBy: 'product',
  customer: noCustomer,
  discountAgorot: 0,
  beforeVatAgorot: 2542,
  vatAgorot: 458,
  exemptAgorot: 500,
  totalAgorot: 3500,
  vatRatePercent: 18,
  lines: [
    sale('קפה הפוך', 2, 1271),
    {
      description: 'טיפ',
      quantity: 1,
      unitPriceBeforeVatAgorot: 500,
      totalBeforeVatAgorot: 500,
      vatRatePercent: 0,
      kind: 'tip',
    },
  ],
  payments: [{ method: 'card', amountAgorot: 3500, date: '2026-11-01', cardBrand: 'Visa', last4: '4242' }],
  refersTo: null,
};

export const paidWithBit: ExportDocument = {
  type: 320,
  number: '1002',
  issuedAt: '2026-11-10T08:05:00.000Z',
  issuedBy: 'product',
  customer: { name: 'דנה', dealerNumber: null, phone: '+972547654321' },
  discountAgorot: 200,
  beforeVatAgorot: 1800,
  vatAgorot: 324,
  exemptAgorot: 0,
  totalAgorot: 2124,
  vatRatePercent: 18,
  lines: [
    sale('מאפה שמרים', 1, 2000),
    {
      description: 'הנחת קופון',
      quantity: 1,
      unitPriceBeforeVatAgorot: -200,
      totalBeforeVatAgorot: -200,
      vatRatePercent: 18,
      kind: 'discount',
    },
  ],
  payments: [{ method: 'bit', amountAgorot: 2124, date: '2026-11-10', cardBrand: null, last4: null }],
  refersTo: null,
};

export const toCompany: ExportDocument = {
  type: 320,
  number: '1003',
  issuedAt: '2026-11-15T10:00:00.000Z',
  issuedBy: 'product',
  // The gershayim (U+05F4) is outside the character set: it is written as a plain double quote.
  customer: { name: 'חברת הדוגמה בע״מ', dealerNumber: '514713288', phone: '035551234' },
  discountAgorot: 0,
  beforeVatAgorot: 15000,
  vatAgorot: 2700,
  exemptAgorot: 0,
  totalAgorot: 17700,
  vatRatePercent: 18,
  lines: [sale('ארוחת צהריים עסקית', 3, 5000)],
  payments: [{ method: 'google_pay', amountAgorot: 17700, date: '2026-11-15', cardBrand: 'Mastercard', last4: '1234' }],
  refersTo: null,
};

export const creditToCompany: ExportDocument = {
  type: 330,
  number: '5001',
  issuedAt: '2026-11-16T09:00:00.000Z',
  issuedBy: 'product',
  customer: toCompany.customer,
  discountAgorot: 0,
  beforeVatAgorot: 5000,
  vatAgorot: 900,
  exemptAgorot: 0,
  totalAgorot: 5900,
  vatRatePercent: 18,
  lines: [sale('ארוחת צהריים עסקית', 1, 5000)],
  // The refund is money paid out, not received: a credit invoice has no receipt lines (D120).
  payments: [{ method: 'google_pay', amountAgorot: 5900, date: '2026-11-16', cardBrand: 'Mastercard', last4: '1234' }],
  refersTo: { type: 320, number: '1003' },
};

export const issuedByCardcom: ExportDocument = {
  type: 320,
  number: '200345',
  issuedAt: '2026-11-20T17:45:00.000Z',
  issuedBy: 'cardcom',
  customer: { name: 'ישראל ישראלי', dealerNumber: null, phone: null },
  discountAgorot: 0,
  beforeVatAgorot: 4237,
  vatAgorot: 763,
  exemptAgorot: 0,
  totalAgorot: 5000,
  vatRatePercent: 18,
  lines: [sale('שקשוקה', 1, 4237)],
  payments: [{ method: 'card', amountAgorot: 5000, date: '2026-11-20', cardBrand: 'Isracard', last4: '0001' }],
  refersTo: null,
};

export function novemberInput(
  documents: ExportDocument[] = [withTip, paidWithBit, toCompany, creditToCompany, issuedByCardcom],
): UniformStructureInput {
  return {
    business: {
      dealerNumber: BUSINESS_DEALER,
      name: 'קפה הגפן',
      street: 'הגפן 12',
      city: 'חיפה',
      zip: '3303112',
      phone: '048881234',
    },
    software: {
      name: 'Tafrit',
      version: '1.4.0',
      vendorDealerNumber: '300000007',
      vendorName: 'Tafrit Ltd',
      registrationNumber: '00000000',
    },
    range: { from: '2026-11-01', to: '2026-11-30' },
    // 14:30 on 29 November in Israel.
    producedAt: new Date('2026-11-29T12:30:00.000Z'),
    primaryId: '482910375561204',
    documents,
  };
}
