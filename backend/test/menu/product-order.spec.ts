import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OwnerOptionGroup, OwnerProduct, PublicMenu } from '@tafrit/contracts';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { ProductEntity } from '../../src/modules/menu/persistence/product.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { createCategory, createProduct, pngOf, productForm } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The owner's order of products within a category (drag and keyboard in the owner's page), and duplicating a
// product (issue 16, decision 020).

let app: TestApp;
let store: EventStore;

beforeAll(async () => {
  app = await startTestApp();
  store = app.app.get(EVENT_STORE);
}, 90_000);
afterAll(() => app.close());

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const productsFolder = () => join(app.config.dataDir, 'uploads', 'products');
const storedFiles = () => (existsSync(productsFolder()) ? readdirSync(productsFolder()).sort() : []);
const fileOf = (url: string) => url.split('/').at(-1) ?? '';

async function publicMenu(owner: SignedInOwner): Promise<PublicMenu> {
  const { departmentId } = await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
  const answer = await call(app, 'GET', `/api/menu/${departmentId}`, { ip: freshIp() });
  expect(answer.status).toBe(200);
  return answer.body.data as PublicMenu;
}

const namesIn = (menu: PublicMenu, categoryId: number) =>
  menu.products.filter((product) => product.categoryId === categoryId).map((product) => product.name);

async function ownerProducts(owner: SignedInOwner): Promise<OwnerProduct[]> {
  const answer = await call(app, 'GET', '/api/products', { token: owner.token });
  expect(answer.status).toBe(200);
  return answer.body.data as OwnerProduct[];
}

const reorder = (owner: SignedInOwner, categoryId: number | string, body: unknown) =>
  call(app, 'PATCH', `/api/categories/${categoryId}/products/order`, { token: owner.token, body });

const duplicate = (owner: SignedInOwner, productId: number | string) =>
  call(app, 'POST', `/api/products/${productId}/duplicate`, { token: owner.token });

const menuEvents = async (owner: SignedInOwner) => (await store.readStream(`menu-${owner.phone}`)).events;

/** A category of three products, made in this order: אספרסו, הפוך, תה. */
async function hotDrinks(owner: SignedInOwner) {
  const categoryId = await createCategory(app, owner);
  const espresso = await createProduct(app, owner, { categoryId, name: 'אספרסו' });
  const latte = await createProduct(app, owner, { categoryId, name: 'הפוך', price: '14' });
  const tea = await createProduct(app, owner, { categoryId, name: 'תה' });
  return { categoryId, espresso: espresso.id, latte: latte.id, tea: tea.id };
}

describe("the order of a category's products", () => {
  it('is the order they were added in until the owner moves one; the public menu follows at once', async () => {
    const owner = await registerOwner(app);
    const { categoryId, espresso, latte, tea } = await hotDrinks(owner);
    expect(namesIn(await publicMenu(owner), categoryId)).toEqual(['אספרסו', 'הפוך', 'תה']);

    const answer = await reorder(owner, categoryId, { ids: [tea, espresso, latte] });
    expect(answer.status).toBe(200);
    expect((answer.body.data as OwnerProduct[]).map((product) => product.name)).toEqual(['תה', 'אספרסו', 'הפוך']);
    expect((await ownerProducts(owner)).map((product) => product.id)).toEqual([tea, espresso, latte]);
    // The cached menu was dropped by the change: the diner sees the new order on the next request.
    expect(namesIn(await publicMenu(owner), categoryId)).toEqual(['תה', 'אספרסו', 'הפוך']);
    expect((await menuEvents(owner)).at(-1)?.data).toMatchObject({ change: 'products.reordered', categoryId });
  });

  it('puts a new product, and one moved from another category, last', async () => {
    const owner = await registerOwner(app);
    const { categoryId, espresso, latte, tea } = await hotDrinks(owner);
    await reorder(owner, categoryId, { ids: [tea, latte, espresso] });
    const cold = await createCategory(app, owner, 'שתייה קרה');
    const lemonade = await createProduct(app, owner, { categoryId: cold, name: 'לימונדה' });
    const iced = await createProduct(app, owner, { categoryId: cold, name: 'קפה קר' });
    await createProduct(app, owner, { categoryId, name: 'שוקו' });
    const moved = await call(app, 'PUT', `/api/products/${lemonade.id}`, {
      token: owner.token,
      form: productForm({ name: 'לימונדה', price: '9.90', categoryId }),
    });
    expect(moved.status).toBe(200);
    const menu = await publicMenu(owner);
    expect(namesIn(menu, categoryId)).toEqual(['תה', 'הפוך', 'אספרסו', 'שוקו', 'לימונדה']);
    expect(namesIn(menu, cold)).toEqual(['קפה קר']);
    expect(iced.id).toBeGreaterThan(lemonade.id);
  });

  it("lists every product in the menu's reading order: the categories' order, then each category's own", async () => {
    const owner = await registerOwner(app);
    const { categoryId, espresso, latte, tea } = await hotDrinks(owner);
    const pastries = await createCategory(app, owner, 'מאפים');
    await createProduct(app, owner, { categoryId: pastries, name: 'קרואסון' });
    await createProduct(app, owner, { categoryId: pastries, name: 'בורקס' });
    await reorder(owner, categoryId, { ids: [latte, tea, espresso] });
    const categoriesFirst = await call(app, 'PATCH', '/api/categories/order', {
      token: owner.token,
      body: { ids: [pastries, categoryId] },
    });
    expect(categoriesFirst.status).toBe(200);
    const expected = ['קרואסון', 'בורקס', 'הפוך', 'תה', 'אספרסו'];
    expect((await ownerProducts(owner)).map((product) => product.name)).toEqual(expected);
    expect((await publicMenu(owner)).products.map((product) => product.name)).toEqual(expected);
  });

  it.each([
    ['a product left out', (ids: number[]) => ({ ids: ids.slice(1) })],
    ['a product twice', (ids: number[]) => ({ ids: [...ids, ids[0]] })],
    ['no list', () => ({})],
    ['ids as text', (ids: number[]) => ({ ids: ids.map(String) })],
    ['a negative id', (ids: number[]) => ({ ids: [...ids.slice(1), -1] })],
    ['a fraction', (ids: number[]) => ({ ids: [...ids.slice(1), 1.5] })],
  ])('refuses %s with a 400 on ids and keeps the order', async (_case, bodyOf) => {
    const owner = await registerOwner(app);
    const { categoryId, espresso, latte, tea } = await hotDrinks(owner);
    const before = (await menuEvents(owner)).length;
    const answer = await reorder(owner, categoryId, bodyOf([espresso, latte, tea]));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      code: 'validation.failed',
      message: expect.any(String),
      fields: { ids: 'יש לשלוח את כל המוצרים של הקטגוריה, כל אחד פעם אחת' },
    });
    expect((await ownerProducts(owner)).map((product) => product.id)).toEqual([espresso, latte, tea]);
    expect((await menuEvents(owner)).length).toBe(before);
  });

  it("refuses a product of another of the owner's categories and an unknown category with a 404", async () => {
    const owner = await registerOwner(app);
    const { categoryId, espresso, latte, tea } = await hotDrinks(owner);
    const other = await createCategory(app, owner, 'מאפים');
    const croissant = await createProduct(app, owner, { categoryId: other, name: 'קרואסון' });
    const mixed = await reorder(owner, categoryId, { ids: [espresso, latte, croissant.id] });
    expect(mixed.status).toBe(404);
    expect(mixed.body).toMatchObject({ success: false, code: 'not_found' });
    for (const id of ['999999', 'abc', '0']) {
      const unknown = await reorder(owner, id, { ids: [espresso, latte, tea] });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ success: false, code: 'not_found' });
    }
  });

  it('is for the signed-in owner only', async () => {
    const answer = await call(app, 'PATCH', '/api/categories/1/products/order', { body: { ids: [1] } });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ success: false });
  });
});

describe('duplicating a product', () => {
  it('copies its price, description, tags, photo and option groups, right after it, and the diner sees both', async () => {
    const owner = await registerOwner(app);
    const { categoryId, latte } = await hotDrinks(owner);
    const put = await call(app, 'PUT', `/api/products/${latte}`, {
      token: owner.token,
      form: productForm({
        name: 'הפוך',
        price: '14.50',
        categoryId,
        description: 'אספרסו וחלב מוקצף',
        tags: 'vegetarian,kosher_dairy',
        image: { bytes: await pngOf(900, 600) },
      }),
    });
    expect(put.status).toBe(200);
    const original = put.body.data as OwnerProduct;
    const group = async (body: unknown) =>
      (await call(app, 'POST', '/api/option-groups', { token: owner.token, body })).body.data as OwnerOptionGroup;
    const milk = await group({ name: 'חלב', minChoices: 1, maxChoices: 1, options: [{ name: 'רגיל', price: '0' }] });
    const extras = await group({
      name: 'תוספות',
      minChoices: 0,
      maxChoices: 2,
      options: [{ name: 'שוט', price: '3' }],
    });
    // Extras first on the original: the copy keeps that order.
    for (const id of [extras.id, milk.id]) {
      const attached = await call(app, 'PUT', `/api/products/${latte}/option-groups/${id}`, { token: owner.token });
      expect(attached.status).toBe(200);
    }
    const filesBefore = storedFiles();
    await publicMenu(owner); // cached now: the copy must drop it

    const answer = await duplicate(owner, latte);
    expect(answer.status).toBe(201);
    const copy = answer.body.data as OwnerProduct;
    expect(copy).toEqual({
      id: expect.any(Number),
      categoryId,
      name: 'הפוך (עותק)',
      description: 'אספרסו וחלב מוקצף',
      price: '14.50',
      image: { small: expect.any(String), large: expect.any(String) },
      tags: ['vegetarian', 'kosher_dairy'],
      isActive: true,
      createdAt: expect.any(String),
      optionGroupIds: [extras.id, milk.id],
    });
    expect(copy.id).not.toBe(latte);
    // Its own files, with the same bytes: deleting or replacing either photo leaves the other's.
    expect(copy.image?.small).not.toBe(original.image?.small);
    expect(storedFiles()).toEqual(
      [...filesBefore, fileOf(copy.image?.small ?? ''), fileOf(copy.image?.large ?? '')].sort(),
    );
    const served = await fetch(`${app.url}${copy.image?.large ?? ''}`);
    const originalServed = await fetch(`${app.url}${original.image?.large ?? ''}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(await originalServed.arrayBuffer()));

    const menu = await publicMenu(owner);
    expect(namesIn(menu, categoryId)).toEqual(['אספרסו', 'הפוך', 'הפוך (עותק)', 'תה']);
    const shown = menu.products.find((product) => product.id === copy.id);
    expect(shown?.optionGroups.map((each) => each.name)).toEqual(['תוספות', 'חלב']);
    expect((await menuEvents(owner)).at(-1)?.data).toMatchObject({
      change: 'product.duplicated',
      productId: copy.id,
      categoryId,
    });

    const removed = await call(app, 'DELETE', `/api/products/${latte}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect(storedFiles()).toEqual(expect.arrayContaining([fileOf(copy.image?.small ?? '')]));
    expect((await fetch(`${app.url}${copy.image?.small ?? ''}`)).status).toBe(200);
  });

  it('keeps a sold-out product sold out, and a copy of a copy comes right after the first copy', async () => {
    const owner = await registerOwner(app);
    const { categoryId, espresso } = await hotDrinks(owner);
    await call(app, 'PATCH', `/api/products/${espresso}/availability`, {
      token: owner.token,
      body: { isActive: false },
    });
    const first = (await duplicate(owner, espresso)).body.data as OwnerProduct;
    expect(first).toMatchObject({ name: 'אספרסו (עותק)', isActive: false, image: null, optionGroupIds: [] });
    const second = await duplicate(owner, first.id);
    expect(second.status).toBe(201);
    expect((second.body.data as OwnerProduct).name).toBe('אספרסו (עותק) (עותק)');
    const names = (await ownerProducts(owner))
      .filter((product) => product.categoryId === categoryId)
      .map((product) => product.name);
    expect(names).toEqual(['אספרסו', 'אספרסו (עותק)', 'אספרסו (עותק) (עותק)', 'הפוך', 'תה']);
  });

  it('shortens a name at the limit so the copy is still a valid product', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const long = await createProduct(app, owner, { categoryId, name: 'ק'.repeat(200) });
    const answer = await duplicate(owner, long.id);
    expect(answer.status).toBe(201);
    const { name } = answer.body.data as OwnerProduct;
    expect(name).toHaveLength(200);
    expect(name.endsWith(' (עותק)')).toBe(true);
  });

  it("answers another business's product, an unknown id and a malformed one with the 404 envelope, copying nothing", async () => {
    const owner = await registerOwner(app);
    const intruder = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const product = await createProduct(app, owner, { categoryId, image: { bytes: await pngOf(200, 200) } });
    const rows = async () => app.database.em().count(ProductEntity, {});
    const before = { rows: await rows(), files: storedFiles(), events: (await menuEvents(intruder)).length };
    for (const [who, id] of [
      [intruder, product.id],
      [owner, 2_000_000_000],
      [owner, 'abc'],
      [owner, '1e3'],
    ] as const) {
      const answer = await duplicate(who, id);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ success: false, code: 'not_found', message: expect.any(String) });
    }
    expect(await rows()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
    expect((await menuEvents(intruder)).length).toBe(before.events);
    expect(await ownerProducts(intruder)).toEqual([]);
  });

  it('is for the signed-in owner only', async () => {
    const answer = await call(app, 'POST', '/api/products/1/duplicate');
    expect(answer.status).toBe(401);
  });
});
