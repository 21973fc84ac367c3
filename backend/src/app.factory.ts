import 'reflect-metadata';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/config.js';
import { assertEveryOwnerRouteHasAPermission } from './platform/auth/permission.js';
import { Database } from './platform/database/database.js';
import type { EmbeddedPostgres } from './platform/database/embedded-postgres.js';
import { registerDatabaseMetrics } from './platform/database/database-metrics.js';
import { registerBodyDeadlines } from './platform/http/body-deadline.js';
import { HttpFastPath } from './platform/http/fast-path.js';
import { registerForwardedForGuard } from './platform/http/forwarded-for.js';
import { answerFrameworkError } from './platform/http/framework-errors.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { lazyRequestLogger } from './platform/logging/lazy-request-logger.js';
import { registerAgentDownloads, registerStaticAssets } from './platform/http/static-assets.js';
import { registerTextGuard } from './platform/http/text-guard.js';
import { createLogger, PinoNestLogger, requestIdFor } from './platform/logging/logger.js';
import { registerBackupMetrics } from './platform/metrics/backup-metrics.js';
import { countFastPathAnswers, registerRequestDurations } from './platform/metrics/http-metrics.js';
import { Metrics } from './platform/metrics/metrics.js';
import { SocketAdapter } from './platform/realtime/socket-adapter.js';
import { FILE_STORE, type FileStore } from './platform/storage/file-store.js';
import { registerUploads } from './platform/storage/uploads-route.js';
import { entities, repeatableSql } from './entities.js';

export interface App {
  app: NestFastifyApplication;
  database: Database;
  logger: Logger;
  metrics: Metrics;
}

/**
 * Builds the whole product (HTTP, sockets, database, start-up steps) without listening, so tests run the very same
 * application in process. The database starts after the modules are initialised (they register their start-up steps)
 * and is closed last, after the HTTP server has stopped.
 */
export async function createApp(
  config: AppConfig,
  options: { inMemoryDatabase?: boolean; embeddedServer?: Promise<EmbeddedPostgres> } = {},
): Promise<App> {
  const logger = createLogger(config.logLevel);
  const database = new Database({
    entities,
    repeatableSql,
    url: config.databaseUrl,
    // Tests keep the embedded database in memory: a fresh one per test file, nothing left on disk.
    dataDir: options.inMemoryDatabase ? undefined : config.dataDir,
    // The server starts the embedded database first thing (server.ts), so that it opens while the rest loads.
    ...(options.embeddedServer ? { embeddedServer: options.embeddedServer } : {}),
    log: (level, message, error) => logger[level]({ err: error }, message),
  });
  // Made before Nest, as the database: the HTTP hooks and the sockets count into it (decision 059).
  const metrics = new Metrics();
  registerDatabaseMetrics(metrics, database);
  registerBackupMetrics(metrics, config.backupDir);
  // Made before Fastify: its server answers the cached public menu in front of Fastify (decision 012).
  const fastPath = new HttpFastPath(() => logger.isLevelEnabled('info'));
  countFastPathAnswers(fastPath, metrics);
  const adapter = new FastifyAdapter({
    serverFactory: fastPath.serverFactory,
    loggerInstance: logger,
    genReqId: (request: IncomingMessage) => requestIdFor(request.headers['x-request-id']),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
      answerFrameworkError(error, reply, fastPath.commonHeaders()),
  });
  // A callback hook, not an async one: this runs on every answer, the hot public menu included.
  adapter.getInstance().addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });
  registerRequestDurations(adapter.getInstance(), metrics);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, database, fastPath, metrics),
    adapter,
    {
      logger: new PinoNestLogger(logger),
    },
  );
  await registerSecurityHeaders(app, config.publicUrl);
  registerTextGuard(app.getHttpAdapter().getInstance());
  registerForwardedForGuard(app.getHttpAdapter().getInstance(), config.trustProxy);
  registerBodyDeadlines(app.getHttpAdapter().getInstance(), {
    bodyMs: config.bodyTimeoutMs,
    uploadMs: config.uploadBodyTimeoutMs,
  });
  await registerStaticAssets(app, config.frontendDist);
  await registerRequestPlugins(app, app.get<FileStore>(FILE_STORE));
  await registerAgentDownloads(app, config.agentDownloadsDir);
  app.useWebSocketAdapter(new SocketAdapter(app, config.redisUrl, logger, metrics));
  app.enableShutdownHooks();
  await app.init();
  assertEveryOwnerRouteHasAPermission(app);
  await database.start();
  return { app, database, logger, metrics };
}

/** A logo is at most 5 MB (the owner's phone camera is the usual source); one file per request. */
export const UPLOAD_LIMITS = { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 11 } as const;

const isMultipart = (request: FastifyRequest): boolean =>
  String(request.headers['content-type'] ?? '').startsWith('multipart/');

/**
 * @fastify/multipart adds an async `onRequest` hook (a 'close' listener on every response) and an async `onResponse`
 * hook (cleaning uploaded temp files) to every route of the app. Only a multipart request can have files to clean, so
 * its hooks are registered guarded by the request's content type: every other request, the hot public menu first,
 * skips two promises and a listener (measured: about a tenth of the cached menu's CPU per answer).
 */
async function registerMultipartForUploadsOnly(app: NestFastifyApplication): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const addHook = fastify.addHook.bind(fastify) as (name: string, hook: unknown) => FastifyInstance;
  const guarded = (name: string, hook: unknown) => {
    const original = hook as (request: FastifyRequest, reply: unknown) => Promise<void>;
    if (name !== 'onRequest' && name !== 'onResponse') return addHook(name, hook);
    return addHook(name, (request: FastifyRequest, reply: unknown, done: (error?: unknown) => void) => {
      if (!isMultipart(request)) return done();
      original.call(fastify, request, reply).then(() => done(), done);
    });
  };
  (fastify as unknown as { addHook: typeof guarded }).addHook = guarded;
  try {
    await app.register(multipart, { limits: UPLOAD_LIMITS });
  } finally {
    (fastify as unknown as { addHook: typeof addHook }).addHook = addHook;
  }
}

/**
 * Cookies (the refresh token), multipart uploads and the uploaded files themselves under /uploads, from the folder or
 * the bucket the file store keeps them in (decision 060).
 */
async function registerRequestPlugins(app: NestFastifyApplication, store: FileStore): Promise<void> {
  await app.register(cookie);
  await registerMultipartForUploadsOnly(app);
  await registerUploads(app, store);
}
