import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { registerOwner } from '../support/accounts.js';
import { createPayment, openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// test/platform/http.spec.ts checks the headers of one page against a stub build. Here: every kind of answer of the
// real build (pages, the diner's pages with the menu inlined, API successes and errors, static files, the payment
// page), the policy's directives one by one, HSTS under https, and the checkout's script inventory (PCI SAQ A).
const PAYMENT_PROVIDER = 'https://secure.cardcom.solutions';

let app: TestApp;
let shop: Shop;
let paymentPath: string;
let asset: string;

beforeAll(async () => {
  app = await startTestApp();
  const owner = await registerOwner(app);
  shop = await openShop(app, owner);
  const checkout = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity: 1 }],
    amount: '14.50',
  });
  paymentPath = new URL(String(checkout.body.paymentUrl)).pathname;
  asset = scriptsOf((await call(app, 'GET', '/')).body as unknown as string)[0]?.src ?? '';
}, 120_000);
afterAll(() => app?.close());

/** The policy as directive name -> its sources. */
function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), sources);
  }
  return parsed;
}

interface ScriptTag {
  attributes: string;
  src: string | undefined;
  type: string | undefined;
  body: string;
}

/** Every `<script>` element of a page with its attributes and inline text. */
function scriptsOf(html: string): ScriptTag[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].map(([, attributes = '', body = '']) => ({
    attributes,
    src: /\bsrc\s*=\s*"([^"]*)"/i.exec(attributes)?.[1],
    type: /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1],
    body,
  }));
}

// Documents: pages, the payment page, the invoice page (HTML under /api), files.
const DOCUMENTS: [string, () => string][] = [
  ['the landing page', () => '/'],
  ['an owner page', () => '/dashboard'],
  ['an unknown page', () => '/no/such/page'],
  ["the diner's menu page with the menu inlined", () => `/menu/${shop.departmentId}`],
  ["an unknown department's menu page (404)", () => '/menu/zzzzzzzz'],
  ["the diner's checkout page", () => '/checkout'],
  ['the sandbox payment page', () => paymentPath],
  ['an unknown payment page', () => '/pay/sandbox/00000000-0000-4000-8000-000000000000'],
  ['an invoice that is not there (HTML 404)', () => '/api/invoice/00000000-0000-4000-8000-000000000000'],
  ['a hashed script', () => asset],
  ['a public file', () => '/favicon.svg'],
];

// Data: the API's JSON answers and errors, the cached public menu (answered in front of Fastify) included.
const DATA: [string, () => string][] = [
  ['an API answer', () => '/api/terms'],
  ['the public menu API', () => `/api/menu/${shop.departmentId}`],
  ['an API 401', () => '/api/business/profile'],
  ['an API 404', () => '/api/nothing/here'],
  ['an over-long address (414)', () => `/api/menu/${'a'.repeat(500)}`],
  ['an API validation error', () => '/api/orders?month=13'],
  // A file that is not there is answered with the JSON envelope.
  ['a missing upload', () => '/uploads/logos/none.webp'],
  ['a missing download', () => '/downloads/none.zip'],
];

describe('security headers on every kind of document', () => {
  it.each(DOCUMENTS)('%s', async (_label, path) => {
    const answer = await call(app, 'GET', path());
    expect(answer.headers.get('content-type') ?? '').not.toMatch(/^application\/json/);
    const policy = directives(answer.headers.get('content-security-policy'));
    const scriptSources = policy.get('script-src') ?? policy.get('default-src') ?? [];
    expect(scriptSources.length).toBeGreaterThan(0);
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(scriptSources).not.toContain("'unsafe-eval'");
    expect(scriptSources.every((source) => source === "'self'" || /^'(nonce|sha256)-/.test(source))).toBe(true);
    // Our pages may be framed by our own pages only (the checkout frames the sandbox payment page).
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(policy.get('frame-src')?.sort()).toEqual(["'self'", PAYMENT_PROVIDER].sort());
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(['strict-origin-when-cross-origin', 'no-referrer']).toContain(answer.headers.get('referrer-policy'));
    // PUBLIC_URL is http here: HSTS would pin a browser to https on a host that has none.
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('security headers on every kind of JSON answer', () => {
  it.each(DATA)('%s', async (_label, path) => {
    const answer = await call(app, 'GET', path());
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    // Opened as a page, a JSON answer runs, loads and frames nothing, and no site may frame it.
    const policy = directives(answer.headers.get('content-security-policy'));
    expect([...policy.keys()].sort()).toEqual(['default-src', 'frame-ancestors']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // The page-only headers are not sent with data.
    expect(answer.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(answer.headers.get('x-xss-protection')).toBeNull();
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });

  it('gives a JSON answer outside /api the data set too (an unknown address posted to)', async () => {
    const answer = await call(app, 'POST', '/no/such/page', { body: {} });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe("the checkout's script inventory (PCI SAQ A)", () => {
  it('runs on the real build', () => {
    expect(existsSync(join(app.config.frontendDist, 'diner.html'))).toBe(true);
  });

  it.each([
    ['the menu page', () => `/menu/${shop.departmentId}`, true],
    ['the cart', () => '/cart', true],
    ['the checkout', () => '/checkout', true],
    ['the thank-you page', () => '/thank-you', true],
    ['the landing page', () => '/', true],
    // A plain HTML form: no script at all.
    ['the sandbox payment page', () => paymentPath, false],
  ])('%s loads only our own hashed bundles and runs no inline script', async (_label, path, bundled) => {
    const page = await call(app, 'GET', path());
    expect(page.status).toBe(200);
    const html = page.body as unknown as string;
    expect(scriptsOf(html).some((script) => script.src !== undefined)).toBe(bundled);
    for (const script of scriptsOf(html)) {
      if (script.src === undefined) {
        // Data for the app, which the browser never executes.
        expect(script.type).toBe('application/json');
      } else {
        expect(script.src).toMatch(/^\/assets\/[\w.()-]+-[\w-]{8}\.js$/);
        const served = await fetch(`${app.url}${script.src}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toMatch(/javascript/);
      }
    }
    for (const [, href] of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]*)"/gi)) {
      expect(href).toMatch(/^\/assets\/[\w.()-]+-[\w-]{8}\.js$/);
    }
    // No inline handlers or script addresses either.
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it('keeps the inlined menu from closing its data block', async () => {
    const owner = await registerOwner(app, { businessName: '</script><script>alert(1)</script>' });
    const hostile = await openShop(app, owner);
    const html = (await call(app, 'GET', `/menu/${hostile.departmentId}`)).body as unknown as string;
    expect(scriptsOf(html).filter((script) => script.src === undefined && script.type !== 'application/json')).toEqual(
      [],
    );
    expect(html).not.toContain('<script>alert(1)');
  });
});

describe('under https', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await startTestApp({ PUBLIC_URL: 'https://menu.example.co.il' });
  }, 120_000);
  afterAll(() => secure?.close());

  it('sends HSTS for a year on pages and API answers alike, and pages upgrade insecure requests', async () => {
    for (const path of ['/', '/api/terms', '/api/nothing/here']) {
      const answer = await call(secure, 'GET', path);
      expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=31536000; includeSubDomains/);
    }
    const policy = directives((await call(secure, 'GET', '/')).headers.get('content-security-policy'));
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(policy.get('connect-src')).toContain('wss:');
  });
});
