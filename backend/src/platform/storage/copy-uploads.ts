import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { contentTypeOf, FileExistsError, isStoredKey } from './file-store.js';
import type { S3FileStore } from './s3-file-store.js';

export interface CopyCounts {
  /** Written to the bucket now. */
  copied: number;
  /** Already in the bucket under the same key (a repeated run, or a file the product wrote itself): never overwritten. */
  skipped: number;
  /** Not an uploaded file's name (a hidden file, a stray name): left where it is. */
  ignored: string[];
}

/**
 * Copies the files of an uploads folder into the bucket under the same keys, so that the addresses the menus already
 * name (`/uploads/<key>`) are answered from the bucket once STORAGE_URL is set (`npm run storage:copy`, decision 060).
 * A key already in the bucket is skipped, so the copy can be run again after an interruption; the folder is not
 * changed. A bucket that stops answering stops the copy (`StorageUnavailableError`), with what was copied kept.
 */
export async function copyUploads({
  folder,
  bucket,
  onCopied = () => {},
}: {
  folder: string;
  bucket: S3FileStore;
  onCopied?: (key: string) => void;
}): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, skipped: 0, ignored: [] };
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    // No uploads folder: nothing was ever uploaded here.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
  for (const key of files) {
    if (!isStoredKey(key)) {
      counts.ignored.push(key);
      continue;
    }
    if (await bucket.exists(key)) {
      counts.skipped++;
      continue;
    }
    const bytes = await readFile(join(folder, key));
    try {
      await bucket.writeNew([{ key, bytes, contentType: contentTypeOf(key) }]);
    } catch (error) {
      // Another copy (or an instance) wrote it meanwhile: the bucket's object stands.
      if (error instanceof FileExistsError) {
        counts.skipped++;
        continue;
      }
      throw error;
    }
    counts.copied++;
    onCopied(key);
  }
  return counts;
}
