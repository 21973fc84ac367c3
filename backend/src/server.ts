// Starts the product: configuration, the embedded database's opening, the application, then listening (main.ts
// loads this). Only the configuration and the embedded database's starter are imported up front: PGlite opens in its
// worker thread while the application's modules (most of a start) load, so the two overlap.
// reflect-metadata first: every decorated class (Nest's own included, in whichever chunk of the bundle) needs it.
import 'reflect-metadata';
import { flushCompileCache } from 'node:module';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { embeddedDataDir, startEmbeddedPostgres } from './platform/database/embedded-postgres.js';
import { printBanner } from './start-banner.js';

async function main(): Promise<void> {
  const startedAt = performance.now();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const embeddedServer = config.databaseUrl ? undefined : startEmbeddedPostgres(embeddedDataDir(config.dataDir));
  // A failure is reported where the database starts (createApp); until then it must not count as unhandled.
  embeddedServer?.catch(() => undefined);
  const { createApp } = await import('./app.factory.js');
  const { app, database, logger } = await createApp(config, embeddedServer ? { embeddedServer } : {});
  await app.listen({ port: config.port, host: config.host });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, startupMs: Math.round(performance.now() - startedAt), database: database.status }, 'listening');
  printBanner({ config, port, database });
  // Writes the compiled code of every module loaded so far to Node's compile cache (main.ts) now, not at exit: a
  // process that is killed (SIGKILL, a crash) still leaves the cache for the next start.
  flushCompileCache();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
