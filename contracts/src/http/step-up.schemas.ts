// The owner's step-up and sessions list (issue 29, decision 036). Not in the product specification: it adds a fresh
// SMS code before the changes that can move money or kill every printed table code, and shows where the account is
// signed in.
import { z } from 'zod';
import '../zod-he.js';
import { validationMessagesHe as m } from '../messages.he.js';

/** How long one accepted code lets the session make sensitive changes. */
export const STEP_UP_VALID_MS = 5 * 60_000;

/** `POST /api/auth/step-up/verify`: the six digits the business's phone received. */
export const stepUpVerifySchema = z.object({
  code: z
    .string({ message: m.verificationCodeRequired })
    .trim()
    .min(1, m.verificationCodeRequired)
    .regex(/^\d{6}$/, m.stepUpCodeFormat),
});
export type StepUpVerifyRequest = z.input<typeof stepUpVerifySchema>;

/** Answer of `POST /api/auth/step-up`: the code went to the business's phone. */
export const stepUpSentSchema = z.object({ sent: z.literal(true) });
export type StepUpSent = z.infer<typeof stepUpSentSchema>;

/** Answer of `POST /api/auth/step-up/verify`: until when this session may make the sensitive changes. */
export const stepUpGrantedSchema = z.object({ validUntil: z.string() });
export type StepUpGranted = z.infer<typeof stepUpGrantedSchema>;

/**
 * One sign-in of the business, as `GET /api/auth/sessions` lists it. `id` names the sign-in (stable across the
 * refreshes of its tokens); browser and system are read from the user agent, null when it names none we know.
 */
export const ownerSessionItemSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  /** Opened by an administrator (support), not by the owner. */
  impersonated: z.boolean(),
});
export type OwnerSessionItem = z.infer<typeof ownerSessionItemSchema>;

/** Answer of `GET /api/auth/sessions`: the live sign-ins, the latest used first. */
export const ownerSessionsAnswerSchema = z.object({ sessions: z.array(ownerSessionItemSchema) });
export type OwnerSessionsAnswer = z.infer<typeof ownerSessionsAnswerSchema>;

/** Answer of `DELETE /api/auth/sessions/{id}` and `POST /api/auth/sessions/sign-out-others`: how many ended. */
export const sessionsEndedSchema = z.object({ signedOut: z.number().int().nonnegative() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
