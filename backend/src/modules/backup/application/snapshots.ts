import { existsSync } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Pool } from 'pg';
import { BackupError, PGLITE_DUMP, POSTGRES_DUMP } from '../../../platform/backup/backup-manifest.js';
import { dumpPostgres } from '../../../platform/backup/postgres-dump.js';
import { appliedMigrations, type DatabaseSnapshot, type Sql } from '../../../platform/backup/write-backup.js';
import type { Database } from '../../../platform/database/database.js';
import { embeddedDataDir, startEmbeddedPostgres } from '../../../platform/database/embedded-postgres.js';
import { readNumbering } from './numbering.js';

export const sqlOf =
  (client: Pick<Pool, 'query'>): Sql =>
  async <Row>(text: string, params: readonly unknown[] = []) =>
    (await client.query(text, [...params])).rows as Row[];

/** The running server's embedded database: its migrations and numbering, then PGlite's dump of the folder. */
export async function serverSnapshot(database: Database): Promise<DatabaseSnapshot> {
  if (!database.isReady) throw new Error('the database is not ready yet: try again in a moment');
  const sql = sqlOf((await database.orm.em.getConnection().getNativeClient()) as Pool);
  const migrations = await appliedMigrations(sql);
  const numbering = await readNumbering(sql);
  const bytes = await database.dumpEmbedded();
  return { database: 'embedded', dump: { path: PGLITE_DUMP, bytes }, migrations, numbering };
}

/**
 * A stopped product's embedded database: this process opens the folder itself (nothing else may now) and takes the
 * same dump the server would. The folder is not migrated: a backup holds the database as it was.
 */
export async function offlineSnapshot(dataDir: string): Promise<DatabaseSnapshot> {
  // Opening an empty folder would make a new, empty database: there is nothing to back up.
  if (!existsSync(join(embeddedDataDir(dataDir), 'PG_VERSION'))) {
    throw new BackupError(`there is no embedded database in ${dataDir} (DATA_DIR): nothing to back up`);
  }
  const server = await startEmbeddedPostgres(embeddedDataDir(dataDir));
  const client = new pg.Client({ connectionString: server.url });
  try {
    await client.connect();
    const sql = sqlOf(client);
    const migrations = await appliedMigrations(sql);
    const numbering = await readNumbering(sql);
    await client.end();
    const bytes = await server.dump();
    return { database: 'embedded', dump: { path: PGLITE_DUMP, bytes }, migrations, numbering };
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
  }
}

/** PostgreSQL: `pg_dump` into `dumpFile` (removed by the caller with `done`). */
export async function postgresSnapshot(
  url: string,
  dumpFile: string,
): Promise<DatabaseSnapshot & { done(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sql = sqlOf(client);
    const migrations = await appliedMigrations(sql);
    const numbering = await readNumbering(sql);
    await dumpPostgres(url, dumpFile);
    const { size } = await stat(dumpFile);
    return {
      database: 'postgresql',
      dump: { path: POSTGRES_DUMP, file: dumpFile, size },
      migrations,
      numbering,
      done: () => unlink(dumpFile).catch(() => undefined),
    };
  } finally {
    await client.end();
  }
}
