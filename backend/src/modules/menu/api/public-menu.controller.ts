import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/app-error.js';
import { PublicMenuService, type PublicMenuResult } from '../application/public-menu.service.js';
import { MenuMissLimiter } from './menu-miss-limiter.js';

/** True when an If-None-Match header names this strong ETag (or `*`); weak forms compare by their opaque part. */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  return text.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

interface EncodedMenu {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

// One set of bytes per cached menu version: the cache hands out the same result object until an edit drops it, so a
// hit costs no serialising and no compressing. 23 KB of JSON for 150 products travels as about 3 KB of brotli.
const encodedMenus = new WeakMap<PublicMenuResult, EncodedMenu>();

function encodedMenu(result: Extract<PublicMenuResult, { status: 'ok' }>): EncodedMenu {
  let encoded = encodedMenus.get(result);
  if (!encoded) {
    const identity = Buffer.from(`{"success":true,"data":${result.json}}`, 'utf8');
    encoded = {
      identity,
      br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    encodedMenus.set(result, encoded);
  }
  return encoded;
}

function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  return /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
}

/**
 * `GET /api/menu/{departmentId}`: the diner's menu, public. Sent from the cached JSON with a strong ETag and
 * `Cache-Control: no-cache` (browsers revalidate every time and get a 304 while it is unchanged), precompressed.
 * (Registering this route on Fastify directly, outside Nest's router, was measured: it was slower, not faster.)
 */
@Controller('api/menu')
export class PublicMenuController {
  constructor(
    private readonly menus: PublicMenuService,
    private readonly misses: MenuMissLimiter,
  ) {}

  @Get(':departmentId')
  async read(
    @Param('departmentId') departmentId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    this.misses.check(request.ip);
    const result = await this.menus.find(departmentId);
    if (result.status !== 'ok') {
      // 404s are rate-limited so department ids cannot be enumerated.
      this.misses.miss(request.ip);
      throw result.status === 'not_found'
        ? new AppError('menu.not_found')
        : new AppError('menu.unavailable', { status: 404 });
    }
    void reply.header('etag', result.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (matchesEtag(request.headers['if-none-match'], result.etag)) {
      await reply.status(304).send();
      return;
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const encoded = encodedMenu(result);
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    await reply.status(200).type('application/json; charset=utf-8').send(encoded[encoding]);
  }
}
