import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** Beside the backups: written by whoever took the last one (the server's daily job or `npm run backup`). */
export const STATUS_FILE = 'last-backup.json';
/** A backup older than this is worth a warning on the administrator's page. */
export const STALE_AFTER_MS = 2 * 24 * 60 * 60_000;

const statusSchema = z.object({
  lastSuccess: z.object({ at: z.string(), file: z.string(), sizeBytes: z.number() }).nullable(),
  lastFailure: z.object({ at: z.string(), error: z.string() }).nullable(),
  // Every failure so far, for the operator's metrics (a counter); older files have none.
  failures: z.number().int().nonnegative().default(0),
});
type StoredStatus = z.infer<typeof statusSchema>;

export type BackupOutcome =
  { ok: true; at: Date; file: string; sizeBytes: number } | { ok: false; at: Date; error: string };

export interface BackupStatus {
  lastSuccess: { at: string; file: string; sizeBytes: number } | null;
  lastFailure: { at: string; error: string } | null;
  /** The last attempt failed, or the last backup is older than two days (or there is none). */
  warning: 'failed' | 'stale' | 'none-yet' | null;
}

const listeners = new Set<(outcome: BackupOutcome) => void>();

/** Hears every backup's outcome in this process (for a later gauge of the last backup's age, say). */
export function onBackupOutcome(listener: (outcome: BackupOutcome) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The one place a backup's outcome is recorded: the status file the administrator's page reads, then whoever
 * listens. Recording never throws: a backup that worked is not turned into a failure by its bookkeeping.
 */
export async function recordBackupOutcome(backupDir: string, outcome: BackupOutcome): Promise<void> {
  try {
    const previous = await readStoredStatus(backupDir);
    const next: StoredStatus = outcome.ok
      ? { ...previous, lastSuccess: { at: outcome.at.toISOString(), file: outcome.file, sizeBytes: outcome.sizeBytes } }
      : {
          ...previous,
          lastFailure: { at: outcome.at.toISOString(), error: outcome.error.slice(0, 500) },
          failures: previous.failures + 1,
        };
    const file = join(backupDir, STATUS_FILE);
    // A backup that failed before its folder was made still leaves its failure here.
    await mkdir(backupDir, { recursive: true, mode: 0o700 });
    await writeFile(`${file}.tmp`, JSON.stringify(next, null, 2), { mode: 0o600 });
    await rename(`${file}.tmp`, file);
  } catch {
    // No room even for this small file: the failure itself is logged by the caller.
  }
  for (const listener of listeners) listener(outcome);
}

/** The record as stored: the last success, the last failure and how many failed (none yet: all empty). */
export async function readStoredStatus(backupDir: string): Promise<StoredStatus> {
  try {
    const parsed = statusSchema.safeParse(JSON.parse(await readFile(join(backupDir, STATUS_FILE), 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // None yet, or unreadable: start afresh.
  }
  return { lastSuccess: null, lastFailure: null, failures: 0 };
}

/** What the administrator sees: the last backup's time and size, and a warning when it failed or is old. */
export async function readBackupStatus(backupDir: string, now: Date): Promise<BackupStatus> {
  const stored = await readStoredStatus(backupDir);
  const successAt = stored.lastSuccess ? Date.parse(stored.lastSuccess.at) : undefined;
  const failureAt = stored.lastFailure ? Date.parse(stored.lastFailure.at) : undefined;
  const warning =
    failureAt !== undefined && (successAt === undefined || failureAt > successAt)
      ? 'failed'
      : successAt === undefined
        ? 'none-yet'
        : now.getTime() - successAt > STALE_AFTER_MS
          ? 'stale'
          : null;
  return { lastSuccess: stored.lastSuccess, lastFailure: stored.lastFailure, warning };
}
