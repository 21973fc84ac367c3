import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OfferableLanguage } from '@tafrit/contracts';
import type { FastPathHandler, HttpFastPath } from '../../../platform/http/fast-path.js';
import type { PublicMenuService } from '../application/public-menu.service.js';
import { requestIdFor } from '../../../platform/logging/logger.js';
import { acceptedEncoding, matchesEtag, prepareMenu, type Encoding, type PreparedMenu } from './public-menu.route.js';

const PREFIX = '/api/menu/';
// Department ids are URL-safe characters (16 random ones, or `demo`): anything else (an encoded character, a longer
// path) is left to Fastify's router, which decodes and matches it exactly as before.
const DEPARTMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

type Headers = Record<string, string>;

/** The department id of `GET /api/menu/{id}` (a query string ignored, as Fastify's router does), else undefined. */
export function departmentIdOf(url: string | undefined): string | undefined {
  return menuRequestOf(url)?.departmentId;
}

const LANGUAGES: Readonly<Record<string, OfferableLanguage | undefined>> = {
  he: undefined,
  ar: 'ar',
  en: 'en',
  ru: 'ru',
};

/**
 * The department and the language (`?lang=`, decision 023) of `GET /api/menu/{id}`, else undefined: then the route
 * answers (a `lang` it does not know is its 400). A request with no query string costs what it did before; one with
 * a query string is read only for `lang`, as the route reads it (other parameters are ignored).
 */
export function menuRequestOf(
  url: string | undefined,
): { departmentId: string; language: OfferableLanguage | undefined } | undefined {
  if (!url?.startsWith(PREFIX)) return undefined;
  const query = url.indexOf('?', PREFIX.length);
  const id = url.slice(PREFIX.length, query === -1 ? undefined : query);
  if (!DEPARTMENT_ID.test(id)) return undefined;
  if (query === -1) return { departmentId: id, language: undefined };
  const langs = new URLSearchParams(url.slice(query + 1)).getAll('lang');
  if (langs.length === 0) return { departmentId: id, language: undefined };
  const [lang] = langs;
  if (langs.length > 1 || lang === undefined || !Object.hasOwn(LANGUAGES, lang)) return undefined;
  return { departmentId: id, language: LANGUAGES[lang] };
}

/**
 * The cached public menu, answered before Fastify (docs/decisions/012-public-menu-fast-path.md). Only the plain hit
 * is answered here: a GET of a menu that is built and cached (served to every address: the 404 limiter limits only
 * unknown ids, see MenuMissLimiter). Everything else (HEAD, a miss, a paused business) goes to the route in public-menu.route.ts, which answers it exactly as before. The answer is the
 * route's own: the same prepared bytes and headers, plus the headers every answer carries.
 */
export function publicMenuFastPath(fastPath: HttpFastPath, menus: PublicMenuService): FastPathHandler {
  // The complete headers of each prepared menu version (the route's own plus the security headers of a JSON
  // answer), merged once, the request id's slot included: a hit only writes its request id into the slot. One object
  // per version and encoding serves every request: `writeHead` turns it into the header block at once and keeps no
  // reference to it, and nothing runs in between, so no answer can see another's id. A new object per request (a
  // spread of 15 headers) was a visible share of the answer's cost.
  const merged = new WeakMap<PreparedMenu, { ok: Record<Encoding, Headers>; notModified: Headers }>();
  const headersOf = (answer: PreparedMenu) => {
    let headers = merged.get(answer);
    if (!headers) {
      const common = fastPath.commonHeaders();
      const ok = (encoding: Encoding): Headers => ({
        ...common,
        ...answer.headers[encoding],
        'content-length': String(answer.body[encoding].length),
        'x-request-id': '',
      });
      headers = {
        ok: { br: ok('br'), gzip: ok('gzip'), identity: ok('identity') },
        notModified: { ...common, ...answer.notModified, 'x-request-id': '' },
      };
      merged.set(answer, headers);
    }
    return headers;
  };

  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET') return false;
    const asked = menuRequestOf(request.url);
    if (asked === undefined) return false;
    const cached = menus.cached(asked.departmentId, asked.language);
    if (cached?.status !== 'ok') return false;
    const answer = prepareMenu(cached);
    const headers = headersOf(answer);
    const requestId = requestIdFor(request.headers['x-request-id']);
    if (matchesEtag(request.headers['if-none-match'], cached.etag)) {
      headers.notModified['x-request-id'] = requestId;
      response.writeHead(304, headers.notModified).end();
      return true;
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const head = headers.ok[encoding];
    head['x-request-id'] = requestId;
    response.writeHead(200, head).end(answer.body[encoding]);
    return true;
  };
}
