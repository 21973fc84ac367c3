import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A build with the public pages rendered at build time (frontend/scripts/prerender.mjs): `/`, `/registration` and
// `/login` are answered with theirs, every other page with the app's index.html (decision 016).
const page = (root: string) => `<!doctype html>
<html lang="he" dir="rtl">
  <head>
    <meta property="og:url" content="/" />
  </head>
  <body><div id="root">${root}</div></body>
</html>
`;
const INDEX_HTML = page('');
const LANDING_HTML = page('<main id="main">סורקים. מזמינים. מגישים.</main>');
const LOGIN_HTML = page('<main id="main"><h1>כניסה לעסקים</h1></main>');
const REGISTRATION_HTML = page('<main id="main"><h1>הרשמת עסק</h1></main>');
// The console's numbers and monthly report: the frame and first screen, nothing of a session (decision 054).
const NUMBERS_HTML = page('<main id="main"><h1>מה נמכר</h1></main>');
const REPORTS_HTML = page('<main id="main"><h1>דוח הזמנות חודשי</h1></main>');

let frontendDist: string;
let app: TestApp;

beforeAll(async () => {
  frontendDist = mkdtempSync(join(tmpdir(), 'tafrit-dist-'));
  writeFileSync(join(frontendDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(frontendDist, 'landing.html'), LANDING_HTML);
  writeFileSync(join(frontendDist, 'landing.html.br'), brotliCompressSync(LANDING_HTML));
  writeFileSync(join(frontendDist, 'login.html'), LOGIN_HTML);
  writeFileSync(join(frontendDist, 'registration.html'), REGISTRATION_HTML);
  writeFileSync(join(frontendDist, 'numbers.html'), NUMBERS_HTML);
  writeFileSync(join(frontendDist, 'reports.html'), REPORTS_HTML);
  app = await startTestApp({
    FRONTEND_DIST: frontendDist,
    PUBLIC_URL: 'https://menu.example.co.il',
    MARKETING_PIXEL_ID: '123456789012345',
  });
});
afterAll(async () => {
  await app?.close();
  rmSync(frontendDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });

describe('the landing page rendered at build time', () => {
  it.each(['/', '/?utm_source=flyer'])('answers %s with it, prepared like the app page, never cached', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<main id="main">סורקים. מזמינים. מגישים.</main>');
    expect(response.body).toContain('<meta property="og:url" content="https://menu.example.co.il/" />');
    expect(response.body).toContain('<meta name="tafrit-pixel-id" content="123456789012345" />');
    const brotli = await get(url, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(response.body);
  });

  it.each([
    ['/login', 'כניסה לעסקים'],
    ['/login?next=%2Freports', 'כניסה לעסקים'],
    ['/registration', 'הרשמת עסק'],
    ['/numbers', 'מה נמכר'],
    ['/reports?month=2026-10', 'דוח הזמנות חודשי'],
  ])('answers %s with its page', async (url, heading) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    // The same HTML for every visitor: nothing of a session in it.
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(`<h1>${heading}</h1>`);
    expect(response.body).toContain('<meta property="og:url" content="https://menu.example.co.il/" />');
  });

  it.each([
    ['/login/', 200],
    ['/accessibility', 200],
    ['/orders', 200],
    // Not pages of the app: still the app (its not-found page), answered 404 (decision 018).
    ['/registration/x', 404],
    ['/no-such-page', 404],
  ])('leaves %s to the app (%i)', async (url, status) => {
    const response = await get(url);
    expect(response.statusCode).toBe(status);
    expect(response.body).toContain('<div id="root"></div>');
  });
});
