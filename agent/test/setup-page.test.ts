// The local setup page, served on loopback as the executable does, against a stand-in for the server's pairing and
// test-slip endpoints and a network printer on 127.0.0.1.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { networkSpec, startSetupPage, type SetupPage } from '../src/setup-page.js';
import { AGENT_ID, AGENT_SECRET, startFakePrinter, tempDir, type FakePrinter } from './support.js';

const TEST_SLIP = Buffer.from([0x1b, 0x40, 0x54, 0x1d, 0x56, 0x00]);
let api: Server;
let apiUrl: string;
let printer: FakePrinter;
let page: SetupPage | undefined;
const pairRequests: unknown[] = [];

beforeAll(async () => {
  printer = await startFakePrinter();
  api = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.url === '/api/printer/pair') {
        const body = JSON.parse(text) as { code: string };
        pairRequests.push(body);
        if (body.code !== 'ABCD2345')
          return send(400, {
            success: false,
            message: 'קוד החיבור שגוי או שפג תוקפו',
            code: 'printer.pairing_code_invalid',
          });
        return send(200, {
          success: true,
          data: { agentId: AGENT_ID, agentSecret: AGENT_SECRET, businessName: 'קפה <לנדוור>' },
        });
      }
      if (
        request.url === '/api/printer/agent/test-slip' &&
        request.headers.authorization === `Agent ${AGENT_ID}:${AGENT_SECRET}`
      )
        return send(200, { success: true, data: { escposBase64: TEST_SLIP.toString('base64') } });
      return send(404, { success: false, message: 'לא נמצא', code: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await page?.close();
  page = undefined;
});
afterAll(async () => {
  await printer.close();
  await new Promise((resolve) => api.close(resolve));
});

/** A request as a browser on this computer sends it (fetch cannot set Host, which the page checks). */
const send = (url: string, { method = 'GET', body, host }: { method?: string; body?: string; host?: string } = {}) =>
  new Promise<{ status: number; text: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method,
        headers: {
          host: host ?? target.host,
          ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text, headers: response.headers }));
      },
    );
    req.once('error', reject);
    req.end(body);
  });

const open = async (dir = tempDir(), autostartCalls: boolean[] = []) => {
  page = await startSetupPage({
    dir,
    server: apiUrl,
    listPrinters: async () => [
      { name: 'EPSON TM-T20II', spec: 'windows:KITCHEN' },
      { name: 'Microsoft Print to PDF', spec: null },
    ],
    autostart: async (enabled) => {
      autostartCalls.push(enabled);
    },
  });
  return { page, dir, autostartCalls };
};

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('the local setup page', () => {
  it('is a Hebrew right-to-left form on loopback listing the system printers', async () => {
    const { page } = await open();
    expect(page.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\/$/);
    const answer = await send(page.url);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.text).toContain('<html lang="he" dir="rtl">');
    expect(answer.text).toContain('<label class="title" for="code">קוד החיבור</label>');
    expect(answer.text).toContain(`value="${apiUrl}"`);
    expect(answer.text).toMatch(/<input type="radio" name="printer" id="printer-0" value="windows:KITCHEN">/);
    // An unshared Windows printer is shown, but cannot be chosen, and says why.
    expect(answer.text).toMatch(/id="printer-1" value="" disabled aria-describedby="printer-1-hint"/);
  });

  it('answers nothing to another path or another Host (a web page or DNS rebinding cannot reach it)', async () => {
    const { page } = await open();
    const root = page.url.replace(/[0-9a-f]{32}\/$/, '');
    expect((await send(root)).status).toBe(404);
    const port = new URL(page.url).port;
    expect((await send(page.url, { host: `evil.example:${port}` })).status).toBe(404);
    expect(
      (await send(page.url, { method: 'POST', body: form({ code: 'ABCD2345' }), host: 'evil.example' })).status,
    ).toBe(404);
    expect(pairRequests).toHaveLength(0);
  });

  it('refuses a malformed code and a missing printer in Hebrew, tied to their fields, before asking the server', async () => {
    const { page } = await open();
    const answer = await send(page.url, {
      method: 'POST',
      body: form({ server: apiUrl, code: 'nope', printer: 'network', address: 'not an address!' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('<p class="error" id="code-error" role="alert">קוד החיבור שגוי: 8 אותיות וספרות');
    expect(answer.text).toMatch(/id="code"[^>]*aria-describedby="code-hint code-error" aria-invalid="true"/);
    expect(answer.text).toContain('id="address-error"');
    expect(answer.text).toContain('value="not an address!"');
    expect(pairRequests).toHaveLength(0);
  });

  it("shows the server's refusal of a code", async () => {
    const { page } = await open();
    const answer = await send(page.url, {
      method: 'POST',
      body: form({ server: apiUrl, code: 'ZZZZ-2345', printer: 'windows:KITCHEN' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('קוד החיבור שגוי או שפג תוקפו');
  });

  it('pairs, saves, turns on the start with the computer, prints a test slip on the network printer', async () => {
    const { page, dir, autostartCalls } = await open();
    const answer = await send(page.url, {
      method: 'POST',
      body: form({
        server: `${apiUrl}/`,
        code: 'abcd-2345',
        printer: 'network',
        address: `127.0.0.1:${printer.port}`,
        autostart: 'on',
      }),
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('הסוכן חובר לעסק <bdi>קפה &#60;לנדוור&#62;</bdi>');
    expect(answer.text).toContain('דף בדיקה נשלח למדפסת.');
    expect(answer.text).not.toContain(AGENT_SECRET);
    const config = await page.paired;
    expect(config).toMatchObject({ server: apiUrl, agentId: AGENT_ID, printer: `tcp://127.0.0.1:${printer.port}` });
    const saved = join(dir, 'config.json');
    expect(JSON.parse(readFileSync(saved, 'utf8'))).toMatchObject({ agentSecret: AGENT_SECRET });
    expect(statSync(saved).mode & 0o777).toBe(0o600);
    expect(autostartCalls).toEqual([true]);
    expect(printer.jobs.at(-1)).toEqual(TEST_SLIP);
  });

  it('takes a typed network address without the network printer ticked', async () => {
    const { page } = await open();
    const answer = await send(page.url, {
      method: 'POST',
      body: form({ server: apiUrl, code: 'ABCD2345', address: `127.0.0.1:${printer.port}` }),
    });
    expect(answer.status).toBe(200);
    expect((await page.paired).printer).toBe(`tcp://127.0.0.1:${printer.port}`);
  });

  it('network addresses: a bare address takes port 9100', () => {
    expect(networkSpec('192.168.1.50')).toBe('tcp://192.168.1.50:9100');
    expect(networkSpec(' tcp://printer.local:9101 ')).toBe('tcp://printer.local:9101');
    expect(networkSpec('a b')).toBeNull();
    expect(networkSpec('')).toBeNull();
  });
});
