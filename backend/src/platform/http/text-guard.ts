import { failure, FORM_ERROR_KEY, validationMessagesHe } from '@tafrit/contracts';
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
  const found = unstorableIn(value, path.length);
  // Collected from the leaf up (no path is built while nothing is found, which is every request but a refused one).
  return found && [...path, ...found.reverse()];
}

/** isStorableText with the engine's own checks (the contracts' loop also runs on older phones' browsers). */
const storable = (text: string): boolean =>
  (text as string & { isWellFormed(): boolean }).isWellFormed() && !text.includes('\u0000');

/** Bodies the guard read and let through: a route's own check (parseWith) need not read them again. */
const guardedBodies = new WeakSet<object>();

/** Whether `value` is a request body the guard at the edge has already found storable. */
export const passedTextGuard = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && guardedBodies.has(value);

function unstorableIn(value: unknown, depth: number): string[] | undefined {
  if (typeof value === 'string') {
    if (!storable(value)) return [];
    if (depth >= MAX_DEPTH || !looksLikeJson(value)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
    return unstorableIn(parsed, depth);
  }
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return undefined;
  for (const key of Object.keys(value)) {
    if (!storable(key)) return [FORM_ERROR_KEY];
    const found = unstorableIn((value as Record<string, unknown>)[key], depth + 1);
    if (found) {
      found.push(key);
      return found;
    }
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

/**
 * A route whose failure shape the spec fixes as `{ success: false, error }` (create-payment, marked with the
 * exception filter's SPEC_ERROR_FIELD): this answer is sent here, before the filter, so it adds `error` itself.
 */
const wantsSpecErrorField = (request: FastifyRequest): boolean =>
  (request.routeOptions?.config as { specErrorField?: boolean } | undefined)?.specErrorField === true;

function refused(request: FastifyRequest): string[] | undefined {
  // A GET of the public menu has neither: two property reads, nothing more, on the hot path.
  const body = request.body;
  if (body !== undefined && body !== null) {
    const found = pathOfUnstorableText(body);
    if (found) return found;
    if (typeof body === 'object') guardedBodies.add(body);
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
    const body = unstorableTextFailure(path);
    void reply
      .status(400)
      .type('application/json; charset=utf-8')
      .send(wantsSpecErrorField(request) ? { ...body, error: body.message } : body);
  });
}
