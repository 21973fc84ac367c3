import { Module } from '@nestjs/common';
import { BackupService } from './application/backup.service.js';

/** Backups of the embedded database taken by the running server (decision 061); the commands are in src/cli/. */
@Module({ providers: [BackupService], exports: [BackupService] })
export class BackupModule {}
