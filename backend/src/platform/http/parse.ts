import { toE164, zodIssuesToFields } from '@tafrit/contracts';
import type { z } from 'zod';
import { AppError } from './app-error.js';
import { passedTextGuard, pathOfUnstorableText, unstorableTextFailure } from './text-guard.js';

/** Deeper than any request of ours: past it, the schema refuses the shape anyway. */
const MAX_DEPTH = 32;

/**
 * The same value with every U+0000 removed from its strings, for messages that cannot be answered with a 400 (the
 * printing agent's handshake and acknowledgements: refusing them would make the agent retry the same bytes forever).
 */
export function withoutNulCharacters<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '') as T;
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((child: unknown) => withoutNulCharacters(child, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, withoutNulCharacters(child, depth + 1)]),
  ) as T;
}

/**
 * Refuses a request part holding text the database cannot store (U+0000, half a surrogate pair; see text-guard.ts):
 * 400 naming the field. JSON bodies and queries are refused by the guard at the edge already; this covers what a route
 * reads itself (multipart fields).
 */
export function refuseUnstorableText(value: unknown): void {
  const path = pathOfUnstorableText(value);
  if (!path) return;
  const { message, fields } = unstorableTextFailure(path);
  throw new AppError('validation.failed', { message, ...(fields ? { fields } : {}) });
}

/**
 * Validates a request part with the shared contract schema; a failure is a 400 with every field's Hebrew message.
 * `messageOf` words the envelope's message from the fields (a form that shows one field's own words); by default,
 * and when it gives undefined, the message is the generic one.
 */
export function parseWith<T extends z.ZodType>(
  schema: T,
  value: unknown,
  messageOf?: (fields: Record<string, string>) => string | undefined,
): z.output<T> {
  // A JSON body was read by the guard at the edge already (text-guard.ts): the same object is not read twice.
  if (!passedTextGuard(value)) refuseUnstorableText(value);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = zodIssuesToFields(result.error);
  const message = messageOf?.(fields);
  throw new AppError('validation.failed', { fields, ...(message === undefined ? {} : { message }) });
}

/**
 * The phone of a `:phone` path segment in any Israeli spelling (E.164 or 05X-...), or null. Fastify has decoded the
 * segment once; a client that encoded it twice (`%252B972...`) is decoded again here, as the routes always did. A
 * segment that is no escape once decoded (a literal `%`, `05%`) is simply no phone: decodeURIComponent's URIError
 * answered 500.
 */
export function phoneInPath(segment: string): string | null {
  let text: string;
  try {
    text = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return toE164(text);
}
