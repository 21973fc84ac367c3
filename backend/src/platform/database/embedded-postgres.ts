import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * Real PostgreSQL (compiled to WebAssembly) in this process, served over the Postgres wire protocol on loopback so
 * MikroORM and the event store use the very same `pg` driver path as production. `dataDir` undefined keeps the
 * database in memory (tests).
 */
export async function startEmbeddedPostgres(dataDir?: string): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  // PGlite is a single backend: one connection at a time is all it can serve, and the ORM pool is sized to match.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();
  const address = server.getServerConn();
  return {
    url: `postgres://postgres@${address}/postgres`,
    async stop() {
      await server.stop();
      // Closing flushes PGlite's files: a process that exits without this can lose its latest writes.
      await db.close();
    },
  };
}
