import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Database } from '../../src/platform/database/database.js';
import { entities, repeatableSql } from '../../src/entities.js';

export interface TestDatabase {
  /** `undefined` means an in-memory PGlite for this test file. */
  url: string | undefined;
  kind: 'pglite' | 'postgresql';
  cleanup(): Promise<void>;
}

/**
 * One database per test file: an in-memory PGlite by default, or, when `TEST_DATABASE_URL` is set (CI), a brand
 * new database on that PostgreSQL server that is dropped afterwards. Test files never see each other's rows.
 */
export async function createTestDatabaseUrl(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { url: undefined, kind: 'pglite', cleanup: async () => undefined };
  const name = `tafrit_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: 'postgresql',
    cleanup: async () => {
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A started, migrated `Database` on a fresh test database; `close()` also drops it. */
export async function startTestDatabase(): Promise<{
  database: Database;
  kind: TestDatabase['kind'];
  close(): Promise<void>;
}> {
  const target = await createTestDatabaseUrl();
  const database = new Database({ entities, repeatableSql, url: target.url, dataDir: undefined, retryIntervalMs: 200 });
  await database.start();
  if (!database.isReady) throw new Error(`test database did not become ready: ${database.lastError}`);
  return {
    database,
    kind: target.kind,
    async close() {
      await database.close();
      await target.cleanup();
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
