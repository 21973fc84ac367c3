// The API envelope of DESIGN.md §5. Every JSON answer is either a success with data or a failure with a stable code
// and Hebrew text for people; the front end branches on `success`, never on the HTTP status alone.
import { z } from 'zod';
import './zod-he.js';
import { type ErrorCode } from './errors.js';
import { messageFor } from './messages.he.js';

export function successSchema<T extends z.ZodType>(dataSchema: T) {
  return z.object({ success: z.literal(true), data: dataSchema });
}

export const failureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  // A plain string, not an enum: a client built before a new code was added must still read the envelope.
  code: z.string().min(1),
  fields: z.record(z.string(), z.string()).optional(),
});

/** Either side of the envelope, discriminated by `success`. */
export function apiResponseSchema<T extends z.ZodType>(dataSchema: T) {
  return z.discriminatedUnion('success', [successSchema(dataSchema), failureSchema]);
}

export type ApiSuccess<T> = { success: true; data: T };
export type ApiFailure = z.infer<typeof failureSchema>;
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export function success<T>(data: T): ApiSuccess<T> {
  return { success: true, data };
}

/** A failure body; the message defaults to the catalogue's Hebrew for the code. */
export function failure({
  code,
  message,
  fields,
}: {
  code: ErrorCode;
  message?: string;
  fields?: Record<string, string>;
}): ApiFailure {
  return fields === undefined
    ? { success: false, message: message ?? messageFor(code), code }
    : { success: false, message: message ?? messageFor(code), code, fields };
}

// The health check keeps the spec's own shape (GET /api/health/database), outside the envelope.
export const healthResponseSchema = z.object({
  success: z.boolean(),
  timestamp: z.string(),
  message: z.string(),
  error: z.string().optional(),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
