// The platform's monthly commission tax invoice to each business (issue 17, decision 025): one stream
// `platform-invoice-{phone}-{YYYY-MM}` per business and Israel month. The invoice is issued once, after the month
// ended, for the month's 5% commission on what was kept (VAT included in it, shown apart); a refund afterwards lowers
// that commission and gets a credit document for the difference. Numbers come from the platform's own gapless
// sequences (one for invoices, one for credits). Money is integer agorot, times ISO 8601 instants.
import { z } from 'zod';
import { isMonthString, type MonthString } from './months.js';

const month = z.string().refine((value) => isMonthString(value), 'expected a YYYY-MM month');
const instant = z.iso.datetime({ offset: true });
const agorot = z.number().int().nonnegative();

/** The issuer as configured when the document was made (PLATFORM_NAME, PLATFORM_DEALER_NUMBER, PLATFORM_ADDRESS). */
export const platformIssuerSchema = z.object({
  name: z.string().min(1),
  dealerNumber: z.string().min(1),
  address: z.string().min(1),
});
export type PlatformIssuer = z.infer<typeof platformIssuerSchema>;

const documentFields = {
  businessPhone: z.string().min(1),
  /** The business's name when the document was made (the customer on the document). */
  businessName: z.string(),
  month,
  issuer: platformIssuerSchema,
  /** VAT included: `beforeVatAgorot` + `vatAgorot` = `totalAgorot`. */
  totalAgorot: agorot,
  beforeVatAgorot: agorot,
  vatAgorot: agorot,
  vatRatePercent: z.number().int().nonnegative(),
  issuedAt: instant,
};

export const platformInvoiceIssuedDataSchema = z.object({
  ...documentFields,
  invoiceNumber: z.number().int().positive(),
});

export const platformCreditIssuedDataSchema = z.object({
  ...documentFields,
  creditNumber: z.number().int().positive(),
  /** The invoice it credits. */
  invoiceNumber: z.number().int().positive(),
});

export const platformInvoiceEventDataSchemas = {
  PlatformInvoiceIssued: platformInvoiceIssuedDataSchema,
  PlatformCreditIssued: platformCreditIssuedDataSchema,
} as const;

export type PlatformInvoiceEventType = keyof typeof platformInvoiceEventDataSchemas;
export const platformInvoiceEventSchemaVersions: Readonly<Record<PlatformInvoiceEventType, number>> = {
  PlatformInvoiceIssued: 1,
  PlatformCreditIssued: 1,
};
export type PlatformInvoiceEventData = {
  [Type in PlatformInvoiceEventType]: z.infer<(typeof platformInvoiceEventDataSchemas)[Type]>;
};
export type PlatformInvoiceEvent = {
  [Type in PlatformInvoiceEventType]: { type: Type; data: PlatformInvoiceEventData[Type] };
}[PlatformInvoiceEventType];

export const platformInvoiceStreamId = (businessPhone: string, month: MonthString): string =>
  `platform-invoice-${businessPhone}-${month}`;

/** One printable document as the owner and the admin list it. */
export interface PlatformDocument {
  kind: 'invoice' | 'credit';
  number: number;
  total: string;
  beforeVat: string;
  vat: string;
  vatRatePercent: number;
  issuedAt: string;
  /** The printable page, path only (its token inside). */
  url: string;
}

/** `GET /api/platform-invoices/{YYYY-MM}` (the owner's own) and each business of the admin's list. */
export interface PlatformInvoiceSummary {
  businessId: string;
  businessName: string;
  month: string;
  /** The invoice, then its credits in order; empty before issue. */
  documents: PlatformDocument[];
}
