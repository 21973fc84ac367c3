import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { businessRow } from '../support/business-row.js';

// The built index.html in miniature: what the server adjusts (Open Graph addresses, the pixel meta) is in it. No
// diner.html here: a build without the diner's page serves the app for every path, with the menu's status (the diner's
// page itself is tested in test/diner/).
const INDEX_HTML = `<!doctype html>
<html lang="he" dir="rtl">
  <head>
    <title>תפריט</title>
    <meta property="og:url" content="/" />
    <meta property="og:image" content="/og-image.png" />
  </head>
  <body><div id="root"></div></body>
</html>
`;

let frontendDist: string;

beforeAll(() => {
  frontendDist = mkdtempSync(join(tmpdir(), 'tafrit-dist-'));
  writeFileSync(join(frontendDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(frontendDist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
});
afterAll(() => rmSync(frontendDist, { recursive: true, force: true }));

describe('the status of app pages (demo café seeded, no pixel)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      FRONTEND_DIST: frontendDist,
      SEED_DEMO: 'true',
      PUBLIC_URL: 'https://menu.example.co.il',
    });
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });

  it.each(['/menu/demo', '/menu/demo/', '/order?departmentId=demo', '/order?table=4&departmentId=demo'])(
    '%s, the demo café, is a 200',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root"></div>');
    },
  );

  it.each(['/menu/no-such-cafe', '/order?departmentId=no-such-cafe', `/menu/${encodeURIComponent('a b<c>')}`])(
    '%s, an unknown department, is the same app answered 404, never cached',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('<title>תפריט</title>');
    },
  );

  it('answers a HEAD and a compressed request for an unknown menu with 404 too', async () => {
    expect((await app.app.inject({ method: 'HEAD', url: '/menu/no-such-cafe' })).statusCode).toBe(404);
    const compressed = await get('/menu/no-such-cafe', { 'accept-encoding': 'br' });
    expect(compressed.statusCode).toBe(404);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<div id="root"></div>');
  });

  it.each([
    '/',
    '/terms-conditions',
    '/accessibility',
    '/menu',
    '/menu-management',
    '/order',
    // The app ignores a malformed query value and falls back to the department stored on the device.
    '/order?departmentId=a%20b',
    '/cart/no-such-cafe',
  ])('%s keeps the 200 of the app', async (url) => {
    expect((await get(url)).statusCode).toBe(200);
  });

  it.each(['/no/such/page', '/wp-login.php', '/settings/extra'])(
    '%s, no page of the app, is the app (its not-found page) answered 404',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<div id="root"></div>');
    },
  );

  it('finds a business registered after a 404 at once (only existing departments are cached)', async () => {
    expect((await get('/menu/new-cafe')).statusCode).toBe(404);
    await app.database.em().insert(BusinessEntity, businessRow('new-cafe', '+972541111111'));
    expect((await get('/menu/new-cafe')).statusCode).toBe(200);
  });

  it('answers 404 for a closed business: its menu is gone', async () => {
    await app.database
      .em()
      .insert(BusinessEntity, { ...businessRow('closed-cafe', '+972542222222'), closedAt: new Date() });
    expect((await get('/menu/closed-cafe')).statusCode).toBe(404);
  });

  it('answers 404 for a paused business too: the page tells diners it takes no orders now', async () => {
    await app.database.em().insert(BusinessEntity, { ...businessRow('paused-cafe', '+972543333333'), isActive: false });
    expect((await get('/menu/paused-cafe')).statusCode).toBe(404);
  });

  it('answers 200 when the database cannot tell', async () => {
    const status = app.database.status;
    app.database.status = 'unavailable';
    try {
      expect((await get('/menu/someone-else')).statusCode).toBe(200);
    } finally {
      app.database.status = status;
    }
  });

  it('serves the page without the pixel meta and with absolute Open Graph addresses', async () => {
    const response = await get('/');
    expect(response.body).not.toContain('tafrit-pixel-id');
    expect(response.body).toContain('<meta property="og:image" content="https://menu.example.co.il/og-image.png" />');
    expect(response.body).toContain('<meta property="og:url" content="https://menu.example.co.il/" />');
    const brotli = await get('/', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(response.body);
  });

  it('names no third party in the content security policy', async () => {
    const csp = (await get('/')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('facebook');
  });
});

describe('the marketing pixel, when configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ FRONTEND_DIST: frontendDist, MARKETING_PIXEL_ID: '123456789012345' });
  });
  afterAll(() => app.close());

  it('puts the pixel id into the page as a meta tag, in every encoding', async () => {
    const plain = await app.app.inject({ method: 'GET', url: '/' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('<meta name="tafrit-pixel-id" content="123456789012345" />\n  </head>');
    const brotli = await app.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it("allows the pixel's script and reports in the content security policy, nothing more", async () => {
    const csp = (await app.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://connect.facebook.net;");
    expect(csp).toContain("img-src 'self' data: blob: https://www.facebook.com;");
    expect(csp).toContain('connect-src');
    expect(csp).not.toContain("'unsafe-inline' https://connect.facebook.net");
  });
});

describe('MARKETING_PIXEL_ID', () => {
  const base = { NODE_ENV: 'test' as const, DATA_DIR: join(tmpdir(), 'tafrit-config-pixel') };

  it('is optional, and empty means unset', () => {
    expect(loadConfig(base).marketingPixelId).toBeUndefined();
    expect(loadConfig({ ...base, MARKETING_PIXEL_ID: '' }).marketingPixelId).toBeUndefined();
    expect(loadConfig({ ...base, MARKETING_PIXEL_ID: ' 1234567890 ' }).marketingPixelId).toBe('1234567890');
  });

  it.each(['abc', '123', '12345678901234567890123', '123"><script>'])('refuses %j', (value) => {
    expect(() => loadConfig({ ...base, MARKETING_PIXEL_ID: value })).toThrow(ConfigError);
  });

  afterAll(() => rmSync(base.DATA_DIR, { recursive: true, force: true }));
});
