import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { ProductEntity } from '../../src/modules/menu/persistence/product.entity.js';
import { registerOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { createCategory, createProduct } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
let store: EventStore;

beforeAll(async () => {
  app = await startTestApp();
  store = app.app.get(EVENT_STORE);
}, 90_000);
afterAll(() => app.close());

const menuEvents = async (phone: string) => (await store.readStream(`menu-${phone}`)).events;

describe('an owner managing categories', () => {
  it('adds categories last, lists them by order and answers the category shape', async () => {
    const owner = await registerOwner(app);
    const first = await call(app, 'POST', '/api/categories', { token: owner.token, body: { name: '  שתייה חמה ' } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      success: true,
      data: { id: expect.any(Number), name: 'שתייה חמה', order: 0, createdAt: expect.any(String) },
    });
    await createCategory(app, owner, 'מאפים');
    const list = await call(app, 'GET', '/api/categories', { token: owner.token });
    expect(list.status).toBe(200);
    expect((list.body.data as { name: string; order: number }[]).map(({ name, order }) => [name, order])).toEqual([
      ['שתייה חמה', 0],
      ['מאפים', 1],
    ]);
    expect((await menuEvents(owner.phone)).map((event) => event.data)).toEqual([
      expect.objectContaining({ change: 'category.created' }),
      expect.objectContaining({ change: 'category.created' }),
    ]);
  });

  it.each([
    ['a missing name', {}, 'נא להזין שם קטגוריה'],
    ['a blank name', { name: '   ' }, 'נא להזין שם קטגוריה'],
    ['a name that is not text', { name: 7 }, 'נא להזין שם קטגוריה'],
    ['a name over 100 characters', { name: 'א'.repeat(101) }, 'שם הקטגוריה יכול להכיל עד 100 תווים'],
  ])('refuses %s with a Hebrew message', async (_case, body, message) => {
    const owner = await registerOwner(app);
    const answer = await call(app, 'POST', '/api/categories', { token: owner.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'validation.failed', fields: { name: message } });
    expect((await call(app, 'GET', '/api/categories', { token: owner.token })).body.data).toEqual([]);
  });

  it('renames a category', async () => {
    const owner = await registerOwner(app);
    const id = await createCategory(app, owner);
    const answer = await call(app, 'PUT', `/api/categories/${id}`, { token: owner.token, body: { name: 'קפה' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id, name: 'קפה', order: 0 });
    const bad = await call(app, 'PUT', `/api/categories/${id}`, { token: owner.token, body: { name: '' } });
    expect(bad.status).toBe(400);
    expect((await menuEvents(owner.phone)).at(-1)?.data).toMatchObject({ change: 'category.renamed', categoryId: id });
  });

  it('deletes a category with its products in one change', async () => {
    const owner = await registerOwner(app);
    const id = await createCategory(app, owner);
    const other = await createCategory(app, owner, 'מאפים');
    await createProduct(app, owner, { categoryId: id });
    await createProduct(app, owner, { categoryId: id, name: 'הפוך' });
    const kept = await createProduct(app, owner, { categoryId: other, name: 'קרואסון' });
    const answer = await call(app, 'DELETE', `/api/categories/${id}`, { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, data: { deleted: true } });
    const products = await app.database.em().find(ProductEntity, { businessId: owner.phone });
    expect(products.map((product) => product.id)).toEqual([kept.id]);
    expect((await menuEvents(owner.phone)).at(-1)?.data).toMatchObject({ change: 'category.deleted', categoryId: id });
    expect((await call(app, 'DELETE', `/api/categories/${id}`, { token: owner.token })).status).toBe(404);
  });

  it('reorders with exactly the business category ids', async () => {
    const owner = await registerOwner(app);
    const a = await createCategory(app, owner, 'א');
    const b = await createCategory(app, owner, 'ב');
    const c = await createCategory(app, owner, 'ג');
    const answer = await call(app, 'PATCH', '/api/categories/order', { token: owner.token, body: { ids: [c, a, b] } });
    expect(answer.status).toBe(200);
    expect((answer.body.data as { id: number; order: number }[]).map(({ id, order }) => [id, order])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    expect((await menuEvents(owner.phone)).at(-1)?.data).toMatchObject({ change: 'categories.reordered' });

    for (const ids of [[c, a], [c, a, b, b], 'x', [c, a, 'b']]) {
      const refused = await call(app, 'PATCH', '/api/categories/order', { token: owner.token, body: { ids } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'validation.failed', fields: { ids: expect.any(String) } });
    }
    const unknown = await call(app, 'PATCH', '/api/categories/order', {
      token: owner.token,
      body: { ids: [c, a, 99_999] },
    });
    expect(unknown.status).toBe(404);
    const order = await call(app, 'GET', '/api/categories', { token: owner.token });
    expect((order.body.data as { id: number }[]).map(({ id }) => id)).toEqual([c, a, b]);
  });

  it('asks for a signed-in owner on every route', async () => {
    for (const [method, path] of [
      ['GET', '/api/categories'],
      ['POST', '/api/categories'],
      ['PUT', '/api/categories/1'],
      ['DELETE', '/api/categories/1'],
      ['PATCH', '/api/categories/order'],
    ] as const) {
      const body = method === 'GET' ? undefined : { name: 'x' };
      expect((await call(app, method, path, { body })).status).toBe(401);
    }
  });

  it('answers 404 for an id that is not a number', async () => {
    const owner = await registerOwner(app);
    const answer = await call(app, 'PUT', '/api/categories/abc', { token: owner.token, body: { name: 'x' } });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'not_found' });
  });
});
