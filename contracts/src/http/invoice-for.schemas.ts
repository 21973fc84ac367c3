// The buyer of a tax invoice in a business's name (issue 32) as create-payment's body carries it. The rules are
// invoice-for.ts's, the same code the diner's checkout runs before sending (its pages load no schema library).
import { z } from 'zod';
import '../zod-he.js';
import { checkInvoiceFor, invoiceForMessagesHe, type InvoiceFor } from '../invoice-for.js';

/**
 * `{ name, taxId }` checked by `checkInvoiceFor`: the name without direction controls and trimmed (2 to 100
 * characters), the number as its nine digits (spaces and dashes as typed dropped). Each wrong field gets its Hebrew
 * message on its own path; nothing else is accepted in the object.
 */
export const invoiceForSchema = z
  .object({
    name: z.string({ message: invoiceForMessagesHe.invoiceNameRequired }),
    taxId: z.string({ message: invoiceForMessagesHe.invoiceTaxIdInvalid }),
  })
  .strict()
  .transform((input, context): InvoiceFor => {
    const checked = checkInvoiceFor(input);
    if (checked.ok) return checked.value;
    for (const [field, key] of Object.entries(checked.problems)) {
      context.addIssue({ code: 'custom', path: [field], message: invoiceForMessagesHe[key] });
    }
    return z.NEVER;
  });
export type InvoiceForInput = z.input<typeof invoiceForSchema>;
