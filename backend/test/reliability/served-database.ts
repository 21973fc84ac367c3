import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { createTestDatabaseUrl } from '../support/test-database.js';
import { freePort } from './product-process.js';

/** A database reached over TCP, for tests that put a proxy between it and the app to cut the network. */
export interface ServedDatabase {
  host: string;
  port: number;
  database: string;
  /** A PGlite of this test on loopback, which the app takes for its embedded database, not for a PostgreSQL server. */
  embedded: boolean;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database with TEST_DATABASE_URL, else a PGlite of this test served on a loopback port. */
export async function startServedDatabase(): Promise<ServedDatabase> {
  const target = await createTestDatabaseUrl();
  if (target.url) {
    const url = new URL(target.url);
    return {
      host: url.hostname,
      port: Number(url.port || 5432),
      database: url.pathname.slice(1),
      embedded: false,
      close: target.cleanup,
    };
  }
  const db = await PGlite.create({});
  const port = await freePort();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 16 });
  await server.start();
  return {
    host: '127.0.0.1',
    port,
    database: 'postgres',
    embedded: true,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
