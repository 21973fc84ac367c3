import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupPaths } from './backup.config.js';
import { ConfigError, loadConfig } from './config.js';

const SECRETS = {
  JWT_SECRET: 'backup-config-secret-backup-config-secret',
  SECRETS_KEYS: `test:${Buffer.alloc(32, 7).toString('base64')}`,
};

describe('the configuration of backups (decision 061)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tafrit-backup-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('backs the embedded default up daily into DATA_DIR/backups', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ backupDir: join(dataDir, 'backups'), dailyBackup: true });
  });

  it('takes BACKUP_DIR and DAILY_BACKUP, and never a daily backup with PostgreSQL or in tests', () => {
    const elsewhere = join(dataDir, 'elsewhere');
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: elsewhere, DAILY_BACKUP: 'off' })).toMatchObject({
      backupDir: elsewhere,
      dailyBackup: false,
    });
    const postgres = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/tafrit', DAILY_BACKUP: 'true', ...SECRETS };
    expect(loadConfig(postgres).dailyBackup).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }).dailyBackup).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, DAILY_BACKUP: 'sometimes' })).toThrow(ConfigError);
  });

  it("gives the commands the same folders without making the embedded default's secrets", () => {
    expect(backupPaths({ DATA_DIR: dataDir })).toEqual({ dataDir, backupDir: join(dataDir, 'backups') });
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
