import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { BusinessEntity } from '../../modules/accounts/projections/business.entity.js';
import { DATABASE } from '../database/database.module.js';
import type { Database } from '../database/database.js';

type Encoding = 'br' | 'gzip' | 'identity';

/** The meta tag the landing page reads to decide whether to load the marketing pixel at all. */
export const PIXEL_META_NAME = 'tafrit-pixel-id';

/** The front end's rule for department ids (frontend/src/lib/department.ts): anything else is a not-found menu. */
const DEPARTMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MENU_PAGE = /^\/menu\/([^/]+)\/?$/;

const KNOWN_DEPARTMENT_TTL_MS = 60_000;
const KNOWN_DEPARTMENT_LIMIT = 10_000;
/** A page must not hang on a slow database: past this, the app is answered with 200 and finds out for itself. */
const LOOKUP_TIMEOUT_MS = 1_500;

/**
 * The department a diner page is about, when the server can tell: `/menu/{id}` and `/order?departmentId={id}`.
 * `null` means the page names a department that cannot exist (a malformed id in the path); `undefined` means the
 * page is not a department page, or names none (`/order` alone uses the one stored on the device).
 */
export function departmentOfPage(url: string): string | null | undefined {
  const [path = '/', query = ''] = url.split('?', 2);
  const menu = MENU_PAGE.exec(path);
  if (menu?.[1] !== undefined) {
    let id: string;
    try {
      id = decodeURIComponent(menu[1]);
    } catch {
      return null;
    }
    return DEPARTMENT_ID.test(id) ? id : null;
  }
  if (path === '/order' || path === '/order/') {
    const id = new URLSearchParams(query).get('departmentId');
    // A malformed query value is ignored by the app too (it falls back to the stored department): not a 404.
    return id !== null && DEPARTMENT_ID.test(id) ? id : undefined;
  }
  return undefined;
}

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
    const meta = `<meta name="${PIXEL_META_NAME}" content="${escapeAttribute(options.marketingPixelId)}" />`;
    prepared = prepared.includes('</head>') ? prepared.replace('</head>', `  ${meta}\n  </head>`) : prepared;
  }
  return prepared;
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Answers every non-API page request with the single-page app, which routes on the client and shows its own
 * not-found page. `index.html` is read once at start (with its precompressed twins) and is never cached by browsers,
 * so a new deployment is picked up on the next visit while the hashed assets stay cached for a year.
 *
 * The status is 200, except for a diner menu of a department that does not exist: the same app, answered 404, so
 * crawlers and link checkers learn the truth while the person sees the app's "menu not found".
 */
@Injectable()
export class SpaFallback {
  private readonly variants = new Map<Encoding, Buffer>();
  /** Departments seen to exist, until when: a QR code is scanned again and again, the database is asked once. */
  private readonly knownDepartments = new Map<string, number>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {
    const index = join(config.frontendDist, 'index.html');
    if (!existsSync(index)) return;
    const original = readFileSync(index);
    const prepared = prepareIndexHtml(original.toString('utf8'), {
      publicUrl: config.publicUrl,
      ...(config.marketingPixelId ? { marketingPixelId: config.marketingPixelId } : {}),
    });
    if (prepared === original.toString('utf8')) {
      this.variants.set('identity', original);
      if (existsSync(`${index}.br`)) this.variants.set('br', readFileSync(`${index}.br`));
      if (existsSync(`${index}.gz`)) this.variants.set('gzip', readFileSync(`${index}.gz`));
      return;
    }
    // The build's compressed twins hold the unprepared page: compress the prepared one once, here (about 1 KB).
    const body = Buffer.from(prepared, 'utf8');
    this.variants.set('identity', body);
    this.variants.set(
      'br',
      brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
    );
    this.variants.set('gzip', gzipSync(body, { level: 9 }));
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
    const department = departmentOfPage(request.url);
    if (department === undefined) {
      this.write(request, reply, 200);
      return;
    }
    if (department === null) {
      this.write(request, reply, 404);
      return;
    }
    // Nest's not-found handler returns the reply, so Fastify waits for this answer.
    void this.departmentExists(department).then(
      (exists) => this.write(request, reply, exists === false ? 404 : 200),
      () => this.write(request, reply, 200),
    );
  }

  /** True or false when the database answered in time; undefined when it could not tell (then the page is a 200). */
  private async departmentExists(departmentId: string): Promise<boolean | undefined> {
    const now = Date.now();
    const knownUntil = this.knownDepartments.get(departmentId);
    if (knownUntil !== undefined && knownUntil > now) return true;
    let timer: NodeJS.Timeout | undefined;
    try {
      const count = await Promise.race([
        this.database.em().count(BusinessEntity, { departmentId, closedAt: null }),
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), LOOKUP_TIMEOUT_MS);
          timer.unref();
        }),
      ]);
      if (count === undefined) return undefined;
      if (count > 0) this.remember(departmentId, now);
      else this.knownDepartments.delete(departmentId);
      return count > 0;
    } catch (error) {
      this.database.reportFailure(error);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  private remember(departmentId: string, now: number): void {
    // Positive answers only: a business registered a second ago must be found at once. Bounded: the oldest go first.
    if (this.knownDepartments.size >= KNOWN_DEPARTMENT_LIMIT) {
      const oldest = this.knownDepartments.keys().next().value;
      if (oldest !== undefined) this.knownDepartments.delete(oldest);
    }
    this.knownDepartments.delete(departmentId);
    this.knownDepartments.set(departmentId, now + KNOWN_DEPARTMENT_TTL_MS);
  }

  private write(request: FastifyRequest, reply: FastifyReply, status: 200 | 404): void {
    if (reply.sent) return;
    const identity = this.variants.get('identity') as Buffer;
    const encoding = pickEncoding(request.headers['accept-encoding'], this.variants);
    void reply
      .status(status)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    void reply.send(this.variants.get(encoding) ?? identity);
  }
}

function pickEncoding(header: string | string[] | undefined, available: Map<Encoding, Buffer>): Encoding {
  const accepted = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  if (available.has('br') && /\bbr\b/.test(accepted)) return 'br';
  if (available.has('gzip') && /\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}
