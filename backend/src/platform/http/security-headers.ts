import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
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
 * Security headers on every answer. Scripts only from our own origin (Vite emits no inline script); the issue on
 * hardening adds nonces where the server renders inline data. The helmet middleware is built ONCE here and applied
 * in one hook: @fastify/helmet rebuilds it (parsing every CSP directive) on each request, which cost the hot public
 * menu route a measurable share of its throughput.
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
  const headers = headersOf(applyHeaders);
  // Answers made in front of Fastify (decision 012) carry the very same headers.
  app.get(HttpFastPath, { strict: false }).setSecurityHeaders(headers);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
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
