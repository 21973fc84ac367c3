import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import type { AppConfig } from './config/config.js';
import { Database } from './platform/database/database.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerStaticAssets } from './platform/http/static-assets.js';
import { createLogger, PinoNestLogger, requestIdFor } from './platform/logging/logger.js';

export interface App {
  app: NestFastifyApplication;
  database: Database;
  logger: Logger;
}

/**
 * Builds the whole product (HTTP, sockets, database, start-up steps) without listening, so tests run the very same
 * application in process. The database starts after the modules are initialised (they register their start-up steps)
 * and is closed last, after the HTTP server has stopped.
 */
export async function createApp(config: AppConfig, options: { inMemoryDatabase?: boolean } = {}): Promise<App> {
  const logger = createLogger(config.logLevel);
  const database = new Database({
    url: config.databaseUrl,
    // Tests keep the embedded database in memory: a fresh one per test file, nothing left on disk.
    dataDir: options.inMemoryDatabase ? undefined : config.dataDir,
    log: (level, message, error) => logger[level]({ err: error }, message),
  });
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    genReqId: (request: IncomingMessage) => requestIdFor(request.headers['x-request-id']),
    trustProxy: true,
    bodyLimit: 1_048_576,
  });
  adapter.getInstance().addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, database), adapter, {
    logger: new PinoNestLogger(logger),
  });
  await registerSecurityHeaders(app, config.publicUrl);
  await registerStaticAssets(app, config.frontendDist);
  app.useWebSocketAdapter(new IoAdapter(app));
  app.enableShutdownHooks();
  await app.init();
  await database.start();
  return { app, database, logger };
}
