import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** The variables that point the product at this server's bucket (STORAGE_URL with `prefix`, and the SDK's own). */
  env(prefix?: string): Record<string, string>;
  bucket: string;
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Stops answering: the port is closed and every open connection dropped, as a crashed storage server would. */
  stop(): Promise<void>;
  /** Starts again on the same port and folder: what was stored is there again. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: a Koa app storing objects as files) on a free loopback port, with a bucket in a
 * temporary folder. It checks request signatures, so the product must sign with its default key pair, S3RVER/S3RVER.
 */
export async function startLocalS3(bucket = 'tafrit-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'tafrit-s3-'));
  let server: S3rver | undefined;
  const run = async (port: number) => {
    const started = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    const address = await started.run();
    server = started;
    return address.port;
  };
  const port = await run(0);
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    const closed = running.close();
    running.httpServer?.closeAllConnections();
    await closed;
  };
  return {
    bucket,
    endpoint,
    credentials,
    env: (prefix = 'uploads') => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    }),
    stop,
    async start() {
      await run(port);
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
