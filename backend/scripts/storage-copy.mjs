#!/usr/bin/env node
// Copies the photos and logos kept in DATA_DIR/uploads into the bucket STORAGE_URL names (decision 060), under the
// same keys, so the addresses the menus already name keep working once the product serves them from the bucket.
//
//   npm run storage:copy                (the built product: run `npm run build -w backend` first)
//
// It reads the product's own environment (DATA_DIR, STORAGE_URL and the AWS_* variables). A file already in the bucket
// is skipped, never overwritten, so it can be run again; the folder is left as it is. Run it before switching the
// instances to the bucket, and once more after, for anything uploaded in between. Exit code 0 when done, 1 when the
// bucket could not be reached (what was copied stays), 2 when STORAGE_URL is not set.
import { join } from 'node:path';
import { loadConfig } from '../dist/config/config.js';
import { copyUploads } from '../dist/platform/storage/copy-uploads.js';
import { createFileStore } from '../dist/platform/storage/storage.module.js';

const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error('STORAGE_URL is not set: name the bucket to copy into, e.g. STORAGE_URL=s3://my-bucket/uploads');
  process.exit(2);
}
const folder = join(config.dataDir, 'uploads');
const bucket = createFileStore(config);
console.log(`Copying ${folder} into s3://${config.storage.bucket}/${config.storage.prefix}`);
try {
  const counts = await copyUploads({ folder, bucket });
  console.log(`copied ${counts.copied}, already in the bucket ${counts.skipped}, ignored ${counts.ignored.length}`);
  for (const name of counts.ignored) console.log(`  ignored (not an uploaded file's name): ${name}`);
} catch (error) {
  console.error(`The copy stopped: ${error?.cause?.message ?? error?.message ?? error}`);
  process.exitCode = 1;
} finally {
  bucket.onModuleDestroy();
}
