import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { DATABASE } from '../../src/platform/database/database.module.js';
import type { Database } from '../../src/platform/database/database.js';
import { registerOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { createCategory } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The public menu is answered by a route registered on Fastify directly, outside Nest's router (decision 009).
// What every Nest route gets for free must still be there: the security headers, the request id, the envelope of
// errors rendered by the application's filter, and the menu's own caching headers on 200 and 304 alike.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
}, 90_000);
afterAll(() => app.close());

let ipCounter = 0;
const freshIp = () => `10.88.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

async function cachedMenu(): Promise<string> {
  const owner = await registerOwner(app);
  await createCategory(app, owner);
  const { departmentId } = await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
  // The first answer builds and caches the menu; the ones the tests look at come from the cache (the hot path).
  expect((await call(app, 'GET', `/api/menu/${departmentId}`, { ip: freshIp() })).status).toBe(200);
  return departmentId;
}

// A JSON answer's security headers (decision 018): the data set, not the pages' full policy.
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-resource-policy',
];

describe('the public menu route (outside Nest)', () => {
  it('sends the security headers, the request id, vary and the caching headers with a cached menu', async () => {
    const departmentId = await cachedMenu();
    const answer = await app.app.inject({
      method: 'GET',
      url: `/api/menu/${departmentId}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(answer.statusCode).toBe(200);
    for (const header of SECURITY_HEADERS) expect(answer.headers[header]).toBeTruthy();
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers.vary).toBe('accept-encoding');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    // A proxy's request id is kept.
    const traced = await app.app.inject({
      method: 'GET',
      url: `/api/menu/${departmentId}`,
      headers: { 'x-request-id': 'proxy-id-12345' },
    });
    expect(traced.headers['x-request-id']).toBe('proxy-id-12345');
  });

  it('answers 304 with the ETag, vary, no-cache and the security headers, and no body', async () => {
    const departmentId = await cachedMenu();
    const first = await app.app.inject({ method: 'GET', url: `/api/menu/${departmentId}` });
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await app.app.inject({
        method: 'GET',
        url: `/api/menu/${departmentId}`,
        headers: { 'if-none-match': ifNoneMatch, 'accept-encoding': 'gzip' },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toBe('accept-encoding');
      expect(again.headers['cache-control']).toBe('no-cache');
      expect(again.headers['content-encoding']).toBeUndefined();
      for (const header of SECURITY_HEADERS) expect(again.headers[header]).toBeTruthy();
    }
  });

  it('renders its errors with the envelope, the security headers and the request id', async () => {
    const unknown = await app.app.inject({ method: 'GET', url: '/api/menu/no-such-department' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, code: 'menu.not_found', message: 'התפריט לא נמצא' });
    expect(unknown.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(unknown.headers['x-request-id']).toBeTruthy();
    for (const header of SECURITY_HEADERS) expect(unknown.headers[header]).toBeTruthy();
    // Not a department id at all (never reaches the database): the same 404.
    const malformed = await app.app.inject({ method: 'GET', url: `/api/menu/${encodeURIComponent('a b;c')}` });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ code: 'menu.not_found' });
  });

  it('refuses unknown ids once the address used up its 404s, with Retry-After, and still serves a cached menu', async () => {
    const departmentId = await cachedMenu();
    const ip = freshIp();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await call(app, 'GET', `/api/menu/guess-${attempt}`, { ip })).status).toBe(404);
    }
    const refused = await call(app, 'GET', '/api/menu/guess-x', { ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A menu that exists is not hidden from that address (MenuMissLimiter says why), through the route as well.
    expect(
      (await app.app.inject({ method: 'GET', url: `/api/menu/${departmentId}`, remoteAddress: ip })).statusCode,
    ).toBe(200);
    expect((await call(app, 'GET', `/api/menu/${departmentId}`, { ip })).status).toBe(200);
  });

  it('answers HEAD like GET, without a body', async () => {
    const departmentId = await cachedMenu();
    const head = await app.app.inject({ method: 'HEAD', url: `/api/menu/${departmentId}` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBeTruthy();
  });

  // Last: the filter reports the failure to the database, which then refuses requests for a while.
  it('answers 503 DATABASE_UNAVAILABLE through the filter when a menu cannot be built', async () => {
    const owner = await registerOwner(app);
    const { departmentId } = await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
    const database = app.app.get<Database>(DATABASE, { strict: false });
    const em = database.em.bind(database);
    // The database goes away while the menu is built: every lookup fails as a refused connection does.
    database.em = () =>
      new Proxy(em(), {
        get: (target, key, receiver) =>
          key === 'findOne'
            ? () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
            : Reflect.get(target, key, receiver),
      });
    try {
      const answer = await app.app.inject({ method: 'GET', url: `/api/menu/${departmentId}` });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
      expect(answer.headers['retry-after']).toBe('5');
      expect(JSON.stringify(answer.json())).not.toContain('ECONNREFUSED');
    } finally {
      database.em = em;
    }
  });
});
