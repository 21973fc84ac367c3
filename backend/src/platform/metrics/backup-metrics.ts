import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Metrics } from './metrics.js';

/** What a backup run reports: done (with the size of what it wrote) or failed. */
export type BackupOutcome = { ok: true; sizeBytes: number; at?: Date } | { ok: false; at?: Date };

/** The record of backups the server reads for its metrics, kept beside the data. */
interface BackupStatus {
  lastSuccessAt: string | null;
  lastSizeBytes: number | null;
  failures: number;
  lastFailureAt: string | null;
}

const STATUS_FILE = 'backup-status.json';

/**
 * Records a backup's outcome where the server's `/metrics` finds it: a small file in DATA_DIR, because a backup runs
 * as its own process (`npm run backup`, a cron job) while Prometheus asks the server. Written to a temporary name and
 * renamed, so a scrape never reads half a file. Call it once per run, from whatever makes the backup.
 */
export function recordBackupOutcome(dataDir: string, outcome: BackupOutcome): void {
  const status = readBackupStatus(dataDir);
  const at = (outcome.at ?? new Date()).toISOString();
  const next: BackupStatus = outcome.ok
    ? { ...status, lastSuccessAt: at, lastSizeBytes: outcome.sizeBytes }
    : { ...status, failures: status.failures + 1, lastFailureAt: at };
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, STATUS_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(next, null, 2));
  renameSync(temporary, file);
}

/** The recorded backups; nothing recorded (or a file that cannot be read) is no backup yet. */
export function readBackupStatus(dataDir: string): BackupStatus {
  const none: BackupStatus = { lastSuccessAt: null, lastSizeBytes: null, failures: 0, lastFailureAt: null };
  try {
    const stored = JSON.parse(readFileSync(join(dataDir, STATUS_FILE), 'utf8')) as Partial<BackupStatus>;
    return {
      lastSuccessAt: typeof stored.lastSuccessAt === 'string' ? stored.lastSuccessAt : null,
      lastSizeBytes: typeof stored.lastSizeBytes === 'number' ? stored.lastSizeBytes : null,
      failures: typeof stored.failures === 'number' ? stored.failures : 0,
      lastFailureAt: typeof stored.lastFailureAt === 'string' ? stored.lastFailureAt : null,
    };
  } catch {
    return none;
  }
}

/**
 * The backups' figures, read from the record when Prometheus asks. Before the first successful backup the time and
 * size are 0, so an alert on the backup's age fires for a backup that never ran as for one that stopped.
 */
export function registerBackupMetrics(metrics: Metrics, dataDir: string): void {
  metrics.gauge({
    name: 'tafrit_backup_last_success_timestamp_seconds',
    help: 'When the last successful backup finished (Unix time)',
    collect() {
      const { lastSuccessAt } = readBackupStatus(dataDir);
      this.set(lastSuccessAt ? Date.parse(lastSuccessAt) / 1_000 : 0);
    },
  });
  metrics.gauge({
    name: 'tafrit_backup_last_size_bytes',
    help: 'The size of the last successful backup',
    collect() {
      this.set(readBackupStatus(dataDir).lastSizeBytes ?? 0);
    },
  });
  metrics.counter({
    name: 'tafrit_backup_failures_total',
    help: 'Backups that failed',
    collect() {
      this.reset();
      this.inc(readBackupStatus(dataDir).failures);
    },
  });
}
