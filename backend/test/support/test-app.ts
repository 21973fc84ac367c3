import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '../../src/app.factory.js';
import { loadConfig, type AppConfig } from '../../src/config/config.js';
import type { EmbeddedPostgres } from '../../src/platform/database/embedded-postgres.js';
import { createTestDatabaseUrl } from './test-database.js';

export interface TestApp extends App {
  config: AppConfig;
  /** Base URL of the listening server, for clients that need a real socket (socket.io). */
  url: string;
  close(): Promise<void>;
}

/**
 * The real application, in process, on a fresh database for this test file (in-memory PGlite, or a new database on
 * `TEST_DATABASE_URL`), listening on a random loopback port with a temporary DATA_DIR.
 *
 * `embeddedServer` hands the app a PGlite this test serves itself (through a proxy, say): the app then treats it as
 * its embedded database, exactly as `npm start` does (one pooled connection, statements cleared on connect), rather
 * than as a PostgreSQL server, whose pool of ten connections would share the one PGlite session's named statements.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { embeddedServer?: EmbeddedPostgres } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tafrit-test-'));
  const target = env.DATABASE_URL || options.embeddedServer ? undefined : await createTestDatabaseUrl();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    // Tests speak from addresses of their own through X-Forwarded-For, as a trusted proxy would.
    TRUST_PROXY: 'true',
    ...(target?.url ? { DATABASE_URL: target.url, JWT_SECRET: 'test-secret-test-secret-test-secret-1234' } : {}),
    // 32 bytes of test key: an external database needs configured keys of stored secrets (decision 026), or the
    // server does not start; a test's own DATABASE_URL gets them too.
    ...(target?.url || env.DATABASE_URL ? { SECRETS_KEYS: `test:${Buffer.alloc(32, 7).toString('base64')}` } : {}),
    ...env,
  });
  const started = await createApp(config, {
    inMemoryDatabase: !config.databaseUrl,
    ...(options.embeddedServer ? { embeddedServer: Promise.resolve(options.embeddedServer) } : {}),
  });
  await started.app.listen({ port: 0, host: '127.0.0.1' });
  const address = started.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...started,
    config,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await started.app.close();
      await target?.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
