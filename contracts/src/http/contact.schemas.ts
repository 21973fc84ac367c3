// The landing page's contact form (product-spec §2, §4, §7): one schema for the form's inline errors and the server's
// 400 envelope. No phone field, so nothing here reaches libphonenumber (see test/module-boundaries.spec.ts).
import { z } from 'zod';
import '../zod-he.js';
import { validationMessagesHe as m } from '../messages.he.js';

export const CONTACT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 2000,
} as const;

/**
 * The hidden field people never see and bots fill in. A request that carries a value in it is answered like any
 * other and stored nowhere: telling a bot it was caught only teaches it to skip the field.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

export const contactMessagesHe = {
  nameRequired: m.contactNameRequired,
  nameTooShort: `השם צריך להכיל לפחות ${CONTACT_LIMITS.nameMin} תווים`,
  nameTooLong: `השם יכול להכיל עד ${CONTACT_LIMITS.nameMax} תווים`,
  invalidEmail: m.invalidEmail,
  messageRequired: m.contactMessageRequired,
  messageTooShort: `ההודעה צריכה להכיל לפחות ${CONTACT_LIMITS.messageMin} תווים`,
  messageTooLong: 'ההודעה יכולה להכיל עד 2,000 תווים',
  /** The server's answer to every accepted message (and, silently, to a bot's). */
  received: 'ההודעה התקבלה, נחזור אליכם בהקדם',
} as const;

const requiredText = (requiredMessage: string) => z.string({ message: requiredMessage }).trim().min(1, requiredMessage);

/** `POST /contact-form.php` and `POST /api/contact`: name, email and message, trimmed. */
export const contactFormSchema = z.object({
  name: requiredText(contactMessagesHe.nameRequired)
    .min(CONTACT_LIMITS.nameMin, contactMessagesHe.nameTooShort)
    .max(CONTACT_LIMITS.nameMax, contactMessagesHe.nameTooLong),
  email: z
    .string({ message: contactMessagesHe.invalidEmail })
    .trim()
    .pipe(z.email({ message: contactMessagesHe.invalidEmail }).max(CONTACT_LIMITS.emailMax, m.invalidEmail)),
  message: requiredText(contactMessagesHe.messageRequired)
    .min(CONTACT_LIMITS.messageMin, contactMessagesHe.messageTooShort)
    .max(CONTACT_LIMITS.messageMax, contactMessagesHe.messageTooLong),
});
export type ContactFormRequest = z.input<typeof contactFormSchema>;
export type ContactFormInput = z.output<typeof contactFormSchema>;

/** True when the honeypot field of a request body holds anything but white space. */
export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>)[CONTACT_HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** The answer's data: `{ success: true, data: { message } }`. */
export const contactResponseSchema = z.object({ message: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
