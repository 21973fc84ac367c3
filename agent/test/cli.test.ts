// Runs the built CLI (dist/tafrit-agent.mjs, from `npm run build -w agent`) as a café would.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGENT_ID, AGENT_SECRET, startFakeServer, tempDir, waitFor } from './support.js';

const CLI = fileURLToPath(new URL('../dist/tafrit-agent.mjs', import.meta.url));
// The agent supports Node 20: TAFRIT_AGENT_TEST_NODE=/path/to/node20 runs these tests on it.
const NODE = process.env.TAFRIT_AGENT_TEST_NODE || process.execPath;

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const runCli = (args: string[], home: string): Promise<CliResult> =>
  new Promise((resolve) => {
    execFile(NODE, [CLI, ...args], { env: { ...process.env, TAFRIT_AGENT_HOME: home } }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const readBody = async (request: IncomingMessage): Promise<unknown> => {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : null;
};

// A tiny stand-in for the server's printer endpoints.
const requests: Array<{ method: string; url: string; authorization: string | undefined; body: unknown }> = [];
const TEST_SLIP = Buffer.from([0x1b, 0x40, 0x41, 0x42, 0x1d, 0x56, 0x00]);
let api: Server;
let apiUrl: string;

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error('dist/tafrit-agent.mjs is missing: run `npm run build -w agent` first');
  api = createServer(async (request, response) => {
    const body = await readBody(request);
    requests.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, body });
    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    };
    const authorized = request.headers.authorization === `Agent ${AGENT_ID}:${AGENT_SECRET}`;
    if (request.url === '/api/printer/pair') {
      const { code } = body as { code: string };
      if (code !== 'ABCD2345') {
        return send(400, {
          success: false,
          message: 'קוד החיבור שגוי או שפג תוקפו',
          code: 'printer.pairing_code_invalid',
        });
      }
      return send(200, {
        success: true,
        data: { agentId: AGENT_ID, agentSecret: AGENT_SECRET, businessName: 'קפה לנדוור' },
      });
    }
    if (!authorized) {
      return send(401, { success: false, message: 'הסוכן אינו מחובר', code: 'printer.agent_credential_invalid' });
    }
    if (request.url === '/api/printer/agent/status') {
      return send(200, {
        success: true,
        data: {
          businessName: 'קפה לנדוור',
          isOnline: false,
          lastSeen: null,
          printerName: 'מטבח',
          paperWidth: '80mm',
          pendingSlips: 3,
        },
      });
    }
    if (request.url === '/api/printer/agent/test-slip' && request.method === 'POST') {
      return send(200, { success: true, data: { slipId: 'test-1', escposBase64: TEST_SLIP.toString('base64') } });
    }
    send(404, { success: false, message: 'לא נמצא', code: 'not_found' });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', () => resolve()));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

const pairInto = async (home: string, printerSpec: string) => {
  const result = await runCli(
    ['pair', 'abcd-2345', '--server', apiUrl, '--printer', printerSpec, '--name', 'מטבח'],
    home,
  );
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return result;
};

describe('the command line', () => {
  it('without a pairing, status exits 2 and says to pair first', async () => {
    const result = await runCli(['status'], tempDir());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('pair');
    expect(result.stderr).toContain('הסוכן עדיין לא חובר לעסק');
  });

  it('pair saves the pairing readable by its owner only and never prints the secret', async () => {
    const home = tempDir();
    const printerFile = join(home, 'printer.bin');
    const result = await pairInto(home, `file:${printerFile}`);
    expect(result.stdout).toContain('קפה לנדוור');
    expect(result.stdout).not.toContain(AGENT_SECRET);
    const pairRequest = requests.find((request) => request.url === '/api/printer/pair' && request.body);
    expect(pairRequest?.body).toEqual({
      code: 'ABCD2345',
      agent: expect.objectContaining({ printerName: 'מטבח', printerType: 'escpos-raster', connectionType: 'file' }),
    });
    const configPath = join(home, 'config.json');
    expect(JSON.parse(readFileSync(configPath, 'utf8'))).toEqual({
      server: apiUrl,
      agentId: AGENT_ID,
      agentSecret: AGENT_SECRET,
      businessName: 'קפה לנדוור',
      printer: `file:${printerFile}`,
      printerName: 'מטבח',
    });
    expect(statSync(configPath).mode & 0o777).toBe(0o600);
  });

  it('a malformed pairing code is refused before asking the server', async () => {
    const result = await runCli(['pair', 'OOPS', '--server', apiUrl, '--printer', 'tcp://10.0.0.9'], tempDir());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('קוד החיבור שגוי');
  });

  it('a refused pairing prints the server message and exits 1', async () => {
    const result = await runCli(['pair', 'WXYZ-2345', '--server', apiUrl, '--printer', 'tcp://10.0.0.9'], tempDir());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('קוד החיבור שגוי או שפג תוקפו');
  });

  it('status shows the pairing without the secret and the server view', async () => {
    const home = tempDir();
    await pairInto(home, `file:${join(home, 'printer.bin')}`);
    const result = await runCli(['status'], home);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('קפה לנדוור');
    expect(result.stdout).toMatch(/pending.*3/);
    expect(result.stdout).not.toContain(AGENT_SECRET);
    expect(requests.at(-1)).toMatchObject({ method: 'GET', authorization: `Agent ${AGENT_ID}:${AGENT_SECRET}` });
  });

  it('test-print prints the server test slip', async () => {
    const home = tempDir();
    const printerFile = join(home, 'printer.bin');
    await pairInto(home, `file:${printerFile}`);
    const result = await runCli(['test-print'], home);
    expect(result.code).toBe(0);
    expect(readFileSync(printerFile).equals(TEST_SLIP)).toBe(true);
  });

  it('test-print exits 1 when the printer refuses', async () => {
    const home = tempDir();
    await pairInto(home, `file:${join(home, 'printer.bin')}`);
    const result = await runCli(['test-print', '--printer', `file:${join(home, 'no', 'such', 'dir')}`], home);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/ENOENT/);
  });

  it('a revoked pairing makes status exit 3', async () => {
    const home = tempDir();
    await pairInto(home, `file:${join(home, 'printer.bin')}`);
    const config = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8'));
    writeFileSync(join(home, 'config.json'), JSON.stringify({ ...config, agentSecret: 'revoked' }));
    expect((await runCli(['status'], home)).code).toBe(3);
  });

  it('run prints pushed slips, and exits 0 on SIGTERM', async () => {
    const home = tempDir();
    const printerFile = join(home, 'printer.bin');
    await pairInto(home, `file:${printerFile}`);
    const server = await startFakeServer();
    const config = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8'));
    writeFileSync(join(home, 'config.json'), JSON.stringify({ ...config, server: server.url }));
    const child = spawn(NODE, [CLI, 'run'], { env: { ...process.env, TAFRIT_AGENT_HOME: home } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitFor(() => server.connections === 1, 'the connection', 10_000);
      server.push({ slipId: 'cli-1', orderId: 'o-1', orderNumber: 12, escposBase64: TEST_SLIP.toString('base64') });
      await waitFor(() => server.acks.length === 1, 'the ack', 10_000);
      expect(server.acks[0]!.ack).toEqual({ slipId: 'cli-1', status: 'printed' });
      expect(readFileSync(printerFile).equals(TEST_SLIP)).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('#12');
    } finally {
      child.kill();
      await server.close();
    }
  });

  it('run exits 3 when the agent is replaced', async () => {
    const home = tempDir();
    await pairInto(home, `file:${join(home, 'printer.bin')}`);
    const server = await startFakeServer();
    const config = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8'));
    writeFileSync(join(home, 'config.json'), JSON.stringify({ ...config, server: server.url }));
    const child = spawn(NODE, [CLI, 'run'], { env: { ...process.env, TAFRIT_AGENT_HOME: home } });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitFor(() => server.connections === 1, 'the connection', 10_000);
      server.namespace.emit('agent.replaced', { at: new Date().toISOString() });
      expect(await exited).toBe(3);
      expect(errors).toContain('pair');
    } finally {
      child.kill();
      await server.close();
    }
  });
});
