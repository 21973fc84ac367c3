// A tax invoice in a business's name (issue 32): the rules of the buyer's fields, without a schema library, so the
// diner's checkout checks them with this very code (its pages load no zod) and the server's schema
// (http/invoice-for.schemas.ts) is built on it. One implementation, one set of messages.
import { taxIdDigits } from './israel/id-number.js';
import { codePointLength, withoutDirectionControls } from './text.js';

export const INVOICE_FOR_LIMITS = { nameMin: 2, nameMax: 100, taxIdMax: 30 } as const;

/** The buyer a tax invoice names: the business's name and its ח.פ. or עוסק מורשה number (nine digits). */
export interface InvoiceFor {
  name: string;
  taxId: string;
}

/**
 * The messages of the buyer's fields. The diner's checkout shows the same words (its Hebrew strings are tested to be
 * these) and their translations, found by these keys.
 */
export const invoiceForMessagesHe = {
  invoiceNameRequired: 'נא להזין את שם העסק כפי שיופיע בחשבונית',
  invoiceNameTooLong: `שם העסק ארוך מדי: עד ${INVOICE_FOR_LIMITS.nameMax} תווים`,
  invoiceTaxIdInvalid: 'מספר ח.פ. או עוסק מורשה אינו תקין: 9 ספרות, וספרת הביקורת (האחרונה) צריכה להתאים',
} as const;
export type InvoiceForMessageKey = keyof typeof invoiceForMessagesHe;

export type InvoiceForCheck =
  { ok: true; value: InvoiceFor } | { ok: false; problems: Partial<Record<keyof InvoiceFor, InvoiceForMessageKey>> };

/**
 * The buyer's fields as typed, checked: the name without direction controls (as every name) and trimmed, 2 to 100
 * characters (code points: an emoji counts once); the number with its spaces and dashes dropped, nine digits passing
 * the check digit (a company's 5..., or an עוסק מורשה's ID number). Each wrong field names its message's key.
 */
export function checkInvoiceFor(input: { name?: unknown; taxId?: unknown }): InvoiceForCheck {
  const problems: Partial<Record<keyof InvoiceFor, InvoiceForMessageKey>> = {};
  const name = typeof input.name === 'string' ? withoutDirectionControls(input.name).trim() : '';
  const length = codePointLength(name);
  if (length < INVOICE_FOR_LIMITS.nameMin) problems.name = 'invoiceNameRequired';
  else if (length > INVOICE_FOR_LIMITS.nameMax) problems.name = 'invoiceNameTooLong';
  // A few megabytes of digits need no check digit.
  const taxId =
    typeof input.taxId === 'string' && input.taxId.length <= INVOICE_FOR_LIMITS.taxIdMax
      ? taxIdDigits(input.taxId)
      : null;
  if (taxId === null) problems.taxId = 'invoiceTaxIdInvalid';
  return problems.name || problems.taxId ? { ok: false, problems } : { ok: true, value: { name, taxId: taxId! } };
}
