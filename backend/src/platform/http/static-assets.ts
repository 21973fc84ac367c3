import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

const ONE_YEAR = 'public, max-age=31536000, immutable';

/**
 * Serves the built front end's files. Vite puts content hashes in every asset name, so assets are cached for a year;
 * brotli and gzip twins made at build time are sent when the browser accepts them (no compression per request).
 */
export async function registerStaticAssets(app: NestFastifyApplication, root: string): Promise<void> {
  if (!existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // One route per file found at start instead of a catch-all, so unknown paths still reach the SPA fallback.
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, path) {
      res.header('cache-control', path.includes('/assets/') ? ONE_YEAR : 'public, max-age=3600');
    },
  });
}
