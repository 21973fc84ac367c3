import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../config/storage.config.js';
import {
  assertStoredKey,
  FileExistsError,
  type FileStore,
  type NewFile,
  StorageUnavailableError,
  writeAllOrNone,
} from './file-store.js';

type BucketConfig = Extract<StorageConfig, { kind: 's3' }>;

/** A stored object opened for an answer: its body streams from the bucket. */
export interface OpenedObject {
  body: Readable;
  contentType: string | undefined;
  contentLength: number | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/** The bucket answered that there is no such object (HEAD answers a bare 404, GET NoSuchKey). */
const isMissing = (error: unknown): boolean => statusOf(error) === 404;

/**
 * Files as objects of an S3-compatible bucket under a prefix (decision 060), so that every instance on every host sees
 * every upload. The SDK is told to send and check checksums only when an operation requires them: S3-compatible
 * servers (the local test server among them) do not all know the newer default checksum headers.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  readonly client: S3Client;

  constructor(private readonly config: BucketConfig) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A bucket that does not answer fails an upload in seconds (and an /uploads answer with 503), not minutes.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
      maxAttempts: 2,
    });
  }

  /** The object's key in the bucket. */
  objectKey(key: string): string {
    assertStoredKey(key);
    return this.config.prefix ? `${this.config.prefix}/${key}` : key;
  }

  async writeNew(files: readonly NewFile[]): Promise<void> {
    await writeAllOrNone(
      files,
      (file) => this.writeOne(file),
      (keys) => this.remove(keys),
    );
  }

  /**
   * Never overwrites. `If-None-Match: *` makes the write conditional where the server supports it (AWS S3 since 2024,
   * MinIO, R2): a key taken meanwhile answers 412. Servers that ignore the header (the local test server does) would
   * overwrite, so a HEAD asks first; names are fresh (a sequence, or 128 random bits), so the race it leaves is moot.
   */
  private async writeOne({ key, bytes, contentType }: NewFile): Promise<void> {
    if (await this.exists(key)) throw new FileExistsError(key);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: this.objectKey(key),
          Body: bytes,
          ContentType: contentType,
          IfNoneMatch: '*',
        }),
      );
    } catch (error) {
      if (statusOf(error) === 412) throw new FileExistsError(key);
      throw new StorageUnavailableError(error);
    }
  }

  /** Whether an object has the key; `StorageUnavailableError` when the bucket cannot tell. */
  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw new StorageUnavailableError(error);
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
      );
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError(error);
    }
  }

  /**
   * Opens an object to answer a GET with: null when there is none, `'not-modified'` when the client's `If-None-Match`
   * holds its ETag (the bucket answers 304 itself, so nothing is read).
   */
  async open(key: string, ifNoneMatch?: string): Promise<OpenedObject | 'not-modified' | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.config.bucket,
          Key: this.objectKey(key),
          ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}),
        }),
      );
      return {
        body: answer.Body as Readable,
        contentType: answer.ContentType,
        contentLength: answer.ContentLength,
        etag: answer.ETag,
        lastModified: answer.LastModified,
      };
    } catch (error) {
      if (statusOf(error) === 304) return 'not-modified';
      if (isMissing(error)) return null;
      throw new StorageUnavailableError(error);
    }
  }

  async remove(keys: readonly string[], warn: (message: string) => void = () => {}): Promise<void> {
    for (const key of keys) {
      // S3 answers a delete of a missing key with success: a file already gone is fine, as on disk.
      await this.client
        .send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }))
        .catch((error: unknown) => warn(`could not remove ${key}: ${String(error)}`));
    }
  }

  /** Closes the SDK's pooled sockets, so a stopping server does not wait on them. */
  onModuleDestroy(): void {
    this.client.destroy();
  }
}
