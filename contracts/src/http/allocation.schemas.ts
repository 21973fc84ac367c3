// The owner's side of allocation numbers (issue 32, decision 049): the documents waiting for one, and what the owner
// does about one: types a number obtained in the Tax Authority's personal area, or chooses after a refusal.
import { z } from 'zod';
import '../zod-he.js';
import { allocationRefusalOptions } from '../order-events.js';

/**
 * `POST /api/orders/{orderId}/allocation`. `manual`: the number as typed (the server keeps its nine digits, dropping
 * spaces and dashes between groups, or answers `invoice.allocation_number_invalid`); `issue_without_number` and
 * `cancel`: the two options the law leaves after a refusal (`cancel` also refunds the whole order).
 */
export const allocationChoiceSchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('manual'), allocationNumber: z.string().max(40) }).strict(),
  z.object({ choice: z.enum(allocationRefusalOptions) }).strict(),
]);
export type AllocationChoice = z.infer<typeof allocationChoiceSchema>;

/** One document of ours waiting for its allocation number, or refused one. Money as decimal shekel strings. */
export const awaitingDocumentSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  invoiceNumber: z.string(),
  status: z.enum(['awaiting_allocation', 'allocation_refused']),
  buyer: z.object({ name: z.string(), taxId: z.string() }),
  beforeVat: z.string(),
  total: z.string(),
  /** When it was paid (the document's date) and when it is issued without a number if nothing comes. */
  awaitingSince: z.string(),
  issueWithoutBy: z.string(),
  refusal: z.object({ code: z.string(), reason: z.string(), refusedAt: z.string() }).nullable(),
});
export type AwaitingDocument = z.infer<typeof awaitingDocumentSchema>;

/** `GET /api/orders/allocations`: the business's documents waiting, oldest first. */
export const awaitingDocumentsAnswerSchema = z.object({ documents: z.array(awaitingDocumentSchema) });
export type AwaitingDocumentsAnswer = z.infer<typeof awaitingDocumentsAnswerSchema>;

/** One of the platform's commission invoices waiting for its allocation number, for the administrator. */
export const platformAwaitingInvoiceSchema = z.object({
  businessPhone: z.string(),
  businessName: z.string(),
  month: z.string(),
  invoiceNumber: z.number().int(),
  beforeVat: z.string(),
  total: z.string(),
  decidedAt: z.string(),
  issueWithoutBy: z.string(),
  refusal: z.object({ code: z.string(), reason: z.string(), refusedAt: z.string() }).nullable(),
});
export type PlatformAwaitingInvoice = z.infer<typeof platformAwaitingInvoiceSchema>;

/** `GET /api/admin/platform-allocations`: oldest first. */
export const platformAwaitingInvoicesAnswerSchema = z.object({ invoices: z.array(platformAwaitingInvoiceSchema) });
export type PlatformAwaitingInvoicesAnswer = z.infer<typeof platformAwaitingInvoicesAnswerSchema>;
