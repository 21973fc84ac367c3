import { AppError } from '../http/app-error.js';

/** The store of uploaded files (photos, logos) for every module; built from STORAGE_URL (storage.module.ts). */
export const FILE_STORE = Symbol('FILE_STORE');

export interface NewFile {
  /** A relative path such as `products/1a-400.webp` (see `isStoredKey`). */
  key: string;
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live: the local folder DATA_DIR/uploads (the embedded default) or an S3-compatible bucket
 * (decision 060). Either way a key is written once and never overwritten, so `/uploads/<key>` may be cached for a
 * year; either way the menus only name the addresses, so a store that is down fails uploads, never menus.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /**
   * Writes every file under a key not taken yet, all or none: if one write fails, those written are removed. A key
   * already taken throws `FileExistsError`; a store that cannot be reached or refuses throws `StorageUnavailableError`.
   */
  writeNew(files: readonly NewFile[]): Promise<void>;
  /** A stored file's bytes; null when there is none. `StorageUnavailableError` when the store cannot tell. */
  read(key: string): Promise<Buffer | null>;
  /**
   * Removes files by key; one already gone is fine. Failures are reported to `warn`, never thrown: callers remove files
   * after their change committed, and a file left behind is only wasted space.
   */
  remove(keys: readonly string[], warn?: (message: string) => void): Promise<void>;
}

/** A key that names a file of its own: segments of letters, digits, dots, dashes and underscores, none hidden. */
const STORED_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export const isStoredKey = (key: string): boolean => key.length <= 512 && STORED_KEY.test(key);

export function assertStoredKey(key: string): void {
  if (!isStoredKey(key)) throw new Error(`not a stored file's key: ${key}`);
}

/** The key is taken: names are never reused (the served file is cached as immutable). */
export class FileExistsError extends Error {
  constructor(readonly key: string) {
    super(`a stored file already has the key ${key}`);
    this.name = 'FileExistsError';
  }
}

/**
 * The store did not answer or refused the write (a bucket that is down, a full disk): answered 503
 * `storage.unavailable`, and since files are written before the change that names them, nothing was recorded.
 */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('storage.unavailable', { headers: { 'retry-after': '30' } });
    this.cause = cause;
  }
}

/** The content type of a stored file by its extension; uploads are WebP today. */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** Writes files one by one with `writeOne`; when one fails, removes those written before rethrowing. */
export async function writeAllOrNone(
  files: readonly NewFile[],
  writeOne: (file: NewFile) => Promise<void>,
  remove: (keys: readonly string[]) => Promise<void>,
): Promise<void> {
  for (const file of files) assertStoredKey(file.key);
  const written: string[] = [];
  try {
    for (const file of files) {
      await writeOne(file);
      written.push(file.key);
    }
  } catch (error) {
    await remove(written);
    throw error;
  }
}
