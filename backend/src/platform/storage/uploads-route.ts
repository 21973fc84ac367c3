import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { failure } from '@tafrit/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentTypeOf, type FileStore, isStoredKey } from './file-store.js';
import { LocalFileStore } from './local-file-store.js';
import type { S3FileStore } from './s3-file-store.js';

// Stored names are never reused (a key is written once), so browsers and proxies may keep a file for a year.
const ONE_YEAR = 'public, max-age=31536000, immutable';

/**
 * The uploaded files under /uploads, the addresses the menus name: from the folder by @fastify/static, or streamed
 * from the bucket (decision 060). A missing file is the JSON 404 envelope, never the single-page app's HTML.
 */
export async function registerUploads(app: NestFastifyApplication, store: FileStore): Promise<void> {
  await app.register(
    async (scope: FastifyInstance) => {
      scope.setNotFoundHandler((_request, reply) => {
        void reply.status(404).send(failure({ code: 'not_found' }));
      });
      if (store instanceof LocalFileStore) {
        await scope.register(fastifyStatic, {
          root: store.root,
          // Files appear while the server runs, so one wildcard route rather than a route per file found at start.
          wildcard: true,
          index: false,
          dotfiles: 'deny',
          // The front end's static plugin may have decorated the reply already.
          decorateReply: false,
          setHeaders(res) {
            res.header('cache-control', ONE_YEAR);
          },
        });
      } else {
        scope.route({
          method: ['GET', 'HEAD'],
          url: '/*',
          handler: (request, reply) => answerFromBucket(store as S3FileStore, request, reply),
        });
      }
    },
    { prefix: '/uploads' },
  );
}

async function answerFromBucket(store: S3FileStore, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const key = (request.params as { '*'?: string })['*'] ?? '';
  if (!isStoredKey(key)) return reply.status(404).send(failure({ code: 'not_found' }));
  const ifNoneMatch = request.headers['if-none-match'];
  let opened: Awaited<ReturnType<S3FileStore['open']>>;
  try {
    opened = await store.open(key, ifNoneMatch);
  } catch (error) {
    // The bucket is down: this file cannot be had now, but nothing is wrong with the request (and the menu that
    // names it is still served). Never a 500.
    request.log.warn({ err: error }, 'the file store did not answer for an upload');
    return reply
      .status(503)
      .header('retry-after', '30')
      .send(failure({ code: 'storage.unavailable' }));
  }
  if (!opened) return reply.status(404).send(failure({ code: 'not_found' }));
  void reply.header('cache-control', ONE_YEAR);
  if (opened === 'not-modified') {
    return reply
      .status(304)
      .headers(ifNoneMatch ? { etag: ifNoneMatch } : {})
      .send();
  }
  // The type follows the name this server gave, never what the object says: nothing under /uploads is a page.
  void reply.type(contentTypeOf(key));
  if (opened.etag) void reply.header('etag', opened.etag);
  if (opened.lastModified) void reply.header('last-modified', opened.lastModified.toUTCString());
  if (opened.contentLength !== undefined) void reply.header('content-length', opened.contentLength);
  if (request.method === 'HEAD') {
    // The headers are the answer; the body is dropped so its socket goes back to the SDK's pool.
    opened.body.destroy();
    return reply.send();
  }
  return reply.send(opened.body);
}
