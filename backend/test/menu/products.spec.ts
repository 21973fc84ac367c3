import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { validationMessagesHe } from '@tafrit/contracts';
import { ProductEntity } from '../../src/modules/menu/persistence/product.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { createCategory, createProduct, pngOf, productForm, type ProductFields } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
let store: EventStore;

beforeAll(async () => {
  app = await startTestApp();
  store = app.app.get(EVENT_STORE);
}, 90_000);
afterAll(() => app.close());

const productsFolder = () => join(app.config.dataDir, 'uploads', 'products');
const storedFiles = () => (existsSync(productsFolder()) ? readdirSync(productsFolder()).sort() : []);
const fileOf = (url: string) => url.split('/').at(-1) ?? '';
const lastMenuEvent = async (phone: string) => (await store.readStream(`menu-${phone}`)).events.at(-1);

const post = (owner: SignedInOwner, fields: ProductFields) =>
  call(app, 'POST', '/api/products', { token: owner.token, form: productForm(fields) });
const put = (owner: SignedInOwner, id: number, fields: ProductFields) =>
  call(app, 'PUT', `/api/products/${id}`, { token: owner.token, form: productForm(fields) });

interface ProductBody {
  id: number;
  image: { small: string; large: string } | null;
  [key: string]: unknown;
}

async function served(url: string) {
  const answer = await fetch(`${app.url}${url}`);
  return { answer, meta: answer.ok ? await sharp(Buffer.from(await answer.arrayBuffer())).metadata() : undefined };
}

describe('an owner managing products', () => {
  it('adds a product from the multipart form and answers the product shape', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const answer = await post(owner, {
      name: ' קפוצ׳ינו ',
      price: '12.5',
      categoryId: String(categoryId),
      description: 'חלב מוקצף',
      tags: 'vegetarian, kosher_dairy,vegetarian',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      success: true,
      data: {
        id: expect.any(Number),
        categoryId,
        name: 'קפוצ׳ינו',
        description: 'חלב מוקצף',
        price: '12.50',
        image: null,
        isActive: true,
        tags: ['vegetarian', 'kosher_dairy'],
        createdAt: expect.any(String),
        optionGroupIds: [],
      },
    });
    const id = (answer.body.data as ProductBody).id;
    expect(await lastMenuEvent(owner.phone)).toMatchObject({
      type: 'MenuChanged',
      data: { change: 'product.created', productId: id },
    });
    const list = await call(app, 'GET', '/api/products', { token: owner.token });
    expect(list.body.data).toEqual([answer.body.data]);
  });

  it.each([
    ['no name', { name: undefined }, 'name', 'נא להזין שם מוצר'],
    ['a blank name', { name: '  ' }, 'name', 'נא להזין שם מוצר'],
    ['a name over 200 characters', { name: 'א'.repeat(201) }, 'name', 'שם המוצר יכול להכיל עד 200 תווים'],
    ['no price', { price: undefined }, 'price', 'נא להזין מחיר'],
    ['an empty price', { price: '' }, 'price', 'נא להזין מחיר'],
    ['a negative price', { price: '-1' }, 'price', 'נא להזין מחיר תקין'],
    ['three decimals', { price: '1.999' }, 'price', 'נא להזין מחיר תקין'],
    ['a price above 99,999.99', { price: '100000' }, 'price', 'נא להזין מחיר תקין'],
    ['a price that is not a number', { price: 'abc' }, 'price', 'נא להזין מחיר תקין'],
    ['no category', { categoryId: undefined }, 'categoryId', 'נא לבחור קטגוריה'],
    ['category zero', { categoryId: '0' }, 'categoryId', 'נא לבחור קטגוריה'],
    ['a category that is not a number', { categoryId: 'x' }, 'categoryId', 'נא לבחור קטגוריה'],
    ['a description over 1000 characters', { description: 'א'.repeat(1001) }, 'description', 'התיאור יכול'],
    ['an unknown tag', { tags: 'vegan,halal' }, 'tags', 'תגית לא מוכרת'],
  ])('refuses %s', async (_case, override, field, message) => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const fields = { name: 'אספרסו', price: '9.90', categoryId, ...override } as ProductFields;
    const answer = await post(owner, fields);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'validation.failed' });
    expect((answer.body.fields as Record<string, string>)[field]).toContain(message);
    expect(await app.database.em().count(ProductEntity, { businessId: owner.phone })).toBe(0);
  });

  it('takes tags as repeated fields too', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const form = productForm({ name: 'שקשוקה', price: '42', categoryId });
    form.append('tags', 'spicy');
    form.append('tags', 'vegetarian');
    const answer = await call(app, 'POST', '/api/products', { token: owner.token, form });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ tags: ['vegetarian', 'spicy'] });
  });

  it('takes a JSON body without an image', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const answer = await call(app, 'POST', '/api/products', {
      token: owner.token,
      body: { name: 'מים', price: '5', categoryId, tags: ['vegan'] },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ name: 'מים', price: '5.00', categoryId, tags: ['vegan'], image: null });
  });

  it('accepts the price limits 0 and 99,999.99', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    expect((await createProduct(app, owner, { categoryId, price: '0' })).price).toBe('0.00');
    expect((await createProduct(app, owner, { categoryId, price: '99999.99' })).price).toBe('99999.99');
  });

  it('reads a decimal comma as the point (12,5 is 12.50) and refuses any other comma with the price message', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    expect((await createProduct(app, owner, { categoryId, price: '12,5' })).price).toBe('12.50');
    const created = await createProduct(app, owner, { categoryId, price: '3' });
    const edited = await put(owner, created.id, { name: 'אספרסו', price: '7,90', categoryId });
    expect(edited.body.data).toMatchObject({ price: '7.90' });
    for (const price of ['1,250', '12,345', '1,250.50']) {
      const refused = await post(owner, { name: 'מים', price, categoryId: String(categoryId) });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'validation.failed',
        fields: { price: validationMessagesHe.priceInvalid },
      });
    }
  });

  it('keeps the description when an edit leaves it out, and clears it when it is sent empty', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const created = await createProduct(app, owner, { categoryId, description: 'חלב מוקצף' });
    const kept = await put(owner, created.id, { name: 'קפוצ׳ינו', price: '12', categoryId });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ name: 'קפוצ׳ינו', description: 'חלב מוקצף' });
    const json = await call(app, 'PUT', `/api/products/${created.id}`, {
      token: owner.token,
      body: { name: 'קפוצ׳ינו', price: '12', categoryId },
    });
    expect(json.body.data).toMatchObject({ description: 'חלב מוקצף' });
    const cleared = await put(owner, created.id, { name: 'קפוצ׳ינו', price: '12', categoryId, description: '' });
    expect(cleared.body.data).toMatchObject({ description: null });
    const nulled = await call(app, 'PUT', `/api/products/${created.id}`, {
      token: owner.token,
      body: { name: 'קפוצ׳ינו', price: '12', categoryId, description: 'x' },
    });
    expect(nulled.body.data).toMatchObject({ description: 'x' });
    const clearedByNull = await call(app, 'PUT', `/api/products/${created.id}`, {
      token: owner.token,
      body: { name: 'קפוצ׳ינו', price: '12', categoryId, description: null },
    });
    expect(clearedByNull.body.data).toMatchObject({ description: null });
  });

  it('edits a product, keeping its photo unless told otherwise', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const other = await createCategory(app, owner, 'מאפים');
    const created = await createProduct(app, owner, { categoryId, image: { bytes: await pngOf(500, 500) } });
    const answer = await put(owner, created.id, {
      name: 'לאטה',
      price: '14',
      categoryId: other,
      tags: 'vegan',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: created.id,
      name: 'לאטה',
      price: '14.00',
      categoryId: other,
      description: null,
      tags: ['vegan'],
      image: created.image,
    });
    expect(await lastMenuEvent(owner.phone)).toMatchObject({ data: { change: 'product.updated' } });
    const bad = await put(owner, created.id, { name: 'x', price: '1.234', categoryId });
    expect(bad.status).toBe(400);
  });

  it('marks a product sold out and available again', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const { id } = await createProduct(app, owner, { categoryId });
    const path = `/api/products/${id}/availability`;
    const off = await call(app, 'PATCH', path, { token: owner.token, body: { isActive: false } });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ id, isActive: false });
    expect(await lastMenuEvent(owner.phone)).toMatchObject({ data: { change: 'product.availability_changed' } });
    const on = await call(app, 'PATCH', path, { token: owner.token, body: { isActive: true } });
    expect(on.body.data).toMatchObject({ isActive: true });
    const bad = await call(app, 'PATCH', path, { token: owner.token, body: { isActive: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: { isActive: 'נא לציין אם המוצר זמין' } });
  });

  it('deletes a product', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const { id } = await createProduct(app, owner, { categoryId });
    const answer = await call(app, 'DELETE', `/api/products/${id}`, { token: owner.token });
    expect(answer.body).toEqual({ success: true, data: { deleted: true } });
    expect(await lastMenuEvent(owner.phone)).toMatchObject({ data: { change: 'product.deleted', productId: id } });
    expect((await call(app, 'DELETE', `/api/products/${id}`, { token: owner.token })).status).toBe(404);
  });
});

describe('product photos', () => {
  it('stores a photo as WebP at 400x300 and 800x600, served for a year', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const product = (await createProduct(app, owner, {
      categoryId,
      image: { bytes: await pngOf(1600, 1200) },
    })) as unknown as ProductBody;
    expect(product.image).toEqual({
      small: expect.stringMatching(/^\/uploads\/products\/[0-9a-z]{1,13}-400\.webp$/),
      large: expect.stringMatching(/^\/uploads\/products\/[0-9a-z]{1,13}-800\.webp$/),
    });
    const small = await served(product.image?.small ?? '');
    const large = await served(product.image?.large ?? '');
    expect(small.answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(small.answer.headers.get('content-type')).toBe('image/webp');
    expect(small.meta).toMatchObject({ format: 'webp', width: 400, height: 300 });
    expect(large.meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
  });

  // The diner's pages write these sizes into every <img> before it loads: any other shape would be a lie to the layout.
  it.each([
    ['a small landscape JPEG', 300, 200],
    ['a tall phone photo', 900, 1600],
    ['a square', 1000, 1000],
  ])('crops %s to 4:3 and gives exactly the two sizes', async (_name, width, height) => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const jpeg = await sharp(await pngOf(width, height))
      .jpeg()
      .toBuffer();
    const product = (await createProduct(app, owner, {
      categoryId,
      image: { bytes: jpeg, name: 'a.jpg', type: 'image/jpeg' },
    })) as unknown as ProductBody;
    expect((await served(product.image?.small ?? '')).meta).toMatchObject({ format: 'webp', width: 400, height: 300 });
    expect((await served(product.image?.large ?? '')).meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
  });

  it('names photos by a sequence in base 36, never twice, skipping a name already on disk (decision 035)', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const upload = async () =>
      (
        (await createProduct(app, owner, {
          categoryId,
          image: { bytes: await pngOf(300, 300) },
        })) as unknown as ProductBody
      ).image as { small: string; large: string };
    const stemOf = (url: string) => /\/uploads\/products\/([0-9a-z]+)-400\.webp$/.exec(url)?.[1] ?? '';
    const first = parseInt(stemOf((await upload()).small), 36);
    expect(first).toBeGreaterThan(0);
    // A database restored behind its uploads folder would give names whose files exist: they are passed over.
    for (const taken of [first + 1, first + 2]) {
      writeFileSync(join(productsFolder(), `${taken.toString(36)}-400.webp`), 'an older photo');
    }
    const next = await upload();
    expect(parseInt(stemOf(next.small), 36)).toBe(first + 3);
    expect(next.large).toBe(next.small.replace('-400.webp', '-800.webp'));
    expect(readFileSync(join(productsFolder(), `${(first + 1).toString(36)}-400.webp`), 'utf8')).toBe('an older photo');
  });

  it('replaces a photo and removes the old files, then removes the photo on request', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const created = (await createProduct(app, owner, {
      categoryId,
      image: { bytes: await pngOf(900, 900) },
    })) as unknown as ProductBody;
    const first = created.image as { small: string; large: string };
    const replaced = await put(owner, created.id, {
      name: 'אספרסו',
      price: '9.90',
      categoryId,
      image: { bytes: await pngOf(1000, 500) },
    });
    expect(replaced.status).toBe(200);
    const second = (replaced.body.data as ProductBody).image as { small: string; large: string };
    expect(second.small).not.toBe(first.small);
    expect(storedFiles()).toEqual(expect.arrayContaining([fileOf(second.small), fileOf(second.large)]));
    expect(storedFiles()).not.toContain(fileOf(first.small));
    expect(storedFiles()).not.toContain(fileOf(first.large));
    expect((await fetch(`${app.url}${first.large}`)).status).toBe(404);

    const removed = await put(owner, created.id, { name: 'אספרסו', price: '9.90', categoryId, removeImage: 'true' });
    expect((removed.body.data as ProductBody).image).toBeNull();
    expect(storedFiles()).not.toContain(fileOf(second.small));
    expect(storedFiles()).not.toContain(fileOf(second.large));
  });

  it('removes the files of a deleted product and of the products of a deleted category', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const a = (await createProduct(app, owner, {
      categoryId,
      image: { bytes: await pngOf(200, 200) },
    })) as unknown as ProductBody;
    const b = (await createProduct(app, owner, {
      categoryId,
      image: { bytes: await pngOf(200, 200) },
    })) as unknown as ProductBody;
    await call(app, 'DELETE', `/api/products/${a.id}`, { token: owner.token });
    expect(storedFiles()).not.toContain(fileOf(a.image?.small ?? ''));
    expect(storedFiles()).toContain(fileOf(b.image?.small ?? ''));
    await call(app, 'DELETE', `/api/categories/${categoryId}`, { token: owner.token });
    expect(storedFiles()).not.toContain(fileOf(b.image?.small ?? ''));
    expect(storedFiles()).not.toContain(fileOf(b.image?.large ?? ''));
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'],
    ['a text file called .png', Buffer.from('hello'), 'image/png'],
    [
      'random bytes behind a PNG signature',
      Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(64)]),
      'image/png',
    ],
  ])('refuses %s and stores nothing', async (_case, bytes, type) => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const before = storedFiles();
    const answer = await post(owner, { name: 'א', price: '1', categoryId, image: { bytes, type } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ fields: { image: 'קובץ לא תקין, נא לבחור קובץ תמונה' } });
    expect(storedFiles()).toEqual(before);
    expect(await app.database.em().count(ProductEntity, { businessId: owner.phone })).toBe(0);
  });

  it('refuses a file over 5 MB with 413 and a decompression bomb by its header', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const big = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooLarge = await post(owner, { name: 'א', price: '1', categoryId, image: { bytes: big } });
    expect(tooLarge.status).toBe(413);
    const bomb = await sharp({
      create: { width: 10_000, height: 5_000, channels: 3, background: { r: 0, g: 0, b: 0 } },
      limitInputPixels: false,
    })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    const refused = await post(owner, { name: 'א', price: '1', categoryId, image: { bytes: bomb } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ fields: { image: 'התמונה גדולה מדי, נא לבחור תמונה קטנה יותר' } });
  });

  it('refuses a file in another field', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const answer = await post(owner, {
      name: 'א',
      price: '1',
      categoryId,
      otherFile: { field: 'logo', bytes: await pngOf(10, 10) },
    });
    expect(answer.status).toBe(400);
  });
});
