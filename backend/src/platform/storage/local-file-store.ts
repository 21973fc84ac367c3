import { mkdirSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  assertStoredKey,
  FileExistsError,
  type FileStore,
  type NewFile,
  StorageUnavailableError,
  writeAllOrNone,
} from './file-store.js';

/**
 * Files under one folder (DATA_DIR/uploads), served by the /uploads static route. Several instances on one host share
 * it as a volume; on several hosts it needs a shared file system, or a bucket instead (decision 060).
 */
export class LocalFileStore implements FileStore {
  readonly kind = 'local';

  constructor(readonly root: string) {
    // At construction, so the static route that serves the folder has it from the first request.
    mkdirSync(root, { recursive: true });
  }

  async writeNew(files: readonly NewFile[]): Promise<void> {
    await writeAllOrNone(
      files,
      async ({ key, bytes }) => {
        const path = join(this.root, key);
        try {
          await mkdir(dirname(path), { recursive: true });
          // 'wx' fails when the file exists: a name is never overwritten.
          await writeFile(path, bytes, { flag: 'wx' });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new FileExistsError(key);
          // A full disk, a read-only volume, lost permissions: the server's storage, not the upload, is at fault.
          throw new StorageUnavailableError(error);
        }
      },
      (keys) => this.remove(keys),
    );
  }

  async read(key: string): Promise<Buffer | null> {
    assertStoredKey(key);
    try {
      return await readFile(join(this.root, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new StorageUnavailableError(error);
    }
  }

  async remove(keys: readonly string[], warn: (message: string) => void = () => {}): Promise<void> {
    for (const key of keys) {
      assertStoredKey(key);
      await rm(join(this.root, key), { force: true }).catch((error: unknown) =>
        warn(`could not remove ${key}: ${String(error)}`),
      );
    }
  }
}
