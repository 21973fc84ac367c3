import { failure, FORM_ERROR_KEY, isStorableText, validationMessagesHe } from '@tafrit/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Deeper than any request of ours: past it, the schema refuses the shape anyway. */
const MAX_DEPTH = 32;

/** Text that may hold JSON of its own (the spec's `cartData` is JSON sent as a string). */
const looksLikeJson = (text: string): boolean => /^\s*[[{]/.test(text);

/**
 * The path of the first string PostgreSQL cannot store (U+0000 or half a surrogate pair, see isStorableText), if
 * any. Strings holding JSON are read too, since routes parse them later (`cartData`): a lone surrogate written as
 * `\ud83d` inside that text only appears once it is parsed, and would reach a JSON column as such.
 */
export function pathOfUnstorableText(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') {
    if (!isStorableText(value)) return path;
    if (!looksLikeJson(value) || path.length >= MAX_DEPTH) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
    return pathOfUnstorableText(parsed, path);
  }
  if (typeof value !== 'object' || value === null || path.length >= MAX_DEPTH) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, FORM_ERROR_KEY];
    const found = pathOfUnstorableText(child, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** The 400 envelope naming the field, in the page's language. */
export function unstorableTextFailure(path: readonly string[]) {
  const message = validationMessagesHe.unsupportedCharacters;
  return failure({
    code: 'validation.failed',
    message,
    fields: { [path.length > 0 ? path.join('.') : FORM_ERROR_KEY]: message },
  });
}

function refused(request: FastifyRequest): string[] | undefined {
  // A GET of the public menu has neither: two property reads, nothing more, on the hot path.
  if (request.body !== undefined && request.body !== null) {
    const found = pathOfUnstorableText(request.body);
    if (found) return found;
  }
  const query = request.query;
  if (query && typeof query === 'object' && request.url.includes('?')) return pathOfUnstorableText(query);
  return undefined;
}

/**
 * One rule at the edge for every route: a body (JSON, a form post, JSON text inside a field) or a query holding text
 * the database cannot store is refused with the 400 envelope before any route, schema or database sees it. Without
 * it such text answered 500 wherever it reached a JSON column (an order's remarks, registration, the profile, the
 * terms). Multipart fields are read by their routes, which check them with the same rule (parseWith).
 */
export function registerTextGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const path = refused(request);
    if (!path) {
      done();
      return;
    }
    void reply.status(400).type('application/json; charset=utf-8').send(unstorableTextFailure(path));
  });
}
