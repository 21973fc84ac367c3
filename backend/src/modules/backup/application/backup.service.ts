import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { startBackupControl, type BackupTaken } from '../../../platform/backup/backup-control.js';
import { backupsToRemove, DAILY_PREFIX, MANUAL_PREFIX, timeOfBackup } from '../../../platform/backup/retention.js';
import { writeBackup, type BackupPlace } from '../../../platform/backup/write-backup.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { sweepEvery } from '../../../platform/processing/sweep-every.js';
import { productVersion } from './product-version.js';
import { serverSnapshot } from './snapshots.js';

const HOUR_MS = 60 * 60_000;
/** A daily backup is due when the newest is older than this (a little under a day, so the hour of day holds). */
const DAILY_EVERY_MS = 23 * HOUR_MS;

/**
 * The running server's backups of its embedded database (decision 061): `npm run backup` asks for one through the
 * loopback control port, and once a day the server takes one by itself, keeping 7 daily and 4 weekly. One backup at
 * a time: a request while another runs waits for it, then takes its own.
 */
@Injectable()
export class BackupService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Backup');
  private queue: Promise<unknown> = Promise.resolve();
  private stopControl: (() => Promise<void>) | undefined;
  private stopDaily: (() => void) | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  async onModuleInit(): Promise<void> {
    const folder = this.database.embeddedFolder;
    if (!folder) return;
    this.stopControl = await startBackupControl(folder, () => this.take(MANUAL_PREFIX));
    if (!this.config.dailyBackup) return;
    this.stopDaily = sweepEvery(
      this.database,
      { name: 'daily backup', everyMs: HOUR_MS, logger: this.logger, what: 'daily backup', first: 'start' },
      () => this.takeDailyIfDue(new Date()),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopDaily?.();
    await this.stopControl?.();
    // The database closes after this (DatabaseModule): a backup in hand finishes first.
    await this.queue.catch(() => undefined);
  }

  private get place(): BackupPlace {
    return {
      dataDir: this.config.dataDir,
      backupDir: this.config.backupDir,
      objectStore: Boolean(this.config.environment?.STORAGE_URL),
      productVersion: productVersion(),
    };
  }

  /** Takes one backup after any other in hand. */
  take(prefix: string): Promise<BackupTaken> {
    const taken = this.queue.then(() => writeBackup(this.place, () => serverSnapshot(this.database), prefix));
    this.queue = taken.catch(() => undefined);
    return taken;
  }

  /** The daily backup when the newest is a day old (or there is none), then the retention's removals. */
  async takeDailyIfDue(now: Date): Promise<void> {
    const names = await readdir(this.config.backupDir).catch(() => [] as string[]);
    const newest = Math.max(0, ...names.map((name) => timeOfBackup(DAILY_PREFIX, name)?.getTime() ?? 0));
    if (now.getTime() - newest < DAILY_EVERY_MS) return;
    try {
      const taken = await this.take(DAILY_PREFIX);
      this.logger.log(`daily backup written: ${taken.file} (${taken.sizeBytes} bytes)`);
    } catch (error) {
      this.logger.error(`daily backup failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const after = await readdir(this.config.backupDir);
    for (const name of backupsToRemove(after)) await unlink(join(this.config.backupDir, name)).catch(() => undefined);
  }
}
