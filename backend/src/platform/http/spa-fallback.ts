import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Answers every non-API page request with the single-page app, which routes on the client and shows its own
 * not-found page. `index.html` is read once at start (with its precompressed twins) and is never cached by browsers,
 * so a new deployment is picked up on the next visit while the hashed assets stay cached for a year.
 */
@Injectable()
export class SpaFallback {
  private readonly variants = new Map<Encoding, Buffer>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const index = join(config.frontendDist, 'index.html');
    if (!existsSync(index)) return;
    this.variants.set('identity', readFileSync(index));
    if (existsSync(`${index}.br`)) this.variants.set('br', readFileSync(`${index}.br`));
    if (existsSync(`${index}.gz`)) this.variants.set('gzip', readFileSync(`${index}.gz`));
  }

  handles(request: FastifyRequest): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0] ?? '/';
    return !path.startsWith('/api/') && path !== '/api' && !path.startsWith('/socket.io');
  }

  send(request: FastifyRequest, reply: FastifyReply): void {
    const identity = this.variants.get('identity');
    if (!identity) {
      void reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The front end is not built yet: run `npm run build` (or `npm start`, which builds it).');
      return;
    }
    const encoding = pickEncoding(request.headers['accept-encoding'], this.variants);
    void reply
      .status(200)
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
