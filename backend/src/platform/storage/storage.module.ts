import { join } from 'node:path';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { FILE_STORE, type FileStore } from './file-store.js';
import { LocalFileStore } from './local-file-store.js';
import { S3FileStore } from './s3-file-store.js';

/** The store chosen by STORAGE_URL (validated in config.ts): a bucket, or the DATA_DIR/uploads folder by default. */
export function createFileStore(config: Pick<AppConfig, 'storage' | 'dataDir'>): FileStore {
  return config.storage.kind === 's3'
    ? new S3FileStore(config.storage)
    : new LocalFileStore(join(config.dataDir, 'uploads'));
}

/** The one file store of photos and logos, for every module that keeps uploaded files. */
@Global()
@Module({
  providers: [{ provide: FILE_STORE, inject: [APP_CONFIG], useFactory: createFileStore }],
  exports: [FILE_STORE],
})
export class StorageModule {}
