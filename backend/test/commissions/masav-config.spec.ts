import { ConfigError, loadConfig } from '../../src/config/config.js';
import { call } from '../support/http-client.js';
import type { TestApp } from '../support/test-app.js';
import { APP_START_TIMEOUT_MS, lastMonth, MASAV_TEST_ENV, startCommissionsApp } from './support.js';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/tafrit-masav-config', JWT_SECRET: 'x'.repeat(32) } as const;

describe('the Masav configuration', () => {
  it('is optional, and read whole when given', () => {
    expect(loadConfig({ ...base }).masav).toBeUndefined();
    expect(loadConfig({ ...base, ...MASAV_TEST_ENV }).masav).toEqual({
      institutionCode: '12345678',
      sendingInstitution: '54321',
      institutionName: 'תפריט בע"מ',
    });
  });

  it('refuses half a configuration and codes of the wrong width', () => {
    expect(() => loadConfig({ ...base, MASAV_INSTITUTION_CODE: '12345678' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...MASAV_TEST_ENV, MASAV_INSTITUTION_CODE: '1234567' })).toThrow(
      /MASAV_INSTITUTION_CODE/,
    );
    expect(() => loadConfig({ ...base, ...MASAV_TEST_ENV, MASAV_SENDING_INSTITUTION: '123456' })).toThrow(
      /MASAV_SENDING_INSTITUTION/,
    );
  });
});

describe('without a Masav configuration', () => {
  let app: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    ({ app, adminToken } = await startCommissionsApp({}));
  }, APP_START_TIMEOUT_MS);
  afterAll(() => app.close());

  it('the Masav download answers 409 saying what to configure; the CSV still works', async () => {
    const answer = await call(app, 'GET', `/api/admin/payouts/${lastMonth()}/masav`, { token: adminToken });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ success: false, code: 'conflict' });
    expect(String(answer.body.message)).toContain('MASAV_INSTITUTION_CODE');
    expect((await call(app, 'GET', `/api/admin/payouts/${lastMonth()}/csv`, { token: adminToken })).status).toBe(200);
  });
});
