import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { jest } from '@jest/globals';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { departmentIdOf, menuRequestOf } from '../../src/modules/menu/api/public-menu.fast-path.js';
import { HttpFastPath } from '../../src/platform/http/fast-path.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { createCategory, createProduct } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A cached public menu is answered in front of Fastify (decision 012). `inject` goes through Fastify only, so it
// shows what the route answers; a real request over the socket shows what the fast path answers: they must agree
// byte for byte and header for header.

let app: TestApp;
let fastAnswers: boolean[];

beforeAll(async () => {
  app = await startTestApp();
  const fastPath = app.app.get(HttpFastPath);
  const serve = (fastPath as unknown as { serve: (...args: unknown[]) => boolean }).serve.bind(fastPath);
  // What the fast path decided for each request over the socket: true when it answered, false when Fastify did.
  jest
    .spyOn(fastPath as unknown as { serve: (...args: unknown[]) => boolean }, 'serve')
    .mockImplementation((...args) => {
      const answered = serve(...args);
      fastAnswers.push(answered);
      return answered;
    });
}, 90_000);
beforeEach(() => {
  fastAnswers = [];
});
afterAll(() => app.close());

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over a real socket, the body left as sent (no decompression). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${app.url}${path}`, { headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function cachedMenu(): Promise<{ owner: SignedInOwner; departmentId: string }> {
  const owner = await registerOwner(app);
  await createCategory(app, owner);
  const { departmentId } = await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
  // The first answer builds and caches the menu (Fastify's route); the next ones are hits.
  expect((await call(app, 'GET', `/api/menu/${departmentId}`, { ip: freshIp() })).status).toBe(200);
  return { owner, departmentId };
}

// Headers of the connection or of the moment, which differ between any two answers.
const PER_ANSWER = ['date', 'connection', 'keep-alive', 'x-request-id'];
const comparable = (headers: IncomingHttpHeaders | Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.includes(name)));

describe('the public menu fast path', () => {
  it.each(['br, gzip', 'gzip', ''])(
    'answers a cached menu (accept-encoding "%s") with the same bytes and headers as the route',
    async (acceptEncoding) => {
      const { departmentId } = await cachedMenu();
      const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      fastAnswers = [];
      const fast = await rawGet(`/api/menu/${departmentId}`, headers);
      expect(fastAnswers).toEqual([true]);
      const routed = await app.app.inject({ method: 'GET', url: `/api/menu/${departmentId}`, headers });
      expect(fast.status).toBe(200);
      expect(routed.statusCode).toBe(200);
      expect(comparable(fast.headers)).toEqual(comparable(routed.headers));
      expect(fast.body.equals(routed.rawPayload)).toBe(true);
      expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it.each(['br, gzip', ''])(
    'answers a cached menu in a language (accept-encoding "%s") with the same bytes and headers as the route',
    async (acceptEncoding) => {
      const { owner, departmentId } = await cachedMenu();
      const categoryId = (
        (await call(app, 'GET', '/api/categories', { token: owner.token })).body.data as { id: number }[]
      )[0]?.id;
      expect(
        (
          await call(app, 'PUT', `/api/menu-translations/category/${categoryId}`, {
            token: owner.token,
            body: { en: { name: 'Hot drinks' } },
          })
        ).status,
      ).toBe(200);
      // The translation dropped the cache: the route builds the English menu, then it is a hit.
      expect((await call(app, 'GET', `/api/menu/${departmentId}?lang=en`, { ip: freshIp() })).status).toBe(200);
      const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      fastAnswers = [];
      const fast = await rawGet(`/api/menu/${departmentId}?lang=en`, headers);
      expect(fastAnswers).toEqual([true]);
      const routed = await app.app.inject({ method: 'GET', url: `/api/menu/${departmentId}?lang=en`, headers });
      expect(fast.status).toBe(200);
      expect(comparable(fast.headers)).toEqual(comparable(routed.headers));
      expect(fast.body.equals(routed.rawPayload)).toBe(true);
      const english = (await call(app, 'GET', `/api/menu/${departmentId}?lang=en`, { ip: freshIp() })).body;
      expect(english.data).toMatchObject({ language: 'en', categories: [{ name: 'Hot drinks' }] });
      // Hebrew is its own answer, as before.
      const hebrew = await rawGet(`/api/menu/${departmentId}?lang=he`);
      expect(hebrew.headers.etag).not.toBe(fast.headers.etag);
      expect(hebrew.headers.etag).toBe((await rawGet(`/api/menu/${departmentId}`)).headers.etag);
    },
  );

  it('leaves an unknown or repeated language to the route, which refuses it', async () => {
    const { departmentId } = await cachedMenu();
    fastAnswers = [];
    for (const query of ['lang=fr', 'lang=en&lang=ru', 'lang=']) {
      const answer = await rawGet(`/api/menu/${departmentId}?${query}`);
      expect([query, answer.status]).toEqual([query, 400]);
    }
    expect(fastAnswers).toEqual([false, false, false]);
  });

  it('answers 304 to a matching ETag with the route headers, keeps a sane request id, ignores a query', async () => {
    const { departmentId } = await cachedMenu();
    const first = await rawGet(`/api/menu/${departmentId}?table=4`);
    const etag = String(first.headers.etag);
    fastAnswers = [];
    const fast = await rawGet(`/api/menu/${departmentId}`, { 'if-none-match': etag, 'x-request-id': 'proxy-id-12345' });
    expect(fastAnswers).toEqual([true]);
    const routed = await app.app.inject({
      method: 'GET',
      url: `/api/menu/${departmentId}`,
      headers: { 'if-none-match': etag },
    });
    expect(fast.status).toBe(304);
    expect(fast.body.length).toBe(0);
    expect(fast.headers['x-request-id']).toBe('proxy-id-12345');
    expect(comparable(fast.headers)).toEqual(comparable(routed.headers));
  });

  it('leaves misses, HEAD, odd paths and other routes to Fastify', async () => {
    const { departmentId } = await cachedMenu();
    fastAnswers = [];
    expect((await rawGet('/api/menu/no-such-department')).status).toBe(404);
    expect((await rawGet(`/api/menu/${departmentId}/extra`)).status).toBe(404);
    expect((await rawGet('/api/health/database')).status).toBe(200);
    expect(fastAnswers).toEqual([false, false, false]);
    const head = await new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest(`${app.url}/api/menu/${departmentId}`, { method: 'HEAD' }, (incoming) => {
        incoming.resume();
        resolve(incoming.statusCode ?? 0);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(head).toBe(200);
    expect(fastAnswers).toEqual([false, false, false, false]);
  });

  it('serves the new menu after an owner edit drops the cached one', async () => {
    const { owner, departmentId } = await cachedMenu();
    await createCategory(app, owner, 'מאפים טריים');
    const after = await call<{ data: { categories: { name: string }[] } }>(app, 'GET', `/api/menu/${departmentId}`);
    expect(after.body.data.categories.map((category) => category.name)).toContain('מאפים טריים');
    const again = await call<{ data: { categories: { name: string }[] } }>(app, 'GET', `/api/menu/${departmentId}`);
    expect(again.body).toEqual(after.body);
    expect(fastAnswers.at(-1)).toBe(true);
  });

  it("answers a product's option groups from the cache, and the new ones after an option is sold out", async () => {
    const { owner, departmentId } = await cachedMenu();
    const categoryId = await createCategory(app, owner, 'קפה');
    const latte = await createProduct(app, owner, { categoryId, name: 'הפוך' });
    const created = await call(app, 'POST', '/api/option-groups', {
      token: owner.token,
      body: { name: 'סוג חלב', minChoices: 1, maxChoices: 1, options: [{ name: 'שיבולת שועל', price: '2' }] },
    });
    const group = created.body.data as { id: string; options: { id: string }[] };
    await call(app, 'PUT', `/api/products/${latte.id}/option-groups/${group.id}`, { token: owner.token });
    type Menu = { data: { products: { optionGroups: { options: { available: boolean }[] }[] }[] } };
    const optionOf = (answer: { body: Menu }) => answer.body.data.products[0]?.optionGroups[0]?.options[0];
    expect(optionOf(await call<Menu>(app, 'GET', `/api/menu/${departmentId}`))).toMatchObject({ available: true });
    fastAnswers = [];
    const hit = await call<Menu>(app, 'GET', `/api/menu/${departmentId}`);
    expect(fastAnswers).toEqual([true]);
    expect(optionOf(hit)).toMatchObject({ name: 'שיבולת שועל', price: '2.00', available: true });
    await call(app, 'PATCH', `/api/option-groups/${group.id}/options/${group.options[0]!.id}/availability`, {
      token: owner.token,
      body: { available: false },
    });
    expect(optionOf(await call<Menu>(app, 'GET', `/api/menu/${departmentId}`))).toMatchObject({ available: false });
    fastAnswers = [];
    expect(optionOf(await call<Menu>(app, 'GET', `/api/menu/${departmentId}`))).toMatchObject({ available: false });
    expect(fastAnswers).toEqual([true]);
  });

  it('answers a menu that exists even to an address over its 404 limit', async () => {
    const { departmentId } = await cachedMenu();
    const ip = freshIp();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await call(app, 'GET', `/api/menu/guess-${attempt}`, { ip })).status).toBe(404);
    }
    expect((await call(app, 'GET', `/api/menu/guess-x`, { ip })).status).toBe(429);
    fastAnswers = [];
    expect((await call(app, 'GET', `/api/menu/${departmentId}`, { ip })).status).toBe(200);
    expect(fastAnswers).toEqual([true]);
  });
});

describe('departmentIdOf', () => {
  it.each([
    ['/api/menu/demo', 'demo'],
    ['/api/menu/AbC_12-xyZ?table=3', 'AbC_12-xyZ'],
    ['/api/menu/', undefined],
    ['/api/menu/a%20b', undefined],
    ['/api/menu/a/b', undefined],
    ['/api/menus/demo', undefined],
    ['/menu/demo', undefined],
    [undefined, undefined],
  ])('reads %s as %s', (url, expected) => {
    expect(departmentIdOf(url)).toBe(expected);
  });

  it.each([
    ['/api/menu/demo?lang=en', { departmentId: 'demo', language: 'en' }],
    ['/api/menu/demo?table=3&lang=ru', { departmentId: 'demo', language: 'ru' }],
    ['/api/menu/demo?lang=he', { departmentId: 'demo', language: undefined }],
    ['/api/menu/demo?lang=fr', undefined],
    ['/api/menu/demo?lang=en&lang=ar', undefined],
  ])('reads %s with its language', (url, expected) => {
    expect(menuRequestOf(url)).toEqual(expected);
  });
});
