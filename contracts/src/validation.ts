import { type z } from 'zod';
import './zod-he.js';

// Issues with an empty path (a refine on the whole object) land here; react-hook-form shows `root` errors
// above the form, so the same key works on both sides.
export const FORM_ERROR_KEY = 'root';

/**
 * Flattens a zod error into `{ 'path.to.field': 'first message' }` for the 400 envelope's `fields` and for forms.
 * Only the first message per field is kept: a person fixes one thing at a time.
 */
export function zodIssuesToFields(error: z.ZodError): Record<string, string> {
  // A Map, then fromEntries: keys such as `constructor` or `__proto__` stay plain own properties.
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? FORM_ERROR_KEY : issue.path.map(String).join('.');
    if (!fields.has(key)) fields.set(key, issue.message);
  }
  return Object.fromEntries(fields);
}
