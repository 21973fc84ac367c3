import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { recordBackupOutcome, STATUS_FILE } from '../../src/platform/backup/backup-status.js';
import { signInAdmin } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The administrator's view of backups (decision 061): the last one's time and size, a warning when the last attempt
// failed or the last backup is older than two days. Written by whoever took the backup, read from BACKUP_DIR.

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAdmin(app)).token;
}, 120_000);
afterAll(() => app?.close());

const status = async () => {
  const answer = await call(app, 'GET', '/api/admin/backup', { token });
  expect(answer.status).toBe(200);
  return answer.body.data as { lastSuccess: { at: string; sizeBytes: number } | null; warning: string | null };
};

describe("the last backup on the administrator's page", () => {
  it('is for the administrator only', async () => {
    expect((await call(app, 'GET', '/api/admin/backup')).status).toBe(401);
  });

  it('warns while there is none, shows the last one, and warns when the next attempt fails', async () => {
    expect(await status()).toMatchObject({ lastSuccess: null, lastFailure: null, warning: 'none-yet', daily: false });
    const backupDir = app.config.backupDir;
    const at = new Date();
    await recordBackupOutcome(backupDir, {
      ok: true,
      at,
      file: join(backupDir, 'tafrit-backup.tar.gz'),
      sizeBytes: 4096,
    });
    expect(await status()).toMatchObject({ lastSuccess: { at: at.toISOString(), sizeBytes: 4096 }, warning: null });
    await recordBackupOutcome(backupDir, { ok: false, at: new Date(at.getTime() + 1000), error: 'no space left' });
    expect(await status()).toMatchObject({
      lastSuccess: { at: at.toISOString() },
      lastFailure: { error: 'no space left' },
      warning: 'failed',
    });
  });

  it('warns when the last backup is older than two days', async () => {
    const backupDir = app.config.backupDir;
    rmSync(join(backupDir, STATUS_FILE));
    const old = new Date(Date.now() - 3 * 24 * 60 * 60_000);
    await recordBackupOutcome(backupDir, { ok: true, at: old, file: join(backupDir, 'old.tar.gz'), sizeBytes: 1 });
    expect((await status()).warning).toBe('stale');
    const recent = new Date(Date.now() - 24 * 60 * 60_000);
    await recordBackupOutcome(backupDir, { ok: true, at: recent, file: join(backupDir, 'new.tar.gz'), sizeBytes: 1 });
    expect((await status()).warning).toBeNull();
  });
});
