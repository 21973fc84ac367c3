import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repositoryRoot = new URL('../../../', import.meta.url).pathname;

export interface RunningProduct {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the built product exactly as `npm run serve` does, on a random port, with a temporary DATA_DIR (embedded
 * database, demo café, SMS log file). Resolves once the server printed its address.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const entry = join(repositoryRoot, 'backend/dist/main.js');
  if (!existsSync(entry)) throw new Error('backend/dist/main.js is missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'tafrit-e2e-'));
  // A known port, so PUBLIC_URL (payment pages, their redirects, invoice links) is the address the browser uses.
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // A dozen test files sign the demo café's owner in on their own browsers within the hour; the limit of five
      // codes an hour per phone is the backend's tests' to check.
      OTP_SENDS_PER_HOUR: '60',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // Starting PGlite and seeding the demo café takes over 40 s when the 2-core machine is busy with other work.
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Tafrit is running: (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    stop: () => stopChild(child).finally(() => rmSync(dataDir, { recursive: true, force: true })),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
