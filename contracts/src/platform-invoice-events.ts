// The platform's monthly commission tax invoice to each business (issue 17, decision 025): one stream
// `platform-invoice-{phone}-{YYYY-MM}` per business and Israel month. The invoice is issued once, after the month
// ended, for the month's 5% commission on what was kept (VAT included in it, shown apart); a refund afterwards lowers
// that commission and gets a credit document for the difference. Numbers come from the platform's own gapless
// sequences (one for invoices, one for credits). Money is integer agorot, times ISO 8601 instants.
import { z } from 'zod';
import { allocationRefusalOptions, allocationSchema, withoutAllocationSchema } from './invoice-events.js';
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
  /** The allocation number it carries (issue 32, decision 049; added 2026-12-06). Absent: none was needed. */
  allocation: allocationSchema.optional(),
  /** It needed one and went out without it (decision 049): the café is told on the document. */
  withoutAllocation: withoutAllocationSchema.optional(),
});

/**
 * The month's invoice needs an allocation number (decision 049: above the threshold on its date; the café is a
 * VAT-registered business that deducts it): decided and numbered now, issued as it is when the number comes, when
 * the administrator types one or chooses after a refusal, or without one once `issueWithoutBy` has passed.
 */
export const platformInvoiceAwaitingAllocationDataSchema = z.object({
  ...documentFields,
  invoiceNumber: z.number().int().positive(),
  /** The café's dealer number, as the Authority is asked about it. */
  buyerTaxId: z.string().regex(/^\d{9}$/),
  issueWithoutBy: instant,
});

/** The Authority refused the platform invoice's number: the administrator chooses next. */
export const platformAllocationRefusedDataSchema = z.object({
  businessPhone: z.string().min(1),
  month,
  code: z.string(),
  reason: z.string(),
  options: z.array(z.enum(allocationRefusalOptions)),
  refusedAt: instant,
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
  PlatformInvoiceAwaitingAllocation: platformInvoiceAwaitingAllocationDataSchema,
  PlatformAllocationRefused: platformAllocationRefusedDataSchema,
} as const;

export type PlatformInvoiceEventType = keyof typeof platformInvoiceEventDataSchemas;
export const platformInvoiceEventSchemaVersions: Readonly<Record<PlatformInvoiceEventType, number>> = {
  PlatformInvoiceIssued: 1,
  PlatformCreditIssued: 1,
  PlatformInvoiceAwaitingAllocation: 1,
  PlatformAllocationRefused: 1,
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
