import { join, resolve } from 'node:path';
import { z } from 'zod';
import { booleanFlag } from './fields.js';

/** Backups (decision 061): where they go, and whether the embedded default takes its own once a day. */
export const backupEnvironment = {
  // Where backups go (`npm run backup` and the embedded default's daily one); DATA_DIR/backups if unset.
  BACKUP_DIR: z.string().min(1).optional(),
  // The embedded default backs itself up once a day into BACKUP_DIR (7 daily, 4 weekly kept); off turns that off.
  DAILY_BACKUP: booleanFlag.optional(),
};

export function backupDirOf(env: NodeJS.ProcessEnv, dataDir: string): string {
  return resolve(env.BACKUP_DIR || join(dataDir, 'backups'));
}

/**
 * The folders of a backup, read without the rest of the configuration (which would make the embedded default's
 * secrets in an empty DATA_DIR): `npm run restore` must find an empty target empty.
 */
export function backupPaths(env: NodeJS.ProcessEnv = process.env): { dataDir: string; backupDir: string } {
  const dataDir = resolve(env.DATA_DIR || './data');
  return { dataDir, backupDir: backupDirOf(env, dataDir) };
}
