import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { BackupError } from './backup-manifest.js';

/**
 * How `npm run backup` reaches the running server that holds the embedded database (one process opens a PGlite
 * folder): the server listens on loopback only, on a port of the system's choosing, and writes the port and a random
 * token into this file of DATA_DIR, readable by its owner alone. Whoever can read it can already copy DATA_DIR.
 */
export const CONTROL_FILE = 'control.json';

interface ControlFile {
  pid: number;
  port: number;
  token: string;
}

export interface BackupTaken {
  file: string;
  sizeBytes: number;
}

/** Serves `POST /backup` on loopback for the command; answers the stop (removes the file, closes the port). */
export async function startBackupControl(
  dataDir: string,
  takeBackup: () => Promise<BackupTaken>,
): Promise<() => Promise<void>> {
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  const server = createServer((req, res) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return answer(401, { error: 'token' });
    if (req.method === 'GET' && req.url === '/ping') return answer(200, { pid: process.pid });
    if (req.method !== 'POST' || req.url !== '/backup') return answer(404, { error: 'not found' });
    takeBackup().then(
      (taken) => answer(200, taken),
      (error: unknown) => answer(500, { error: error instanceof Error ? error.message : String(error) }),
    );
  });
  // The socket waits as long as the backup takes: Node's default request timeout would cut a large one off.
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const file = join(dataDir, CONTROL_FILE);
  await writeFile(`${file}.tmp`, JSON.stringify({ pid: process.pid, port, token } satisfies ControlFile), {
    mode: 0o600,
  });
  await rename(`${file}.tmp`, file);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // Only our own file: a newer server of the same folder may have written its own since.
    if (readControlFile(dataDir)?.token === token) await unlink(file).catch(() => undefined);
  };
}

function readControlFile(dataDir: string): ControlFile | undefined {
  try {
    return JSON.parse(readFileSync(join(dataDir, CONTROL_FILE), 'utf8')) as ControlFile;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function send(control: ControlFile, method: string, path: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: control.port, method, path, headers: { authorization: `Bearer ${control.token}` } },
      (res: IncomingMessage) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.once('error', reject);
    req.end();
  });
}

/**
 * Whether a server runs on this DATA_DIR: it answers on its control port, or its process is still alive (starting,
 * or stopping). A control file left by a killed server names a process that is gone: not running.
 */
export async function runningServer(dataDir: string): Promise<{ pid: number; answers: boolean } | undefined> {
  const control = readControlFile(dataDir);
  if (!control) return undefined;
  try {
    const pong = await send(control, 'GET', '/ping');
    if (pong.status === 200) return { pid: control.pid, answers: true };
  } catch {
    // Refused: the server stopped (or is not listening yet).
  }
  return isAlive(control.pid) ? { pid: control.pid, answers: false } : undefined;
}

/** Asks the running server to take a backup; undefined when no server runs on DATA_DIR. */
export async function backupThroughServer(dataDir: string): Promise<BackupTaken | undefined> {
  const running = await runningServer(dataDir);
  if (!running) return undefined;
  if (!running.answers) {
    throw new BackupError(
      `the product (process ${running.pid}) holds ${dataDir} but does not answer yet: try again once it has started`,
    );
  }
  const control = readControlFile(dataDir) as ControlFile;
  const answer = await send(control, 'POST', '/backup');
  const body = answer.body as Partial<BackupTaken> & { error?: string };
  if (answer.status !== 200 || !body.file) throw new BackupError(body.error ?? `the server answered ${answer.status}`);
  return { file: body.file, sizeBytes: body.sizeBytes ?? 0 };
}
