import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { entities } from '../../src/entities.js';
import { migrationsList } from '../../src/migrations/index.js';
import { embeddedDataDir, startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres.js';
import { createOrm } from '../../src/platform/database/orm.js';
import { BACKUP_COMMAND, RESTORE_COMMAND, runCommand } from './backup-cli.js';

// A backup of an older version (its database without this version's latest changes) is restored and migrated
// forward by the same migrator as a start. The older database is made here by migrating a fresh embedded folder only
// up to an earlier migration; the backup is taken by the command with no server running (it opens the folder).

const OLDER = migrationsList.at(-4)!.name;
let scratch: string;
let backupFile: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'tafrit-older-backup-'));
  const older = join(scratch, 'older');
  const server = await startEmbeddedPostgres(embeddedDataDir(older));
  const orm = createOrm({ url: server.url, entities, embedded: true, log: () => undefined });
  await orm.migrator.up({ to: OLDER });
  await orm.close(true);
  await server.stop();
  const backup = await runCommand(BACKUP_COMMAND, [], { DATA_DIR: older, DAILY_BACKUP: 'false' });
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  backupFile = backup.lastLine;
}, 300_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('a backup of an older version', () => {
  it('is restored and migrated to this version', async () => {
    const target = join(scratch, 'restored');
    const restored = await runCommand(RESTORE_COMMAND, [backupFile], { DATA_DIR: target });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    // The backup held the older database...
    expect(/, (\d+) database changes\)/.exec(restored.stdout)?.[1]).toBe(String(migrationsList.length - 3));
    // ...and the restored folder is at this version already, before any start (opened without migrating).
    const server = await startEmbeddedPostgres(embeddedDataDir(target));
    const client = new pg.Client({ connectionString: server.url });
    try {
      await client.connect();
      const applied = await client.query<{ name: string }>('select name from mikro_orm_migrations order by id');
      expect(applied.rows.map((row) => row.name)).toEqual(migrationsList.map((migration) => migration.name));
    } finally {
      await client.end();
      await server.stop();
    }
  }, 300_000);
});
