// The seller's connection to the Tax Authority (allocation numbers, decision 047): the owner's and the administrator's
// status and connect answers, and the query the Authority sends the browser back with.
import { z } from 'zod';
import '../zod-he.js';

/**
 * Where a seller stands. `configured`: this server has the TAX_AUTHORITY_* configuration at all (without it nobody can
 * connect). `connected`: a grant is kept and has not ended. `connectedAt` and `grantEndsAt` (ISO instants) are given
 * whenever a grant is kept, also one that has ended, so the screen can say since when it stopped.
 */
export interface TaxAuthorityStatus {
  configured: boolean;
  connected: boolean;
  connectedAt?: string;
  grantEndsAt?: string;
}

export const taxAuthorityStatusSchema: z.ZodType<TaxAuthorityStatus> = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  connectedAt: z.iso.datetime({ offset: true }).optional(),
  grantEndsAt: z.iso.datetime({ offset: true }).optional(),
});

/** The Authority's sign-in page, with a fresh single-use state: the browser goes there. */
export interface TaxAuthorityConnectAnswer {
  url: string;
}

export const taxAuthorityConnectAnswerSchema: z.ZodType<TaxAuthorityConnectAnswer> = z.object({
  url: z.url({ protocol: /^https?$/ }),
});

/** The state the server hands out: 32 random bytes, base64url (43 characters). */
export const TAX_AUTHORITY_STATE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * `GET /api/owner/tax-authority/callback?code=&state=` as the Authority sends the browser back: a code and our state,
 * or an `error` (the person declined). Anything else the Authority adds is ignored. The server never answers this
 * with an error page: whatever fails, the browser is sent to the settings page with `?taxAuthority=failed`.
 */
export const taxAuthorityCallbackSchema = z.object({
  code: z
    .string()
    .min(1)
    .max(2048)
    .regex(/^[\x21-\x7e]+$/)
    .optional(),
  state: z.string().regex(TAX_AUTHORITY_STATE_PATTERN),
  error: z.string().max(200).optional(),
});
export type TaxAuthorityCallbackQuery = z.output<typeof taxAuthorityCallbackSchema>;

/** The query parameter the callback adds to the page it sends the browser to, and its values. */
export const TAX_AUTHORITY_RESULT_PARAM = 'taxAuthority';
export const TAX_AUTHORITY_RESULTS = ['connected', 'failed'] as const;
export type TaxAuthorityResult = (typeof TAX_AUTHORITY_RESULTS)[number];
