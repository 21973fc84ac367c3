import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { BackupError, MANIFEST_NAME, parseManifest, type BackupManifest } from './backup-manifest.js';

/** One entry of a backup: bytes in memory (a dump) or a file on disk (an upload, a secret). */
export type ArchiveEntry = { path: string; bytes: Uint8Array } | { path: string; file: string; size: number };

/**
 * Writes a backup archive (a gzipped tar) to `target`: every entry, then `manifest.json` with each entry's size and
 * SHA-256, so a truncated file lacks its manifest and a damaged one fails its checksum. The file is flushed to disk
 * before this returns; the caller writes to a temporary name and renames it.
 */
export async function writeArchive(
  target: string,
  entries: readonly ArchiveEntry[],
  manifest: Omit<BackupManifest, 'files'>,
): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  // A failed write (a full disk) rejects `written` while the entries are still being added: stop adding then.
  let failed: unknown;
  written.catch((error: unknown) => (failed = error));
  const files: BackupManifest['files'] = [];
  try {
    for (const entry of entries) {
      if (failed) break;
      files.push(await addEntry(pack, entry));
    }
  } catch (error) {
    failed ??= error;
  }
  if (failed) pack.destroy(failed instanceof Error ? failed : new Error(String(failed)));
  else {
    pack.entry({ name: MANIFEST_NAME, mode: 0o600 }, JSON.stringify({ ...manifest, files }, null, 2));
    pack.finalize();
  }
  await written;
  // On disk before it is renamed to a backup's name: a power cut must not leave a backup that is half there.
  const handle = await open(target, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function addEntry(pack: tar.Pack, entry: ArchiveEntry): Promise<BackupManifest['files'][number]> {
  const hash = createHash('sha256');
  if ('bytes' in entry) {
    hash.update(entry.bytes);
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: entry.path, mode: 0o600 }, Buffer.from(entry.bytes), (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    return { path: entry.path, size: entry.bytes.byteLength, sha256: hash.digest('hex') };
  }
  // The size is the tar header's: read once (a file that changed size since would make the tar refuse it).
  const sink = pack.entry({ name: entry.path, size: entry.size, mode: 0o600 });
  await pipeline(createReadStream(entry.file, { end: Math.max(entry.size - 1, 0), start: 0 }), hashing(hash), sink);
  return { path: entry.path, size: entry.size, sha256: hash.digest('hex') };
}

function hashing(hash: ReturnType<typeof createHash>, counter?: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      if (counter) counter.bytes += chunk.length;
      done(null, chunk);
    },
  });
}

/** An entry's name as a relative path inside the archive: no absolute path, no `..`, nothing outside. */
function safeRelative(name: string): string {
  const path = normalize(name);
  if (path.startsWith(sep) || path.startsWith('..') || path.includes(`${sep}..${sep}`) || path === '.') {
    throw new BackupError(`the backup file is damaged: it names a file outside itself (${name})`);
  }
  return path;
}

/**
 * Unpacks a backup into `folder` (empty, made by the caller) and checks it whole: the manifest is there and readable,
 * every file it lists is there with its size and SHA-256, and nothing else is. Only then may the caller touch the
 * target. A file cut short or damaged ends in a `BackupError` that says so.
 */
export async function extractArchive(file: string, folder: string): Promise<BackupManifest> {
  const found = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    void (async () => {
      if (header.type !== 'file') throw new BackupError(`the backup file is damaged: ${header.name} is not a file`);
      if (header.name === MANIFEST_NAME) {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        manifestText = Buffer.concat(chunks).toString('utf8');
        return;
      }
      const path = safeRelative(header.name);
      const target = join(folder, path);
      await mkdir(dirname(target), { recursive: true });
      const hash = createHash('sha256');
      const counter = { bytes: 0 };
      await pipeline(stream, hashing(hash, counter), createWriteStream(target, { mode: 0o600 }) as Writable);
      found.set(header.name, { size: counter.bytes, sha256: hash.digest('hex') });
    })().then(() => next(), next);
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), extract);
  } catch (error) {
    throw describeReadFailure(error);
  }
  if (manifestText === undefined) {
    throw new BackupError('the backup file is incomplete (it ends before its manifest): it was probably cut short');
  }
  const manifest = parseManifest(manifestText);
  for (const listed of manifest.files) {
    const got = found.get(listed.path);
    if (!got) throw new BackupError(`the backup file is incomplete: ${listed.path} is missing`);
    if (got.size !== listed.size || got.sha256 !== listed.sha256) {
      throw new BackupError(`the backup file is damaged: ${listed.path} does not match its checksum`);
    }
    found.delete(listed.path);
  }
  if (found.size > 0)
    throw new BackupError(`the backup file is damaged: ${[...found.keys()][0]} is not in its manifest`);
  return manifest;
}

function describeReadFailure(error: unknown): Error {
  if (error instanceof BackupError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'ENOSPC')
    return new BackupError('no space left on the disk while unpacking the backup: nothing was replaced');
  if (code === 'ENOENT') return new BackupError(`the backup file does not exist`);
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected end|premature|truncat/i.test(message)) {
    return new BackupError('the backup file is incomplete (it ends too early): it was probably cut short');
  }
  if (code === 'Z_DATA_ERROR' || /header|checksum|invalid/i.test(message)) {
    return new BackupError(`the backup file is damaged or is not a Tafrit backup (${message})`);
  }
  return error instanceof Error ? error : new Error(message);
}
