// `npm run backup`: one consistent backup of the product configured by the same environment as `npm start`
// (DATA_DIR, DATABASE_URL) into BACKUP_DIR, its path printed as the last line (decision 061). The embedded database
// is asked of the running server (one process opens a PGlite folder), or opened here when the product is stopped.
import 'reflect-metadata';
import { join } from 'node:path';
import { backupPaths } from '../config/backup.config.js';
import { backupThroughServer } from '../platform/backup/backup-control.js';
import { MANUAL_PREFIX } from '../platform/backup/retention.js';
import { writeBackup, type BackupPlace } from '../platform/backup/write-backup.js';
import { offlineSnapshot, postgresSnapshot, productVersion } from '../modules/backup/index.js';

async function main(): Promise<void> {
  const { dataDir, backupDir } = backupPaths(process.env);
  const place: BackupPlace = {
    dataDir,
    backupDir,
    objectStore: Boolean(process.env.STORAGE_URL),
    productVersion: productVersion(),
  };
  const url = process.env.DATABASE_URL;
  let taken: { file: string; sizeBytes: number } | undefined;
  if (url) {
    const dumpFile = join(backupDir, `.postgres-${process.pid}.dump.partial`);
    let done: (() => Promise<void>) | undefined;
    try {
      taken = await writeBackup(place, async () => {
        const snapshot = await postgresSnapshot(url, dumpFile);
        done = snapshot.done;
        return snapshot;
      }, MANUAL_PREFIX); // prettier-ignore
    } finally {
      await done?.();
    }
  } else {
    taken = await backupThroughServer(dataDir);
    if (taken) console.log('The running server wrote the backup.');
    else taken = await writeBackup(place, () => offlineSnapshot(dataDir), MANUAL_PREFIX);
  }
  if (place.objectStore) console.log('The uploads are not in the backup: the object store (STORAGE_URL) keeps them.');
  console.log(`Backup written (${(taken.sizeBytes / 1_048_576).toFixed(1)} MB):`);
  console.log(taken.file);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
