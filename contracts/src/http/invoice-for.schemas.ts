// A tax invoice in a business's name (issue 32): the diner's checkout may ask that the document name a company as its
// buyer. One schema serves the checkout (loaded only when the diner opens the option: the diner's first paint carries no
// schema library) and the server's create-payment body.
import { z } from 'zod';
import '../zod-he.js';
import { taxIdDigits } from '../israel/id-number.js';
import { withoutDirectionControls } from '../text.js';

export const INVOICE_FOR_LIMITS = { nameMin: 2, nameMax: 100 } as const;

/**
 * The messages of the buyer's fields. The diner's checkout shows the same words (its Hebrew strings are tested to be
 * these) and their translations, found by the key of the message an issue carries.
 */
export const invoiceForMessagesHe = {
  invoiceNameRequired: 'נא להזין את שם העסק כפי שיופיע בחשבונית',
  invoiceNameTooLong: `שם העסק ארוך מדי: עד ${INVOICE_FOR_LIMITS.nameMax} תווים`,
  invoiceTaxIdInvalid: 'מספר ח.פ. או עוסק מורשה אינו תקין: 9 ספרות, וספרת הביקורת (האחרונה) צריכה להתאים',
} as const;
export type InvoiceForMessageKey = keyof typeof invoiceForMessagesHe;

const m = invoiceForMessagesHe;

/**
 * `{ name, taxId }`: the business's name as the invoice prints it (without direction controls, as every name, then
 * trimmed: 2 to 100 characters) and its ח.פ. or עוסק מורשה number (nine digits passing the check digit; spaces and
 * dashes as typed are dropped, so the output is the nine digits). Nothing else is accepted in the object.
 */
export const invoiceForSchema = z
  .object({
    name: z
      .string({ message: m.invoiceNameRequired })
      .overwrite(withoutDirectionControls)
      .trim()
      .min(INVOICE_FOR_LIMITS.nameMin, m.invoiceNameRequired)
      .max(INVOICE_FOR_LIMITS.nameMax, m.invoiceNameTooLong),
    taxId: z
      .string({ message: m.invoiceTaxIdInvalid })
      // Refused before anything else is read of it: a few megabytes of digits need no check digit.
      .max(30, m.invoiceTaxIdInvalid)
      .refine((value) => taxIdDigits(value) !== null, m.invoiceTaxIdInvalid)
      .transform((value) => taxIdDigits(value) as string),
  })
  .strict();
export type InvoiceForInput = z.input<typeof invoiceForSchema>;
export type InvoiceFor = z.output<typeof invoiceForSchema>;

/** The key of an issue's message (the checkout shows its translation); undefined for a message not of this schema. */
export function invoiceForMessageKey(message: string): InvoiceForMessageKey | undefined {
  return (Object.keys(invoiceForMessagesHe) as InvoiceForMessageKey[]).find(
    (key) => invoiceForMessagesHe[key] === message,
  );
}
