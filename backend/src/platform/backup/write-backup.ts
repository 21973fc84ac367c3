import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, stat, statfs, unlink } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { migrationsList } from '../../migrations/index.js';
import { writeArchive, type ArchiveEntry } from './backup-archive.js';
import {
  BACKUP_FORMAT_VERSION,
  BackupError,
  SECRET_FILES,
  type BackupManifest,
  type Numbering,
} from './backup-manifest.js';
import { recordBackupOutcome } from './backup-status.js';
import { backupFileName } from './retention.js';

/** Where a backup reads from and writes to: the product's DATA_DIR and BACKUP_DIR. */
export interface BackupPlace {
  dataDir: string;
  backupDir: string;
  /** STORAGE_URL is set: an object store keeps the uploads, the backup only says so. */
  objectStore: boolean;
  productVersion: string;
}

/** What the database gives a backup: its dump and, read the moment before it, its migrations and numbering. */
export interface DatabaseSnapshot {
  database: BackupManifest['database'];
  dump: ArchiveEntry;
  migrations: string[];
  numbering: Numbering;
}

/** Raw SQL with `$1` parameters, on whichever connection the caller holds (the server's pool, the command's client). */
export type Sql = <Row>(text: string, params?: readonly unknown[]) => Promise<Row[]>;

/** The migrations the database applied, oldest first (MikroORM's table). */
export async function appliedMigrations(sql: Sql): Promise<string[]> {
  const rows = await sql<{ name: string }>('select name from mikro_orm_migrations order by id');
  return rows.map((row) => row.name);
}

export const knownMigrations = (): string[] => migrationsList.map((migration) => migration.name);

/** Every file under `folder` (relative paths), leaving out `skip` (the backups folder when it lies inside). */
async function filesUnder(folder: string, skip: string): Promise<{ path: string; file: string; size: number }[]> {
  if (!existsSync(folder)) return [];
  const found: { path: string; file: string; size: number }[] = [];
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    if (file === skip || file.startsWith(skip + sep)) continue;
    found.push({ path: relative(folder, file), file, size: (await stat(file)).size });
  }
  return found;
}

/** The entries of a backup beside its database: the embedded default's secrets and the uploads. */
async function productFiles(place: BackupPlace, embedded: boolean): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  if (embedded) {
    for (const name of SECRET_FILES) {
      const file = join(place.dataDir, name);
      if (existsSync(file)) entries.push({ path: `data/${name}`, file, size: (await stat(file)).size });
    }
  }
  if (!place.objectStore) {
    const uploads = await filesUnder(join(place.dataDir, 'uploads'), resolve(place.backupDir));
    for (const upload of uploads) entries.push({ ...upload, path: `uploads/${upload.path.split(sep).join('/')}` });
  }
  return entries;
}

const sizeOf = (entry: ArchiveEntry): number => ('bytes' in entry ? entry.bytes.byteLength : entry.size);
const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Refuses before writing when the folder has clearly too little room (the archive is at most its entries' size). */
export async function assertRoomFor(folder: string, bytes: number, what: string): Promise<void> {
  const info = await statfs(folder);
  const free = info.bavail * info.bsize;
  // A margin for the tar's headers and the file system's own blocks.
  const needed = Math.ceil(bytes * 1.05) + 1_048_576;
  if (free < needed) {
    throw new BackupError(
      `not enough free space in ${folder} for ${what}: about ${megabytes(needed)} is needed, ${megabytes(free)} is ` +
        'free. Free some space or choose another folder (BACKUP_DIR), then try again',
    );
  }
}

export const isDiskFull = (error: unknown): boolean =>
  (error as { code?: string }).code === 'ENOSPC' || (error as { code?: string }).code === 'EDQUOT';

/**
 * Writes one backup into BACKUP_DIR: checks the room first, writes a hidden temporary file, and renames it to its
 * final name only once whole and on disk, so a backup folder never holds half a backup under a backup's name. A full
 * disk ends in a `BackupError` that says so, with the temporary file removed. Records the outcome (backup-status.ts)
 * either way. Answers the file's path and size.
 */
export async function writeBackup(
  place: BackupPlace,
  snapshot: () => Promise<DatabaseSnapshot>,
  prefix: string,
  now: () => Date = () => new Date(),
): Promise<{ file: string; sizeBytes: number }> {
  let temporary: string | undefined;
  try {
    await mkdir(place.backupDir, { recursive: true, mode: 0o700 });
    const taken = await snapshot();
    const at = now();
    const entries = [taken.dump, ...(await productFiles(place, taken.database === 'embedded'))];
    await assertRoomFor(
      place.backupDir,
      entries.reduce((sum, entry) => sum + sizeOf(entry), 0),
      'the backup',
    );
    const name = backupFileName(prefix, at);
    const file = join(place.backupDir, name);
    temporary = join(place.backupDir, `.${name}.partial`);
    const manifest: Omit<BackupManifest, 'files'> = {
      format: 'tafrit-backup',
      formatVersion: BACKUP_FORMAT_VERSION,
      productVersion: place.productVersion,
      createdAt: at.toISOString(),
      database: taken.database,
      migrations: taken.migrations,
      uploads: place.objectStore ? 'object-store' : 'included',
      numbering: taken.numbering,
    };
    await writeArchive(temporary, entries, manifest);
    await rename(temporary, file);
    temporary = undefined;
    const sizeBytes = (await stat(file)).size;
    await recordBackupOutcome(place.backupDir, { ok: true, at, file, sizeBytes });
    return { file, sizeBytes };
  } catch (caught) {
    const error = isDiskFull(caught)
      ? new BackupError(`no space left on the disk of ${place.backupDir}: the backup was not written`)
      : caught;
    if (temporary) await unlink(temporary).catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    await recordBackupOutcome(place.backupDir, { ok: false, at: now(), error: message });
    throw error;
  }
}
