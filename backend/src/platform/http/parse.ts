import { FORM_ERROR_KEY, messageFor, zodIssuesToFields } from '@tafrit/contracts';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/** Deeper than any request of ours: past it, the schema refuses the shape anyway. */
const MAX_DEPTH = 32;

/**
 * The path of the first string holding U+0000, if any. PostgreSQL text cannot store that character: on PostgreSQL the
 * write fails (a 500), and on PGlite it is a protocol error that drops the connection, so one request would mark the
 * database unavailable for every business. No field of ours has a use for it: it is bad input, refused before any
 * schema or database sees it.
 */
export function pathOfNulCharacter(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null || path.length >= MAX_DEPTH) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = pathOfNulCharacter(child, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

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

/** Refuses a request part with a U+0000 anywhere in it: 400 naming the field. */
export function refuseNulCharacters(value: unknown): void {
  const path = pathOfNulCharacter(value);
  if (!path) return;
  const message = messageFor('validation.failed');
  throw new AppError('validation.failed', { fields: { [path.length > 0 ? path.join('.') : FORM_ERROR_KEY]: message } });
}

/** Validates a request part with the shared contract schema; a failure is a 400 with every field's Hebrew message. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  refuseNulCharacters(value);
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('validation.failed', { fields: zodIssuesToFields(result.error) });
  return result.data;
}
