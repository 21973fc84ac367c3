import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { io } from 'socket.io-client';
import { startTestApp, type TestApp } from '../support/test-app.js';

const INDEX_HTML = '<!doctype html><html lang="he" dir="rtl"><body><div id="root"></div></body></html>';
const ASSET = 'console.log("hashed asset")';

let app: TestApp;
let frontendDist: string;

beforeAll(async () => {
  frontendDist = mkdtempSync(join(tmpdir(), 'tafrit-dist-'));
  mkdirSync(join(frontendDist, 'assets'));
  writeFileSync(join(frontendDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(frontendDist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  writeFileSync(join(frontendDist, 'assets', 'app-abc123.js'), ASSET);
  writeFileSync(join(frontendDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(ASSET));
  app = await startTestApp({ FRONTEND_DIST: frontendDist });
});

afterAll(async () => {
  await app.close();
  rmSync(frontendDist, { recursive: true, force: true });
});

const inject = (options: Parameters<TestApp['app']['inject']>[0]) => app.app.inject(options);

describe('the HTTP platform', () => {
  it('reports a healthy database in the spec shape', async () => {
    const response = await inject({ method: 'GET', url: '/api/health/database' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'מסד הנתונים זמין' });
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const response = await inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: 'api.not_found',
      message: 'הכתובת המבוקשת לא נמצאה: /api/does-not-exist',
    });
  });

  it('answers an unknown page with the app (its not-found page) and 404, never cached, compressed when accepted', async () => {
    const plain = await inject({ method: 'GET', url: '/no/such/page' });
    expect(plain.statusCode).toBe(404);
    expect(plain.headers['content-type']).toContain('text/html');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX_HTML);

    const compressed = await inject({ method: 'GET', url: '/menu/abc', headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.equals(brotliCompressSync(INDEX_HTML))).toBe(true);
  });

  it.each(['/', '/login', '/registration/', '/Terms-Conditions', '/admin-dashboard?tab=terms', '/menu', '/settings'])(
    'answers the page %s of the app with 200',
    async (url) => {
      const response = await inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it.each(['/no-such-page', '/login/extra', '/admin/secret', '/index.php', '/registrationx'])(
    'answers %s, no page of the app, with 404 and the app',
    async (url) => {
      const response = await inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('answers an over-long address with the envelope in Hebrew, not a bare 414', async () => {
    for (const url of [`/api/menu/${'a'.repeat(500)}`, `/pay/sandbox/${'a'.repeat(500)}`]) {
      const response = await inject({ method: 'GET', url });
      expect(response.statusCode).toBe(414);
      expect(response.json()).toEqual({ success: false, code: 'request.uri_too_long', message: 'הכתובת ארוכה מדי' });
    }
  });

  it('answers an address that is not valid percent-encoding with the envelope in Hebrew', async () => {
    const response = await inject({ method: 'GET', url: '/api/menu/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'validation.failed', message: expect.stringMatching(/[\u0590-\u05FF]/) });
  }); // prettier-ignore

  it('answers a body of the wrong shape with every field message in Hebrew, never zod English', async () => {
    for (const payload of ['[]', '"text"', '{"phone":[],"email":5,"fullName":{}}']) {
      const response = await inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      const body = response.json() as { message: string; fields: Record<string, string> };
      expect(Object.keys(body.fields).length).toBeGreaterThan(0);
      for (const message of [body.message, ...Object.values(body.fields)]) {
        expect(message).toMatch(/[\u0590-\u05FF]/);
        expect(message).not.toMatch(/Invalid|expected|received/i);
      }
    }
  });

  it('serves hashed assets for a year, precompressed', async () => {
    const response = await inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('does not answer other methods on unknown pages with the app', async () => {
    const response = await inject({ method: 'POST', url: '/no/such/page', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('api.not_found');
  });

  it('sends security headers and echoes a sane request id', async () => {
    const response = await inject({ method: 'GET', url: '/', headers: { 'x-request-id': 'req-12345678' } });
    expect(response.headers['x-request-id']).toBe('req-12345678');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    // HSTS only makes sense under https; the test app runs on plain http.
    expect(response.headers['strict-transport-security']).toBeUndefined();

    const forged = await inject({ method: 'GET', url: '/', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a malformed JSON body with the validation envelope', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/health/database',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().success).toBe(false);
  });

  it('accepts socket.io connections on the same port', async () => {
    const socket = io(app.url, { transports: ['websocket'], reconnection: false });
    try {
      const pong = await new Promise<{ serverTime: string }>((resolve, reject) => {
        socket.on('connect_error', reject);
        socket.on('pong', resolve);
        socket.on('connect', () => socket.emit('ping'));
      });
      expect(Number.isNaN(Date.parse(pong.serverTime))).toBe(false);
    } finally {
      socket.close();
    }
  });
});
