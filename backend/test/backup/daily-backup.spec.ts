import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractArchive } from '../../src/platform/backup/backup-archive.js';
import { backupFileName, backupsToRemove, DAILY_PREFIX, MANUAL_PREFIX } from '../../src/platform/backup/retention.js';
import { productHost, type ProductHost } from '../reliability/product-process.js';

// The embedded default backs itself up (decision 061): at start when the newest daily backup is a day old, then the
// retention removes what 7 daily and 4 weekly do not keep. BACKUP_DIR is put inside the uploads here on purpose: a
// backup must never contain the backups folder.

let host: ProductHost;
let backupDir: string;
let scratch: string;
const DAY = 86_400_000;
const planted = Array.from({ length: 30 }, (_, n) =>
  backupFileName(DAILY_PREFIX, new Date(Date.now() - (n + 2) * DAY)),
);
const manual = backupFileName(MANUAL_PREFIX, new Date(Date.now() - 90 * DAY));

beforeAll(async () => {
  if (!embedded) return;
  // Jest's NODE_ENV=test reaches the product, where the daily backup is off by default: it is turned on.
  host = await productHost({ DAILY_BACKUP: 'true' });
  backupDir = join(host.dataDir, 'uploads', 'backups');
  mkdirSync(backupDir, { recursive: true });
  for (const name of [...planted, manual]) writeFileSync(join(backupDir, name), 'an old backup');
  host.env.BACKUP_DIR = backupDir;
  await host.start();
  const deadline = Date.now() + 180_000;
  while (!readdirSync(backupDir).some((name) => name.startsWith(DAILY_PREFIX) && !planted.includes(name))) {
    if (Date.now() > deadline) throw new Error(`no daily backup: ${readdirSync(backupDir).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The retention runs right after the new backup is renamed in: wait for the folder to hold what it keeps.
  while (readdirSync(backupDir).filter((name) => name.startsWith(DAILY_PREFIX)).length > 9) {
    if (Date.now() > deadline) throw new Error(`no retention: ${readdirSync(backupDir).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await host.stop();
  scratch = mkdtempSync(join(tmpdir(), 'tafrit-daily-'));
}, 300_000);

afterAll(async () => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  await host?.dispose();
});

// Only the embedded default backs itself up: with PostgreSQL the operator schedules `npm run backup`.
const embedded = !process.env.TEST_DATABASE_URL;

(embedded ? describe : describe.skip)('the daily backup of the embedded default', () => {
  it('is taken at start, recorded, and leaves 7 daily and 4 weekly, never a manual one', () => {
    const names = readdirSync(backupDir);
    const taken = names.find((name) => name.startsWith(DAILY_PREFIX) && !planted.includes(name))!;
    const status = JSON.parse(readFileSync(join(backupDir, 'last-backup.json'), 'utf8')) as {
      lastSuccess: { file: string; sizeBytes: number };
    };
    expect(status.lastSuccess.file).toBe(join(backupDir, taken));
    expect(status.lastSuccess.sizeBytes).toBeGreaterThan(0);
    const expected = [...planted, taken].filter((name) => !backupsToRemove([...planted, taken]).includes(name));
    expect(names.filter((name) => name.startsWith(DAILY_PREFIX)).sort()).toEqual(expected.sort());
    expect(names).toContain(manual);
  });

  it('holds the database and the uploads but not the backups folder inside them', async () => {
    const taken = readdirSync(backupDir).find((name) => name.startsWith(DAILY_PREFIX) && !planted.includes(name))!;
    const manifest = await extractArchive(join(backupDir, taken), scratch);
    const paths = manifest.files.map((file) => file.path);
    expect(paths).toContain('database/pglite.tar');
    expect(paths).toEqual(expect.arrayContaining(['data/jwt-secret', 'data/secrets-key']));
    expect(paths.filter((path) => path.startsWith('uploads/backups'))).toEqual([]);
    expect(existsSync(join(scratch, 'uploads', 'backups'))).toBe(false);
    expect(manifest).toMatchObject({ database: 'embedded', uploads: 'included' });
  });
});
