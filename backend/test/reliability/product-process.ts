import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from '../support/test-app.js';
import { createTestDatabaseUrl } from '../support/test-database.js';

const BACKEND = fileURLToPath(new URL('../..', import.meta.url));
export const BUILT_MAIN = join(BACKEND, 'dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The built product (`dist/main.js`) as a real child process, the way it runs in production, on a database that
 * outlives it: a DATA_DIR of its own (embedded PGlite) or a fresh database on `TEST_DATABASE_URL`. It can be killed
 * and started again on the same port, DATA_DIR and database.
 */
export interface ProductHost {
  url: string;
  dataDir: string;
  smsLogFile: string;
  /** Set on PostgreSQL; on PGlite the database lives in `dataDir` and only one process may open it. */
  databaseUrl: string | undefined;
  env: Record<string, string>;
  start(): Promise<void>;
  /** SIGKILL: no shutdown hook runs, whatever was in flight is cut off. */
  kill(): Promise<void>;
  /** SIGTERM: the clean stop (processors finish the event in hand, PGlite is closed). */
  stop(): Promise<void>;
  /** Stops the process if it runs, drops the database and removes DATA_DIR. */
  dispose(): Promise<void>;
}

export async function productHost(extraEnv: Record<string, string> = {}): Promise<ProductHost> {
  if (!existsSync(BUILT_MAIN)) throw new Error(`${BUILT_MAIN} is missing: run "npm run build -w backend" first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'tafrit-reliability-'));
  const target = await createTestDatabaseUrl();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // Diners speak from addresses of their own through X-Forwarded-For, so per-address limits do not pile up.
    TRUST_PROXY: 'true',
    ...(target.url
      ? {
          DATABASE_URL: target.url,
          JWT_SECRET: 'reliability-secret-reliability-secret-1234',
          SECRETS_KEYS: `test:${Buffer.alloc(32, 7).toString('base64')}`,
        }
      : {}),
    ...extraEnv,
  };
  let child: ChildProcess | undefined;

  const waitForExit = (process: ChildProcess) =>
    process.exitCode !== null || process.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => process.once('exit', () => resolve()));

  const host: ProductHost = {
    url,
    dataDir,
    smsLogFile: join(dataDir, 'sms.log'),
    databaseUrl: target.url,
    env,
    async start() {
      if (child) throw new Error('the product is already running');
      const started = spawn(process.execPath, [BUILT_MAIN], {
        cwd: BACKEND,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the product did not start:\n${output}`)), 180_000);
        const read = (chunk: Buffer) => {
          output = (output + chunk.toString()).slice(-20_000);
          if (output.includes('Tafrit is running:')) {
            clearTimeout(timer);
            resolve();
          }
        };
        started.stdout?.on('data', read);
        started.stderr?.on('data', read);
        started.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`the product exited (${code ?? signal}) before it ran:\n${output}`));
        });
      });
    },
    async kill() {
      const running = child;
      child = undefined;
      if (!running) return;
      running.kill('SIGKILL');
      await waitForExit(running);
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running) return;
      running.kill('SIGTERM');
      await waitForExit(running);
    },
    async dispose() {
      await host.kill();
      await target.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return host;
}

/**
 * The shared HTTP helpers (`call`, `createPayment`, `payInSandbox`, `signInAdmin`...) need nothing of an app but its
 * base URL and, to read sign-in codes, its SMS log file.
 */
export function clientOf(host: Pick<ProductHost, 'url' | 'smsLogFile'>): TestApp {
  return { url: host.url, config: { smsLogFile: host.smsLogFile } } as TestApp;
}

export const REBUILD_SCRIPT = join(BACKEND, 'scripts/rebuild-projections.mjs');

/** Runs `scripts/rebuild-projections.mjs` on the product's database (stopped first on PGlite); its exit code and output. */
export async function runRebuild(host: ProductHost, args: string[] = []): Promise<{ code: number; output: string }> {
  const child = spawn(process.execPath, [REBUILD_SCRIPT, ...args], {
    cwd: BACKEND,
    env: { ...process.env, ...host.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number>((resolve) => child.once('exit', (exitCode) => resolve(exitCode ?? -1)));
  return { code, output };
}

/** Waits, through the admin's debug view, until no processor has anything left to read; returns that view. */
export async function waitUntilDrained(
  host: ProductHost,
  token: string,
  timeoutMs = 120_000,
): Promise<{ name: string; pending: number; parked: number }[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${host.url}/api/admin/debug`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as {
      data?: { processors: { name: string; pending: number; parked: number }[] };
    };
    const processors = body.data?.processors ?? [];
    if (response.status === 200 && processors.every((processor) => processor.pending === 0)) return processors;
    if (Date.now() > deadline) throw new Error(`processors still behind: ${JSON.stringify(processors)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
