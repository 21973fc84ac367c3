import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG } from '../../config/config.module.js';
import { HttpFastPath } from './fast-path.js';
import type { AppConfig } from '../../config/config.js';

// Cardcom's hosted payment page is the one foreign origin the product frames (DESIGN.md §4, PCI SAQ A).
const PAYMENT_PROVIDER_ORIGIN = 'https://secure.cardcom.solutions';

// The marketing pixel (Meta): its script comes from one origin and reports to another. Allowed only when an operator
// configured MARKETING_PIXEL_ID; without one the policy names no third party at all.
export const PIXEL_SCRIPT_ORIGIN = 'https://connect.facebook.net';
export const PIXEL_REPORT_ORIGIN = 'https://www.facebook.com';

/**
 * The headers of an answer that is data (JSON), never a document: the OWASP set for REST answers. A browser that is
 * led to open one as a page runs nothing and frames nothing (`default-src 'none'`), never guesses it is HTML
 * (`nosniff`), and other sites cannot embed it; the page-only headers (the full policy, opener and agent-cluster
 * isolation, the old IE switches) say nothing about a JSON body. Decision 018, "Two sets of security headers".
 */
export function dataHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** True for a content type that is data, answered with `dataHeaders`: JSON. */
export function isDataType(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}

/**
 * Security headers on every answer: the full set on documents (pages, the invoice, the payment page, files), the
 * data set on the API's JSON. Scripts only from our own origin (Vite emits no inline script). The helmet middleware
 * is run ONCE here and its headers applied in one hook: @fastify/helmet rebuilds it (parsing every CSP directive) on
 * each request, which cost the hot public menu route a measurable share of its throughput.
 *
 * Which set: `/api/` answers start with the data set, everything else with the document set, so an answer made
 * early (an error) is covered either way; just before sending, an answer whose content type says otherwise (the
 * invoice page under `/api/invoice`, a CSV export) gets the set of its kind. The document set names every header of
 * the data set, so changing to it overwrites them all.
 */
export async function registerSecurityHeaders(app: NestFastifyApplication, publicUrl: string): Promise<void> {
  const https = publicUrl.startsWith('https://');
  const pixel = Boolean(app.get<AppConfig>(APP_CONFIG, { strict: false }).marketingPixelId);
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...(pixel ? [PIXEL_SCRIPT_ORIGIN] : [])],
        // Inline style attributes are used by React components (progress bars); style elements stay same-origin.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...(pixel ? [PIXEL_REPORT_ORIGIN] : [])],
        'font-src': ["'self'"],
        'connect-src': ["'self'", https ? 'wss:' : 'ws:', ...(pixel ? [PIXEL_REPORT_ORIGIN, PIXEL_SCRIPT_ORIGIN] : [])],
        // 'self' is the address the page was opened at: the sandbox's card page is built for that address
        // (local-origins.ts), so it is framed at 127.0.0.1 and the LAN address as at PUBLIC_URL.
        'frame-src': ["'self'", PAYMENT_PROVIDER_ORIGIN],
        'frame-ancestors': ["'self'"],
        'form-action': ["'self'", PAYMENT_PROVIDER_ORIGIN],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Our own payment page is framed by our own pages only.
    frameguard: { action: 'sameorigin' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const document = headersOf(applyHeaders);
  const data = dataHeaders(https);
  // Answers made in front of Fastify (decision 012, JSON) carry the very same headers.
  app.get(HttpFastPath, { strict: false }).setSecurityHeaders(data);
  const fastify = app.getHttpAdapter().getInstance();
  // Callback hooks, not async ones: they run on every answer.
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith('/api/') ? data : document);
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    // An answer without a body's type (204, 304) keeps the set it started with.
    const type = reply.getHeader('content-type');
    const asData = request.url.startsWith('/api/');
    if (type !== undefined && asData !== isDataType(type)) {
      if (asData) changeSet(reply, data, document);
      else changeSet(reply, document, data);
    }
    done(null, payload);
  });
}

/**
 * Replaces the headers of set `from` by those of set `to`, leaving alone a header the route set to a value of its
 * own (the invoice page's `referrer-policy: no-referrer` stays).
 */
function changeSet(reply: FastifyReply, from: Record<string, string>, to: Record<string, string>): void {
  for (const [name, value] of Object.entries(from)) {
    if (reply.getHeader(name) === value && !(name in to)) void reply.removeHeader(name);
  }
  for (const [name, value] of Object.entries(to)) {
    const current = reply.getHeader(name);
    if (current === undefined || current === from[name]) void reply.header(name, value);
  }
}

/**
 * The headers helmet sets, captured once: none of ours depends on the request (no nonces, HSTS decided by the
 * configured address), so every answer gets the same object through Fastify's reply, with no middleware call and
 * no validation of twelve headers per request on the hot public menu.
 */
function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const captured = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      captured.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader: (name: string) => captured.delete(name.toLowerCase()),
    getHeader: (name: string) => captured.get(name.toLowerCase()),
  };
  let failure: unknown;
  let done = false;
  middleware(
    { headers: {}, method: 'GET', url: '/' } as IncomingMessage,
    response as unknown as ServerResponse,
    (error) => {
      failure = error;
      done = true;
    },
  );
  // helmet's middlewares are synchronous; anything else would be a different library than the one we chose.
  if (!done || failure)
    throw new Error(`security headers could not be prepared: ${String(failure ?? 'not called back')}`);
  return Object.fromEntries(captured);
}
