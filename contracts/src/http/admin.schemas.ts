// The administrator's requests (issue 7, product-spec §5 terms, §7 admin calls).
import { z } from 'zod';
import '../zod-he.js';
import { validationMessagesHe as m } from '../messages.he.js';

export const TERMS_MAX_LENGTH = 100_000;

export const adminMessagesHe = {
  toggleRequired: 'נא לציין אם החשבון פעיל',
  termsTooLong: `תנאי השימוש יכולים להכיל עד ${TERMS_MAX_LENGTH.toLocaleString('en-US')} תווים`,
} as const;

/** `PATCH /api/admin/businesses/{phone}/toggle`. */
export const toggleBusinessSchema = z.object({
  isActive: z.boolean({ message: adminMessagesHe.toggleRequired }),
});

/** `PUT /api/admin/terms`: blank content is refused with the spec's message. */
export const termsInputSchema = z.object({
  content: z
    .string({ message: m.termsContentRequired })
    .refine((content) => content.trim().length > 0, m.termsContentRequired)
    .refine((content) => content.length <= TERMS_MAX_LENGTH, adminMessagesHe.termsTooLong),
});
export type TermsInput = z.output<typeof termsInputSchema>;
