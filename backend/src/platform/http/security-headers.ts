import helmet from 'helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { APP_CONFIG } from '../../config/config.module.js';
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
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
}
