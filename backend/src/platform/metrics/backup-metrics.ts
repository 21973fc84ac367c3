import { readStoredStatus } from '../backup/backup-status.js';
import type { Metrics } from './metrics.js';

/**
 * The backups' figures, read when Prometheus asks from the record every backup leaves beside the backups
 * (`BACKUP_DIR/last-backup.json`, decision 061): a backup runs in the server (the daily one, or asked by `npm run
 * backup`) or as its own process (a stopped product's), and the record is the one place both write. Before the first
 * successful backup the time and size are 0, so an alert on the backup's age fires for a backup that never ran as for
 * one that stopped.
 */
export function registerBackupMetrics(metrics: Metrics, backupDir: string): void {
  metrics.gauge({
    name: 'tafrit_backup_last_success_timestamp_seconds',
    help: 'When the last successful backup finished (Unix time)',
    async collect() {
      const { lastSuccess } = await readStoredStatus(backupDir);
      this.set(lastSuccess ? Date.parse(lastSuccess.at) / 1_000 : 0);
    },
  });
  metrics.gauge({
    name: 'tafrit_backup_last_size_bytes',
    help: 'The size of the last successful backup',
    async collect() {
      this.set((await readStoredStatus(backupDir)).lastSuccess?.sizeBytes ?? 0);
    },
  });
  metrics.counter({
    name: 'tafrit_backup_failures_total',
    help: 'Backups that failed',
    async collect() {
      this.reset();
      this.inc((await readStoredStatus(backupDir)).failures);
    },
  });
}
