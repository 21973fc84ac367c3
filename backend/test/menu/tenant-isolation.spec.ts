import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CategoryEntity } from '../../src/modules/menu/persistence/category.entity.js';
import { ProductEntity } from '../../src/modules/menu/persistence/product.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { createCategory, createProduct, pngOf, productForm } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
let store: EventStore;
let owner: SignedInOwner;
let intruder: SignedInOwner;
let categoryId: number;
let productId: number;
let intruderCategoryId: number;

beforeAll(async () => {
  app = await startTestApp();
  store = app.app.get(EVENT_STORE);
  owner = await registerOwner(app);
  intruder = await registerOwner(app);
  categoryId = await createCategory(app, owner);
  productId = (await createProduct(app, owner, { categoryId, image: { bytes: await pngOf(300, 300) } })).id;
  intruderCategoryId = await createCategory(app, intruder, 'שלי');
}, 90_000);
afterAll(() => app.close());

/** Everything of the owner's that a request could touch: rows, files and the menu stream. */
async function snapshot() {
  const em = app.database.em();
  const folder = join(app.config.dataDir, 'uploads', 'products');
  return {
    categories: await em.find(CategoryEntity, { businessId: owner.phone }, { orderBy: { id: 'asc' } }),
    products: await em.find(ProductEntity, {}, { orderBy: { id: 'asc' } }),
    files: existsSync(folder) ? readdirSync(folder).sort() : [],
    events: (await store.readStream(`menu-${owner.phone}`)).events.length,
  };
}

describe("another business's ids", () => {
  const form = () => productForm({ name: 'גנוב', price: '1', categoryId: intruderCategoryId });
  it.each([
    [
      'rename a category',
      () => call(app, 'PUT', `/api/categories/${categoryId}`, { token: intruder.token, body: { name: 'x' } }),
    ],
    ['delete a category', () => call(app, 'DELETE', `/api/categories/${categoryId}`, { token: intruder.token })],
    [
      'reorder with a foreign category',
      () =>
        call(app, 'PATCH', '/api/categories/order', {
          token: intruder.token,
          body: { ids: [intruderCategoryId, categoryId] },
        }),
    ],
    ['edit a product', () => call(app, 'PUT', `/api/products/${productId}`, { token: intruder.token, form: form() })],
    ['delete a product', () => call(app, 'DELETE', `/api/products/${productId}`, { token: intruder.token })],
    [
      'mark a product sold out',
      () =>
        call(app, 'PATCH', `/api/products/${productId}/availability`, {
          token: intruder.token,
          body: { isActive: false },
        }),
    ],
    ['duplicate a product', () => call(app, 'POST', `/api/products/${productId}/duplicate`, { token: intruder.token })],
    [
      "reorder a foreign category's products",
      () =>
        call(app, 'PATCH', `/api/categories/${categoryId}/products/order`, {
          token: intruder.token,
          body: { ids: [productId] },
        }),
    ],
    [
      "reorder an own category's products with a foreign one among them",
      async () => {
        const own = await createProduct(app, intruder, { categoryId: intruderCategoryId });
        return call(app, 'PATCH', `/api/categories/${intruderCategoryId}/products/order`, {
          token: intruder.token,
          body: { ids: [productId, own.id] },
        });
      },
    ],
    [
      'add a product to a foreign category',
      () =>
        call(app, 'POST', '/api/products', {
          token: intruder.token,
          form: productForm({ name: 'x', price: '1', categoryId }),
        }),
    ],
    [
      'move an own product into a foreign category',
      async () => {
        const own = await createProduct(app, intruder, { categoryId: intruderCategoryId });
        return call(app, 'PUT', `/api/products/${own.id}`, {
          token: intruder.token,
          form: productForm({ name: 'x', price: '1', categoryId }),
        });
      },
    ],
  ])('cannot %s: 404 and nothing changes', async (_case, attempt) => {
    const before = await snapshot();
    const answer = await attempt();
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, code: 'not_found' });
    const after = await snapshot();
    expect(after.categories).toEqual(before.categories);
    expect(after.products.filter((p) => p.businessId === owner.phone)).toEqual(
      before.products.filter((p) => p.businessId === owner.phone),
    );
    expect(after.files).toEqual(expect.arrayContaining(before.files.filter((file) => file)));
    expect(after.events).toBe(before.events);
  });

  it('never lists them', async () => {
    const categories = await call(app, 'GET', '/api/categories', { token: intruder.token });
    expect((categories.body.data as { id: number }[]).map(({ id }) => id)).toEqual([intruderCategoryId]);
    const products = await call(app, 'GET', '/api/products', { token: intruder.token });
    expect((products.body.data as { categoryId: number }[]).every((p) => p.categoryId === intruderCategoryId)).toBe(
      true,
    );
  });
});
