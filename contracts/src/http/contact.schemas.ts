// The landing page's contact form (product-spec §2, §4, §7): one schema for the form's inline errors and the server's
// 400 envelope. No phone field, so nothing here reaches libphonenumber (see test/module-boundaries.spec.ts).
import { z } from 'zod';
import '../zod-he.js';
import { validationMessagesHe as m } from '../messages.he.js';
import { withoutDirectionControls } from '../text.js';
import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS, contactMessagesHe } from './contact-limits.js';

export * from './contact-limits.js';

const requiredText = (requiredMessage: string) =>
  z.string({ message: requiredMessage }).overwrite(withoutDirectionControls).trim().min(1, requiredMessage);

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
