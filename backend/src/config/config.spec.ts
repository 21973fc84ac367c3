import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';

/** 32 bytes of key, as SECRETS_KEYS spells them. */
const TEST_SECRETS_KEYS = `test:${Buffer.alloc(32, 7).toString('base64')}`;

describe('configuration', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tafrit-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('gives the embedded defaults a newcomer needs', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smsProvider: 'log',
      smsLogFile: join(dataDir, 'sms.log'),
      paymentProvider: 'sandbox',
      seedDemo: true,
      adminPhones: ['0547654321'],
      // Quiet by default: the start banner stays on screen and the public menu takes its fast path (decision 012).
      logLevel: 'warn',
      // A body has 30 s to arrive, an upload two minutes (then 408).
      bodyTimeoutMs: 30_000,
      uploadBodyTimeoutMs: 120_000,
    });
    expect(loadConfig({ DATA_DIR: dataDir, BODY_TIMEOUT_MS: '1000' }).bodyTimeoutMs).toBe(1_000);
    expect(() => loadConfig({ DATA_DIR: dataDir, UPLOAD_BODY_TIMEOUT_MS: '600000' })).toThrow(/UPLOAD_BODY_TIMEOUT_MS/);
  });

  it('generates the signing secret once and keeps it in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('lists every bad variable at once', () => {
    let caught: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir,
        PORT: 'eighty',
        PUBLIC_URL: 'not a url',
        DATABASE_URL: 'mysql://x',
        ADMIN_PHONES: '0547654321, 12345',
        SMS_PROVIDER: 'carrier-pigeon',
        SEED_DEMO: 'maybe',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.map((problem) => problem.split(':')[0]);
    expect(problems).toEqual(
      expect.arrayContaining(['PORT', 'PUBLIC_URL', 'DATABASE_URL', 'ADMIN_PHONES.1', 'SMS_PROVIDER', 'SEED_DEMO']),
    );
  });

  it('speaks English to the operator, even with the Hebrew error map of contracts loaded', async () => {
    await import('@tafrit/contracts');
    let caught: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'loud', PORT: 'eighty' });
    } catch (error) {
      caught = error;
    }
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toContain('LOG_LEVEL: ');
    expect(problems).not.toMatch(/[\u0590-\u05FF]/);
  });

  it('requires JWT_SECRET in production and with an external database', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/app' })).toThrow(/JWT_SECRET/);
  });

  it('refuses to start on an external database or in production without SECRETS_KEYS, listed with JWT_SECRET', () => {
    const problemsOf = (env: Record<string, string>): string[] => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    // Both missing are listed together, so an operator fixes them in one pass.
    const bare = problemsOf({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/app' });
    expect(bare).toEqual([expect.stringMatching(/^JWT_SECRET: /), expect.stringMatching(/^SECRETS_KEYS: /)]);
    const jwt = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir };
    expect(problemsOf({ ...jwt, DATABASE_URL: 'postgres://db/app' })).toEqual([
      expect.stringMatching(/^SECRETS_KEYS: required when DATABASE_URL is set/),
    ]);
    expect(problemsOf({ ...jwt, NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^SECRETS_KEYS: required when NODE_ENV=production/),
    ]);
    // The message says how to make one.
    expect(problemsOf({ ...jwt, NODE_ENV: 'production' })[0]).toMatch(/openssl rand -base64 32/);
  });

  it('keys of stored secrets: generated beside embedded data, else from SECRETS_KEYS', () => {
    const embedded = loadConfig({ DATA_DIR: dataDir }).secretsKeys;
    expect(embedded).toEqual([{ id: 'local', key: expect.any(Buffer) }]);
    expect(embedded?.[0]?.key).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dataDir }).secretsKeys?.[0]?.key.equals(embedded![0]!.key)).toBe(true);
    const external = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/app' };
    const [current, previous] = [Buffer.alloc(32, 2).toString('base64'), Buffer.alloc(32, 1).toString('base64')];
    const rotated = loadConfig({ ...external, SECRETS_KEYS: `k2:${current}, k1:${previous}` }).secretsKeys;
    expect(rotated?.map((entry) => entry.id)).toEqual(['k2', 'k1']);
    expect(() => loadConfig({ ...external, SECRETS_KEYS: 'k1:short' })).toThrow(/SECRETS_KEYS/);
    expect(() => loadConfig({ ...external, SECRETS_KEYS: `k1:${current},k1:${previous}` })).toThrow(/own id/);
  });

  it('does not seed the demo on an external database unless asked', () => {
    const secret = { JWT_SECRET: 'x'.repeat(40), SECRETS_KEYS: TEST_SECRETS_KEYS, DATA_DIR: dataDir };
    expect(loadConfig({ ...secret, DATABASE_URL: 'postgres://db/app' }).seedDemo).toBe(false);
    expect(loadConfig({ ...secret, DATABASE_URL: 'postgres://db/app', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('requires the InforU credentials and sender when SMS_PROVIDER=inforu, listing each missing one', () => {
    let caught: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir, SMS_PROVIDER: 'inforu', INFORU_USERNAME: 'user' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'INFORU_API_TOKEN: required when SMS_PROVIDER=inforu',
      'INFORU_SENDER: required when SMS_PROVIDER=inforu',
    ]);
  });

  it('reads the InforU settings, with the public API address by default', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMS_PROVIDER: 'inforu',
      INFORU_USERNAME: 'user',
      INFORU_API_TOKEN: 'token',
      INFORU_SENDER: 'Tafrit',
    });
    expect(config.inforu).toEqual({
      username: 'user',
      apiToken: 'token',
      sender: 'Tafrit',
      apiUrl: 'https://capi.inforu.co.il',
    });
    expect(loadConfig({ DATA_DIR: dataDir }).inforu).toBeUndefined();
  });

  it('refuses a sender InforU would refuse, and a provider that does not exist yet', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        SMS_PROVIDER: 'inforu',
        INFORU_USERNAME: 'user',
        INFORU_API_TOKEN: 'token',
        INFORU_SENDER: 'Tafrit Menu Ltd',
      }),
    ).toThrow(/INFORU_SENDER/);
    expect(() => loadConfig({ DATA_DIR: dataDir, SMS_PROVIDER: '019' })).toThrow(/019 is not available/);
  });
});

describe('the proxy setting', () => {
  it('trusts no proxy unless told, and reads true and proxy addresses', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tafrit-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
      expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
      expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
        '10.0.0.0/8, 127.0.0.1',
      );
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
