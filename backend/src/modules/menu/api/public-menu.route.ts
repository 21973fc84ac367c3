import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type OfferableLanguage, publicMenuQuerySchema } from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import { parseWith } from '../../../platform/http/parse.js';
import type { PublicMenuResult, PublicMenuService } from '../application/public-menu.service.js';
import type { MenuMissLimiter } from './menu-miss-limiter.js';

/** The public menu's one route (docs/decisions/009-public-menu-hot-path.md). */
export const PUBLIC_MENU_ROUTE = '/api/menu/:departmentId';

export type Encoding = 'br' | 'gzip' | 'identity';
type OkMenu = Extract<PublicMenuResult, { status: 'ok' }>;

/** True when an If-None-Match header names this strong ETag (or `*`); weak forms compare by their opaque part. */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  return text.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export function acceptedEncoding(header: string | string[] | undefined): Encoding {
  const accepted = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  return /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
}

/** Everything a cached menu version sends, made once: its bytes in each encoding and the headers that go with them. */
export interface PreparedMenu {
  body: Record<Encoding, Buffer>;
  headers: Record<Encoding, Record<string, string>>;
  notModified: Record<string, string>;
}

// One prepared answer per cached menu version: the cache hands out the same result object until an edit drops it,
// so a hit costs no serialising, no compressing, no hashing and no header building. Keyed weakly: a dropped version
// goes with its bytes. 23 KB of JSON for 150 products travels as about 1-3 KB of brotli.
const prepared = new WeakMap<OkMenu, PreparedMenu>();

export function prepareMenu(result: OkMenu): PreparedMenu {
  let answer = prepared.get(result);
  if (!answer) {
    const identity = Buffer.from(`{"success":true,"data":${result.json}}`, 'utf8');
    // `no-cache`: browsers revalidate every time and get a 304 while the menu is unchanged.
    const common = { etag: result.etag, 'cache-control': 'no-cache', vary: 'accept-encoding' };
    const json = { ...common, 'content-type': 'application/json; charset=utf-8' };
    answer = {
      body: {
        identity,
        br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: gzipSync(identity, { level: 9 }),
      },
      headers: {
        identity: json,
        br: { ...json, 'content-encoding': 'br' },
        gzip: { ...json, 'content-encoding': 'gzip' },
      },
      notModified: common,
    };
    prepared.set(result, answer);
  }
  return answer;
}

function sendMenu(request: FastifyRequest, reply: FastifyReply, result: OkMenu): void {
  const answer = prepareMenu(result);
  if (matchesEtag(request.headers['if-none-match'], result.etag)) {
    void reply.code(304).headers(answer.notModified).send();
    return;
  }
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  void reply.code(200).headers(answer.headers[encoding]).send(answer.body[encoding]);
}

/** What Nest's router would hand the exception filter: this request and its reply, in an HTTP context. */
function httpHost(request: FastifyRequest, reply: FastifyReply): ArgumentsHost {
  const args = [request, reply];
  const http = { getRequest: () => request, getResponse: () => reply, getNext: () => undefined };
  const host = {
    getType: () => 'http',
    getArgs: () => args,
    getArgByIndex: (index: number) => args[index],
    switchToHttp: () => http,
    switchToRpc: () => {
      throw new Error('the public menu is HTTP only');
    },
    switchToWs: () => {
      throw new Error('the public menu is HTTP only');
    },
  };
  return host as unknown as ArgumentsHost;
}

/**
 * `?lang=` of the menu (decision 023): ar, en or ru ask for the translated menu; none or he is the Hebrew menu, read
 * without parsing anything when there is no `lang`; another value is a 400 in the envelope.
 */
function languageOf(query: unknown): OfferableLanguage | undefined {
  const lang = (query as Record<string, unknown> | undefined)?.lang;
  if (lang === undefined) return undefined;
  const parsed = parseWith(publicMenuQuerySchema, { lang }).lang;
  return parsed === 'he' ? undefined : parsed;
}

export interface PublicMenuRouteDeps {
  menus: PublicMenuService;
  misses: MenuMissLimiter;
  /** The application's envelope filter: every error of this route is rendered exactly as Nest's routes render it. */
  errors: ExceptionFilter;
}

/**
 * `GET /api/menu/{departmentId}`: the diner's menu, public, registered on Fastify directly rather than as a Nest
 * controller. Why: the cached answer is a handful of header assignments and a buffer, and Nest's router pipeline around
 * it (route proxy, execution context, guard/interceptor/pipe consumers, param factories, the promise chain) cost more
 * than the answer itself; this route must serve at least half of a bare Fastify route's rate (DESIGN.md §8).
 *
 * Everything the application's root hooks do still happens, because they are Fastify hooks: the security headers
 * (onRequest), the request id (onSend), request logging. Errors (the 404s, the 429 of the miss limiter, a database
 * that is down) go through the application's exception filter, so the envelope is the one every route answers.
 * This route has no guards, pipes or interceptors: none apply to it (it is public and reads one path parameter).
 *
 * Cached hits over a real socket are answered even earlier, by `publicMenuFastPath` in front of Fastify (decision
 * 012), with this route's own prepared bytes and headers; everything else arrives here.
 */
export function registerPublicMenuRoute(
  fastify: FastifyInstance,
  { menus, misses, errors }: PublicMenuRouteDeps,
): void {
  const fail = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    try {
      errors.catch(error, httpHost(request, reply));
    } catch (failure) {
      // The filter itself failed: Fastify's own error handler answers a bare 500 and logs it.
      void reply.send(failure);
    }
  };

  /** A miss (a menu not built yet, a paused business, an unknown department): built or refused, then answered. */
  const answerMiss = async (
    request: FastifyRequest,
    reply: FastifyReply,
    departmentId: string,
    language: OfferableLanguage | undefined,
  ): Promise<void> => {
    const result = await menus.find(departmentId, language);
    if (result.status !== 'ok') {
      // Unknown ids are rate-limited per address (MenuMissLimiter); a menu that exists never reaches this.
      await misses.miss(request.ip);
      throw result.status === 'not_found'
        ? new AppError('menu.not_found')
        : new AppError('menu.unavailable', { status: 404 });
    }
    sendMenu(request, reply, result);
  };

  fastify.route({
    method: 'GET',
    url: PUBLIC_MENU_ROUTE,
    // Not an async function on purpose: a cached menu is answered in this very call, with no promise in between.
    handler(request, reply) {
      const { departmentId } = request.params as { departmentId: string };
      let language: OfferableLanguage | undefined;
      try {
        language = languageOf(request.query);
        const cached = menus.cached(departmentId, language);
        if (cached?.status === 'ok') {
          sendMenu(request, reply, cached);
          return;
        }
      } catch (error) {
        fail(error, request, reply);
        return;
      }
      answerMiss(request, reply, departmentId, language).catch((error: unknown) => fail(error, request, reply));
    },
  });
}
