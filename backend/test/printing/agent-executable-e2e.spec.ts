import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AGENT_HEARTBEAT_MS,
  agentExecutableName,
  type PairingCodeAnswer,
  type PrinterStatusAnswer,
} from '@tafrit/contracts';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { decodeEscposRaster } from '../support/escpos.js';
import { startFakePrinter, type FakePrinter } from '../support/fake-printer.js';
import { call } from '../support/http-client.js';
import { dinerPays } from '../support/paid-order.js';
import { pause } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The agent as the single Linux executable of `npm run build:agent` (issue 18), built here from the bundle of
// `npm run build` with the Node binary fetched from the npm registry (then kept in agent/.cache/), started as a
// double click starts it: it serves its setup page, is paired there with a code from the owner's settings and a
// network printer's address (a TCP listener on 127.0.0.1), prints the test slip, then a paid order's slip.
const BUILD = new URL('../../../agent/scripts/build-executables.mjs', import.meta.url).pathname;
const BUNDLE = new URL('../../../agent/dist/tafrit-agent-sea.cjs', import.meta.url).pathname;
const BUILD_TIMEOUT_MS = 10 * 60_000;

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let printer: FakePrinter;
let out: string;
let home: string;
let executable: string;
let agent: ChildProcess | undefined;
let agentLog = '';

beforeAll(async () => {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run "npm run build -w agent" first`);
  out = mkdtempSync(join(tmpdir(), 'tafrit-agent-exe-'));
  home = mkdtempSync(join(tmpdir(), 'tafrit-agent-exe-home-'));
  await new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      [BUILD, '--platform', 'linux-x64', '--out', out],
      { maxBuffer: 1 << 24 },
      (error, _o, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve()),
    ),
  );
  executable = join(out, agentExecutableName('linux'));
  // The server offers what the build wrote: its downloads folder is the build's output here.
  app = await startTestApp({ AGENT_DOWNLOADS_DIR: out });
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  printer = await startFakePrinter();
}, BUILD_TIMEOUT_MS);
afterAll(async () => {
  agent?.kill('SIGKILL');
  await printer?.close();
  await app?.close();
  rmSync(out, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

async function status(): Promise<PrinterStatusAnswer> {
  const answer = await call<{ data: PrinterStatusAnswer }>(app, 'GET', '/api/printer/status', { token: owner.token });
  return answer.body.data;
}

async function waitForLog(pattern: RegExp, withinMs = 20_000): Promise<RegExpMatchArray> {
  const started = Date.now();
  for (;;) {
    const found = pattern.exec(agentLog);
    if (found) return found;
    if (Date.now() - started > withinMs) throw new Error(`the agent did not print ${pattern}:\n${agentLog}`);
    await pause(50);
  }
}

describe('the Linux executable, paired on its own page', () => {
  it('is offered for download once built, as an attachment, the Windows one not (it was not built here)', async () => {
    const head = await fetch(`${app.url}/downloads/${agentExecutableName('linux')}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-disposition')).toBe('attachment');
    expect(Number(head.headers.get('content-length'))).toBe(statSync(executable).size);
    const sum = await fetch(`${app.url}/downloads/${agentExecutableName('linux')}.sha256`);
    expect(await sum.text()).toMatch(new RegExp(`^[0-9a-f]{64}  ${agentExecutableName('linux')}\\n$`));
    expect((await fetch(`${app.url}/downloads/${agentExecutableName('windows')}`, { method: 'HEAD' })).status).toBe(
      404,
    );
  });

  let pageUrl: string;

  it('starts like a double click (no arguments) and serves its setup page on 127.0.0.1', async () => {
    agent = spawn(executable, [], {
      // HOME is the temporary one: "start with the computer" writes its autostart entry there.
      env: {
        PATH: process.env.PATH,
        HOME: home,
        TAFRIT_AGENT_HOME: join(home, 'agent'),
        DISPLAY: '',
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    agent.stdout?.on('data', (chunk) => (agentLog += String(chunk)));
    agent.stderr?.on('data', (chunk) => (agentLog += String(chunk)));
    pageUrl = (await waitForLog(/(http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\/)/))[1]!;
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="he" dir="rtl">');
  });

  it('pairs with the code from the settings, turns on the autostart and prints the test slip', async () => {
    const { body } = await call<{ data: PairingCodeAnswer }>(app, 'POST', '/api/printer/pairing-code', {
      token: owner.token,
    });
    const answer = await fetch(pageUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        server: app.url,
        code: body.data.code,
        printer: 'network',
        address: `127.0.0.1:${printer.port}`,
        autostart: 'on',
      }).toString(),
    });
    const html = await answer.text();
    expect(answer.status).toBe(200);
    expect(html).toContain('המדפסת חוברה');
    expect(html).toContain('דף בדיקה נשלח למדפסת.');
    const [testSlip] = await printer.waitForJobs(1);
    expect(decodeEscposRaster(testSlip ?? Buffer.alloc(0)).cut).toBe(true);
    const entry = readFileSync(join(home, '.config', 'autostart', 'tafrit-agent.desktop'), 'utf8');
    expect(entry).toContain(`Exec="${executable}" "run"`);
  });

  it('goes on printing: online within one heartbeat, and a paid order comes out of the printer', async () => {
    const started = Date.now();
    while (!(await status()).isOnline) {
      if (Date.now() - started > AGENT_HEARTBEAT_MS * 2) throw new Error(`never online:\n${agentLog}`);
      await pause(100);
    }
    await dinerPays(app, shop);
    const jobs = await printer.waitForJobs(2);
    const raster = decodeEscposRaster(jobs[1] ?? Buffer.alloc(0));
    expect(raster.width).toBe(576);
    expect(raster.height).toBeGreaterThan(300);
    const exit = new Promise<number | null>((resolve) => agent?.once('exit', (code) => resolve(code)));
    agent?.kill('SIGTERM');
    expect(await exit).toBe(0);
    agent = undefined;
  });
});
