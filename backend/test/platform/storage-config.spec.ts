import { ConfigError, loadConfig } from '../../src/config/config.js';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/tafrit-storage-config', JWT_SECRET: 'x'.repeat(32) } as const;
const bucket = { AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000' } as const;

describe('STORAGE_URL', () => {
  it('is unset by default: photos and logos stay in DATA_DIR/uploads', () => {
    expect(loadConfig({ ...base }).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ ...base, STORAGE_URL: '' }).storage).toEqual({ kind: 'local' });
  });

  it('names a bucket and an optional prefix, with the SDK variables beside it', () => {
    expect(loadConfig({ ...base, STORAGE_URL: 's3://menus', AWS_REGION: 'eu-central-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'menus',
      prefix: '',
      endpoint: undefined,
      region: 'eu-central-1',
      credentials: undefined,
    });
    expect(
      loadConfig({
        ...base,
        ...bucket,
        STORAGE_URL: 's3://cafe.photos/prod/uploads/',
        AWS_ACCESS_KEY_ID: 'id',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'cafe.photos',
      prefix: 'prod/uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
  });

  it.each(['http://bucket/x', 's3://', 's3://ab', 's3://Upper', 's3://-bucket', 's3://bucket name'])(
    'refuses %s',
    (url) => {
      expect(() => loadConfig({ ...base, ...bucket, STORAGE_URL: url })).toThrow(/STORAGE_URL: expected s3:\/\/bucket/);
    },
  );

  it('refuses half a key pair, and an AWS bucket without a region', () => {
    expect(() => loadConfig({ ...base, ...bucket, STORAGE_URL: 's3://menus', AWS_ACCESS_KEY_ID: 'id' })).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...base, STORAGE_URL: 's3://menus' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STORAGE_URL: 's3://menus' })).toThrow(/AWS_REGION/);
  });
});
