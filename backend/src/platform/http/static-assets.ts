import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { failure } from '@tafrit/contracts';
import type { FastifyInstance } from 'fastify';

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

/**
 * The printing agent's packages under /downloads, by their fixed versioned names (product-spec §7). A name changes
 * with every version, so a day of caching is safe. Anything else under /downloads (or every name, when the agent was
 * not built) is a plain 404 envelope, never the single-page app's HTML: the settings card shows its error toast.
 */
export async function registerAgentDownloads(app: NestFastifyApplication, root: string): Promise<void> {
  await app.register(
    async (scope: FastifyInstance) => {
      scope.setNotFoundHandler((_request, reply) => {
        void reply.status(404).send(failure({ code: 'not_found' }));
      });
      if (!existsSync(root)) return;
      await scope.register(fastifyStatic, {
        root,
        wildcard: true,
        index: false,
        dotfiles: 'deny',
        decorateReply: false,
        setHeaders(res) {
          res.header('cache-control', 'public, max-age=86400');
          res.header('content-disposition', 'attachment');
        },
      });
    },
    { prefix: '/downloads' },
  );
}
