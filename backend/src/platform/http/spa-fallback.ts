import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { isAppPagePath } from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { PAGE_RENDERER, type Encoding, type PageAnswer, type PageRenderer } from './page-renderer.port.js';
import { escapeHtml } from './html-escape.js';

/** The meta tag the landing page reads to decide whether to load the marketing pixel at all. */
export const PIXEL_META_NAME = 'tafrit-pixel-id';

/**
 * The served `index.html`: Open Graph addresses made absolute with the public URL (crawlers need absolute ones) and,
 * only when a pixel id is configured, the meta tag that lets the landing page load the pixel.
 */
export function prepareIndexHtml(html: string, options: { publicUrl: string; marketingPixelId?: string }): string {
  let prepared = html.replace(
    /(<meta\s+property="og:(?:image|url)"\s+content=")\/(?!\/)/g,
    (_match, start: string) => `${start}${options.publicUrl}/`,
  );
  if (options.marketingPixelId) {
    const meta = `<meta name="${PIXEL_META_NAME}" content="${escapeHtml(options.marketingPixelId)}" />`;
    prepared = prepared.includes('</head>') ? prepared.replace('</head>', `  ${meta}\n  </head>`) : prepared;
  }
  return prepared;
}

/**
 * Answers every non-API page request with the single-page app, which routes on the client and shows its own
 * not-found page: 200 for the app's pages (APP_PAGE_PATHS in contracts), 404 for any other address; `/`,
 * `/registration` and `/login` get their pages rendered at build time. All are read once at start (with their
 * precompressed twins) and never cached by browsers, so a new deployment is picked up on the next visit while the
 * hashed assets stay cached for a year.
 *
 * A module's pages (the diner's, with the menu inlined) are answered by the `PAGE_RENDERER` it provides; the status
 * is its to judge (a menu that does not exist is 404, so crawlers and link checkers learn the truth).
 */
@Injectable()
export class SpaFallback {
  private readonly variants: Map<Encoding, Buffer>;
  /**
   * Pages rendered at build time, by path: `/` (landing.html, the landing page, hydrated without the router), and the
   * registration and login pages (the app's page with their first screen drawn). Decision 016.
   */
  private readonly prerendered = new Map<string, Map<Encoding, Buffer>>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(PAGE_RENDERER) private readonly pages?: PageRenderer,
  ) {
    const options = {
      publicUrl: config.publicUrl,
      ...(config.marketingPixelId ? { marketingPixelId: config.marketingPixelId } : {}),
    };
    this.variants = loadPage(join(config.frontendDist, 'index.html'), options);
    for (const [path, file] of [
      ['/', 'landing.html'],
      ['/registration', 'registration.html'],
      ['/login', 'login.html'],
      // The console's numbers and monthly report: the frame and first screen, nothing of a session (decision 054).
      ['/numbers', 'numbers.html'],
      ['/reports', 'reports.html'],
    ] as const) {
      const page = loadPage(join(config.frontendDist, file), options);
      if (page.has('identity')) this.prerendered.set(path, page);
    }
  }

  handles(request: FastifyRequest): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0] ?? '/';
    return !path.startsWith('/api/') && path !== '/api' && !path.startsWith('/socket.io');
  }

  send(request: FastifyRequest, reply: FastifyReply): void {
    if (!this.variants.has('identity')) {
      void reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The front end is not built yet: run `npm run build` (or `npm start`, which builds it).');
      return;
    }
    // A page rendered at build time (with or without a query); a front end built without it gets the app's page.
    const prerendered = this.prerendered.get(request.url.split('?')[0] ?? '');
    if (prerendered) {
      this.answer(request, reply, { status: 200, variants: prerendered });
      return;
    }
    const page = this.pages?.answer(
      request.url,
      request.ip,
      (status) => ({ status, variants: this.variants }),
      request.headers.cookie,
      request.headers['accept-language'],
    );
    if (page === undefined) {
      // Not a page of the app: still the app (it shows its not-found page), but answered 404.
      this.write(request, reply, isAppPagePath(request.url.split('?')[0] ?? '/') ? 200 : 404);
      return;
    }
    if (!(page instanceof Promise)) {
      this.answer(request, reply, page);
      return;
    }
    // Nest's not-found handler returns the reply, so Fastify waits for this answer.
    void page.then(
      (answer) => this.answer(request, reply, answer),
      () => this.write(request, reply, 200),
    );
  }

  private write(request: FastifyRequest, reply: FastifyReply, status: 200 | 404): void {
    this.answer(request, reply, { status, variants: this.variants });
  }

  private answer(request: FastifyRequest, reply: FastifyReply, page: PageAnswer): void {
    if (reply.sent) return;
    if (page.location !== undefined) {
      // Not kept by the browser: an owner may move back to an address they left, which a kept redirect would loop.
      void reply.status(page.status).header('location', page.location).header('cache-control', 'no-cache').send();
      return;
    }
    const identity = page.variants.get('identity') as Buffer;
    const encoding = pickEncoding(request.headers['accept-encoding'], page.variants);
    void reply
      .status(page.status)
      .header('cache-control', page.personal ? 'private, no-cache' : 'no-cache')
      .header('vary', ['accept-encoding', ...(page.vary ?? [])].join(', '))
      .type('text/html; charset=utf-8');
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    void reply.send(page.variants.get(encoding) ?? identity);
  }
}

/**
 * A page of the build, read once at start with its precompressed twins, prepared by `prepareIndexHtml`; empty when the
 * file is missing.
 */
function loadPage(file: string, options: { publicUrl: string; marketingPixelId?: string }): Map<Encoding, Buffer> {
  const variants = new Map<Encoding, Buffer>();
  if (!existsSync(file)) return variants;
  const original = readFileSync(file);
  const prepared = prepareIndexHtml(original.toString('utf8'), options);
  if (prepared === original.toString('utf8')) {
    variants.set('identity', original);
    if (existsSync(`${file}.br`)) variants.set('br', readFileSync(`${file}.br`));
    if (existsSync(`${file}.gz`)) variants.set('gzip', readFileSync(`${file}.gz`));
    return variants;
  }
  // The build's compressed twins hold the unprepared page: compress the prepared one once, here.
  const body = Buffer.from(prepared, 'utf8');
  variants.set('identity', body);
  variants.set(
    'br',
    brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
  );
  variants.set('gzip', gzipSync(body, { level: 9 }));
  return variants;
}

function pickEncoding(header: string | string[] | undefined, available: ReadonlyMap<Encoding, Buffer>): Encoding {
  const accepted = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  if (available.has('br') && /\bbr\b/.test(accepted)) return 'br';
  if (available.has('gzip') && /\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}
