import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import pg from 'pg';
import type { Pool } from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { entities, repeatableSql } from '../../../entities.js';
import { extractArchive } from '../../../platform/backup/backup-archive.js';
import { CONTROL_FILE, runningServer } from '../../../platform/backup/backup-control.js';
import {
  assertRestorableSchema,
  BackupError,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  SECRET_FILES,
  type BackupManifest,
  type Numbering,
} from '../../../platform/backup/backup-manifest.js';
import { restorePostgres } from '../../../platform/backup/postgres-dump.js';
import { isDiskFull, knownMigrations } from '../../../platform/backup/write-backup.js';
import { Database } from '../../../platform/database/database.js';
import { embeddedDataDir } from '../../../platform/database/embedded-postgres.js';
import { continueNumbering, readNumbering, type NumberingChoice } from './numbering.js';
import { sqlOf } from './snapshots.js';

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** Set: the backup goes into this PostgreSQL database (and its uploads into DATA_DIR/uploads). */
  databaseUrl: string | undefined;
  force: boolean;
  numbering: readonly NumberingChoice[];
  log: (line: string) => void;
}

export interface Restored {
  manifest: BackupManifest;
  /** The numbering of the restored database, after the choices: every next document continues from here. */
  numbering: Numbering;
  /** Where the replaced files were moved (with --force), if there were any. */
  setAside: string | undefined;
}

/** What of DATA_DIR a restore replaces: the embedded database, the uploads, the embedded default's secrets. */
const PRODUCT_ENTRIES = ['pglite', 'uploads', ...SECRET_FILES];

const hasFiles = (folder: string): boolean =>
  existsSync(folder) && readdirSync(folder, { recursive: true, withFileTypes: true }).some((entry) => entry.isFile());

/**
 * Brings a stopped product back from a backup (decision 061). Nothing of the target is touched until the whole file
 * has been unpacked beside it, every checksum checked, the schema found restorable and the database opened and
 * migrated there; then the target's own files are moved aside (`--force`) and the restored ones renamed in.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Restored> {
  const { dataDir, databaseUrl } = options;
  if (!existsSync(options.file)) throw new BackupError(`the backup file ${options.file} does not exist`);
  // Refused before anything is unpacked: a running product must not see its folder change under it.
  const running = await runningServer(dataDir);
  if (running)
    throw new BackupError(
      `the product is running (process ${running.pid}): stop it first, then restore (if it is not running, remove ` +
        `${join(dataDir, CONTROL_FILE)})`,
    );
  // Beside DATA_DIR, on its disk (the uploads' too with PostgreSQL): the final renames are then instant and cannot
  // fail half way for want of room, nor cross file systems.
  const parent = dirname(dataDir);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(join(parent, `.${basename(dataDir)}.restore-`));
  try {
    const archive = join(staging, 'archive');
    const product = join(staging, 'product');
    await mkdir(product);
    const manifest = await extractArchive(options.file, archive);
    assertRestorableSchema(manifest, knownMigrations());
    await assertTargetFree(options);
    const wanted = databaseUrl ? 'postgresql' : 'embedded';
    if (manifest.database !== wanted) {
      throw new BackupError(
        `the backup is of ${manifest.database === 'embedded' ? 'the embedded database' : 'a PostgreSQL database'}, ` +
          `the product here is configured for ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database'}`,
      );
    }
    if (databaseUrl) await restorePostgres(databaseUrl, join(archive, POSTGRES_DUMP));
    else await loadEmbedded(join(archive, PGLITE_DUMP), product);
    const numbering = await migrateAndNumber(databaseUrl, product, options.numbering);
    for (const name of SECRET_FILES) {
      if (existsSync(join(archive, 'data', name))) await rename(join(archive, 'data', name), join(product, name));
    }
    if (existsSync(join(archive, 'uploads'))) await rename(join(archive, 'uploads'), join(product, 'uploads'));
    const setAside = await swapIn(product, dataDir, databaseUrl ? ['uploads'] : PRODUCT_ENTRIES);
    return { manifest, numbering, setAside };
  } catch (error) {
    if (isDiskFull(error)) throw new BackupError(`no space left on the disk while restoring: nothing was replaced`);
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function assertTargetFree(options: RestoreOptions): Promise<void> {
  if (options.databaseUrl) {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    try {
      const others = await client.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      if ((others.rows[0]?.count ?? 0) > 0) {
        throw new BackupError('other connections use the database: stop every instance of the product first');
      }
      const tables = await client.query<{ count: number }>(
        `select count(*)::int as count from pg_tables where schemaname = 'public'`,
      );
      if ((tables.rows[0]?.count ?? 0) > 0 && !options.force) {
        throw new BackupError(
          'the database (DATABASE_URL) is not empty: restore with --force to replace it (its tables are dropped)',
        );
      }
    } finally {
      await client.end();
    }
  }
  const occupied =
    (!options.databaseUrl && existsSync(join(embeddedDataDir(options.dataDir), 'PG_VERSION'))) ||
    hasFiles(join(options.dataDir, 'uploads'));
  if (occupied && !options.force) {
    throw new BackupError(
      `${options.dataDir} (DATA_DIR) already holds a product: restore with --force to replace it (its files are ` +
        'moved aside, not deleted)',
    );
  }
}

/** PGlite opens a folder from its own dump: the files of a clean crash, recovered on this first opening. */
async function loadEmbedded(dump: string, product: string): Promise<void> {
  const db = await PGlite.create({
    dataDir: embeddedDataDir(product),
    loadDataDir: new Blob([new Uint8Array(await readFile(dump))]),
  });
  await db.close();
}

/** The restored database migrated to this version, the numbering moved where asked; answers the numbering. */
async function migrateAndNumber(
  url: string | undefined,
  product: string,
  choices: readonly NumberingChoice[],
): Promise<Numbering> {
  const database = new Database({ entities, repeatableSql, url, dataDir: url ? undefined : product });
  try {
    await database.start();
    if (!database.isReady) throw new BackupError(`the restored database did not open: ${database.lastError}`);
    const sql = sqlOf((await database.orm.em.getConnection().getNativeClient()) as Pool);
    try {
      await continueNumbering(sql, choices);
    } catch (error) {
      throw new BackupError(error instanceof Error ? error.message : String(error));
    }
    return await readNumbering(sql);
  } finally {
    await database.close();
  }
}

/** The target's replaced entries go to `<DATA_DIR>.before-restore-<time>`; the restored ones are renamed in. */
async function swapIn(product: string, dataDir: string, entries: readonly string[]): Promise<string | undefined> {
  await mkdir(dataDir, { recursive: true });
  const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  let setAside: string | undefined;
  for (const name of entries) {
    if (!existsSync(join(dataDir, name))) continue;
    await mkdir(aside, { recursive: true });
    await rename(join(dataDir, name), join(aside, name));
    setAside = aside;
  }
  for (const name of entries) {
    if (existsSync(join(product, name))) await rename(join(product, name), join(dataDir, name));
  }
  return setAside;
}
