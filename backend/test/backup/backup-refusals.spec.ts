import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractArchive, writeArchive, type ArchiveEntry } from '../../src/platform/backup/backup-archive.js';
import { newPhone } from '../support/accounts.js';
import { dinerPays, openCafe, type Traffic } from '../reliability/diner-traffic.js';
import { clientOf, productHost, type ProductHost } from '../reliability/product-process.js';
import { BACKUP_COMMAND, RESTORE_COMMAND, runCommand } from './backup-cli.js';

// What `npm run backup` and `npm run restore` refuse, each with a clear message and nothing of the target changed:
// a damaged or cut-short file, a backup of a newer version, a target that already holds a product (without --force),
// a full disk. The backup here is taken with the product stopped (the command opens the database itself).

let host: ProductHost;
let scratch: string;
let backupFile: string;
let phone: string;
const mounted: string[] = [];

beforeAll(async () => {
  host = await productHost({ DAILY_BACKUP: 'false' });
  await host.start();
  const client = clientOf(host);
  const cafe = await openCafe(client, newPhone());
  phone = cafe.owner.phone;
  const traffic: Traffic = { acknowledged: [], interrupted: 0 };
  await dinerPays(client, cafe, { traffic, ip: '10.37.0.1', deadline: Date.now() + 120_000 });
  await host.stop();
  const backup = await runCommand(BACKUP_COMMAND, [], host.env);
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  backupFile = backup.lastLine;
  scratch = mkdtempSync(join(tmpdir(), 'tafrit-backup-refusals-'));
}, 300_000);

afterAll(async () => {
  for (const folder of mounted) execFileSync('umount', [folder]);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  await host?.dispose();
});

/** An empty DATA_DIR of its own for one restore (on PostgreSQL the host's database stays the target). */
function emptyTarget(name: string): Record<string, string> {
  const dataDir = join(scratch, name);
  mkdirSync(dataDir);
  return { ...host.env, DATA_DIR: dataDir };
}

/** Everything under a folder with its bytes: what "nothing was touched" is checked against. */
function contentsOf(folder: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      found.set(join(entry.parentPath, entry.name), readFileSync(join(entry.parentPath, entry.name), 'hex'));
  }
  return found;
}

async function refusedRestore(
  file: string,
  env: Record<string, string>,
  message: RegExp,
  args: string[] = [],
): Promise<void> {
  const before = contentsOf(env.DATA_DIR!);
  const restored = await runCommand(RESTORE_COMMAND, [file, ...args], env);
  expect(restored.stderr).toMatch(message);
  expect(restored.stderr).not.toMatch(/\n\s+at /);
  expect(restored.code).toBe(1);
  expect(contentsOf(env.DATA_DIR!)).toEqual(before);
  // No staging folder is left beside the target.
  expect(readdirSync(scratch).filter((name) => name.includes('.restore-'))).toEqual([]);
}

/** The same backup with its manifest changed by `change`: its files unpacked and packed again. */
async function rewritten(name: string, change: (manifest: Record<string, unknown>) => void): Promise<string> {
  const unpacked = join(scratch, `${name}-unpacked`);
  mkdirSync(unpacked);
  const manifest = (await extractArchive(backupFile, unpacked)) as unknown as Record<string, unknown>;
  const entries: ArchiveEntry[] = (manifest.files as { path: string; size: number }[]).map((file) => ({
    path: file.path,
    file: join(unpacked, file.path),
    size: file.size,
  }));
  change(manifest);
  const file = join(scratch, `${name}.tar.gz`);
  await writeArchive(file, entries, manifest as never);
  return file;
}

describe('the numbering after a restore', () => {
  // Into an empty folder of its own: on PostgreSQL the one target database is the host's, which is not empty.
  (process.env.TEST_DATABASE_URL ? it.skip : it)(
    'goes on where the options say, and never back',
    async () => {
      const back = emptyTarget('numbering-back');
      await refusedRestore(
        backupFile,
        back,
        new RegExp(`Restore failed: \\${phone}'s next invoice must come after 1, not at 1`),
        ['--next-invoice', `${phone}=1`],
      );
      await refusedRestore(
        backupFile,
        emptyTarget('numbering-unknown'),
        /Restore failed: no business \+972500000000 in this backup/,
        ['--next-credit', '+972500000000=5'],
      );
      const restored = await runCommand(
        RESTORE_COMMAND,
        [backupFile, '--next-invoice', `${phone}=10`, '--next-credit', `${phone}=3`, '--next-platform-invoice', '7'],
        emptyTarget('numbering'),
      );
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toContain(`business ${phone}: last invoice 9, last credit 2`);
      expect(restored.stdout).toContain('the platform: last invoice 6, last credit none');
    },
    120_000,
  );
});

describe('a restore refuses, says why and touches nothing', () => {
  it('a damaged file', async () => {
    const damaged = join(scratch, 'damaged.tar.gz');
    const bytes = readFileSync(backupFile);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(damaged, bytes);
    await refusedRestore(damaged, emptyTarget('damaged'), /Restore failed: the backup file (is damaged|is incomplete)/);
  });

  it('a file cut short', async () => {
    const truncated = join(scratch, 'truncated.tar.gz');
    writeFileSync(truncated, readFileSync(backupFile).subarray(0, Math.floor(readFileSync(backupFile).length * 0.7)));
    await refusedRestore(truncated, emptyTarget('truncated'), /Restore failed: the backup file is incomplete/);
  });

  it('a file that is not a backup at all', async () => {
    const other = join(scratch, 'other.tar.gz');
    writeFileSync(other, 'hello');
    await refusedRestore(
      other,
      emptyTarget('other'),
      /Restore failed: the backup file is damaged or is not a Tafrit backup/,
    );
  });

  it('a backup of a newer version (a database change this version does not know)', async () => {
    const newer = await rewritten('newer', (manifest) => {
      manifest.productVersion = '9.0.0';
      manifest.migrations = [...(manifest.migrations as string[]), 'Migration29991231000000_future'];
    });
    await refusedRestore(
      newer,
      emptyTarget('newer'),
      /Restore failed: the backup comes from a newer version of Tafrit \(9\.0\.0, 1 database change\(s\) this version does not know, the latest Migration29991231000000_future\)/,
    );
  });

  it('a backup in a newer format', async () => {
    const newer = await rewritten('newer-format', (manifest) => (manifest.formatVersion = 2));
    await refusedRestore(
      newer,
      emptyTarget('newer-format'),
      /Restore failed: the backup was written by a newer version/,
    );
  });

  it('a target that already holds a product, without --force', async () => {
    await refusedRestore(
      backupFile,
      { ...host.env },
      /Restore failed: .* (already holds a product|is not empty): restore with --force/,
    );
  });

  const asRoot = process.getuid?.() === 0;
  // A full disk is a small tmpfs (mounting needs root); elsewhere this case is left to the machines that have it.
  (asRoot ? it : it.skip)('a full disk, while restoring and while backing up', async () => {
    const tiny = join(scratch, 'tiny');
    mkdirSync(tiny);
    // Room for the backup file and a megabyte more: what it unpacks to (the database's files) does not fit.
    const size = Math.ceil(statSync(backupFile).size / 1024) + 1024;
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}k`, 'tmpfs', tiny]);
    mounted.push(tiny);
    const dataDir = join(tiny, 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'keep.txt'), 'untouched');
    const copy = join(tiny, 'backup.tar.gz');
    copyFileSync(backupFile, copy);
    // A PostgreSQL backup unpacks to about its own size (pg_dump compresses): only the embedded database's files
    // overflow this disk.
    if (!host.databaseUrl) {
      await refusedRestore(
        copy,
        { ...host.env, DATA_DIR: dataDir },
        /Restore failed: no space left on the disk while (unpacking the backup|restoring): nothing was replaced/,
      );
      expect(readdirSync(tiny).sort()).toEqual(['backup.tar.gz', 'data']);
    }

    const backedUp = await runCommand(BACKUP_COMMAND, [], { ...host.env, BACKUP_DIR: join(tiny, 'backups') });
    expect(backedUp.stderr).toMatch(
      /Backup failed: (not enough free space in .* for the backup|no space left on the disk)/,
    );
    expect(backedUp.code).toBe(1);
    expect(
      readdirSync(join(tiny, 'backups')).filter((name) => name.endsWith('.tar.gz') || name.endsWith('.partial')),
    ).toEqual([]);
  });
});

describe('a restore with --force', () => {
  // Over the host's own DATA_DIR (embedded: on PostgreSQL the host's database would be dropped under the next files).
  (process.env.TEST_DATABASE_URL ? it.skip : it)(
    'replaces the product, keeping what it replaced beside it',
    async () => {
      const before = contentsOf(join(host.dataDir, 'uploads'));
      const restored = await runCommand(RESTORE_COMMAND, [backupFile, '--force'], host.env);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      const aside = /The files it replaced are kept in (.+)\.\n/.exec(restored.stdout)?.[1];
      expect(aside).toMatch(new RegExp(`^${host.dataDir}\\.before-restore-`));
      expect(readdirSync(aside!).sort()).toEqual(['jwt-secret', 'pglite', 'secrets-key', 'uploads']);
      expect(readdirSync(host.dataDir)).toEqual(
        expect.arrayContaining(['pglite', 'jwt-secret', 'secrets-key', 'backups']),
      );
      expect(contentsOf(join(aside!, 'uploads')).size).toBe(before.size);
      rmSync(aside!, { recursive: true, force: true });
    },
    120_000,
  );
});
