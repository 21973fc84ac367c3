import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PublicMenuCache } from '../../src/modules/menu/application/public-menu-cache.js';
import { PublicMenuService } from '../../src/modules/menu/application/public-menu.service.js';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { ProductEntity } from '../../src/modules/menu/persistence/product.entity.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { createCategory, createProduct, keyPaths, pngOf } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
let cache: PublicMenuCache<unknown>;

beforeAll(async () => {
  app = await startTestApp();
  cache = app.app.get(PublicMenuCache);
}, 90_000);
afterAll(() => app.close());

let ipCounter = 0;
/** Each test speaks from an address of its own, so the 404 limit of one test never reaches another. */
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

async function departmentOf(owner: SignedInOwner): Promise<string> {
  return (await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone })).departmentId;
}

const menu = (departmentId: string, headers: Record<string, string> = {}, ip = freshIp()) =>
  call(app, 'GET', `/api/menu/${departmentId}`, { headers, ip });

const ALLOWED = new Set([
  'business',
  'business.businessName',
  'business.logo',
  'business.departmentId',
  'business.languages',
  'business.payments',
  'business.payments.tips',
  'business.payments.bit',
  'business.payments.googlePay',
  'categories',
  'categories[].id',
  'categories[].name',
  'categories[].order',
  'products',
  'products[].id',
  'products[].categoryId',
  'products[].name',
  'products[].description',
  'products[].price',
  'products[].image',
  'products[].image.small',
  'products[].image.large',
  'products[].soldOut',
  'products[].tags',
  'products[].optionGroups',
  // Whether ordering is open now (decision 028): no private field.
  'ordering',
  'ordering.open',
  'ordering.reason',
  'ordering.opensAt',
  'products[].optionGroups[].id',
  'products[].optionGroups[].name',
  'products[].optionGroups[].minChoices',
  'products[].optionGroups[].maxChoices',
  'products[].optionGroups[].without',
  'products[].optionGroups[].options',
  'products[].optionGroups[].options[].id',
  'products[].optionGroups[].options[].name',
  'products[].optionGroups[].options[].price',
  'products[].optionGroups[].options[].available',
  'products[].optionGroups[].options[].isDefault',
]);

describe('the public menu', () => {
  it('shows only public fields, and a product sold out for today as sold out', async () => {
    const owner = await registerOwner(app);
    const upload = new FormData();
    upload.append('logo', new Blob([await pngOf(200, 100)], { type: 'image/png' }), 'logo.png');
    await call(app, 'POST', '/api/business/logo', { token: owner.token, form: upload });
    const drinks = await createCategory(app, owner, 'שתייה');
    const empty = await createCategory(app, owner, 'ריקה');
    const shown = await createProduct(app, owner, {
      categoryId: drinks,
      description: 'כפול',
      tags: 'vegan,kosher_parve',
      image: { bytes: await pngOf(500, 400) },
    });
    const soldOut = await createProduct(app, owner, { categoryId: drinks, name: 'אזל' });
    await call(app, 'PATCH', `/api/products/${soldOut.id}/availability`, {
      token: owner.token,
      body: { isActive: false },
    });
    const departmentId = await departmentOf(owner);

    const answer = await menu(departmentId);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    const data = answer.body.data as Record<string, unknown>;
    expect(answer.body.success).toBe(true);
    for (const path of keyPaths(data)) expect(ALLOWED).toContain(path);
    expect(data).toEqual({
      business: {
        businessName: 'קפה דנה',
        logo: expect.stringMatching(/^\/uploads\/logos\//),
        departmentId,
        languages: ['he', 'ar', 'en', 'ru'],
        payments: { tips: false, bit: false, googlePay: false },
      },
      categories: [
        { id: drinks, name: 'שתייה', order: 0 },
        { id: empty, name: 'ריקה', order: 1 },
      ],
      products: [
        {
          id: shown.id,
          categoryId: drinks,
          name: 'אספרסו',
          description: 'כפול',
          price: '9.90',
          image: shown.image,
          tags: ['vegan', 'kosher_parve'],
          optionGroups: [],
        },
        {
          // Still on the menu, marked: a diner who looks for it learns it ran out today, rather than that it is gone.
          id: soldOut.id,
          categoryId: drinks,
          name: 'אזל',
          description: null,
          price: '9.90',
          image: null,
          tags: [],
          optionGroups: [],
          soldOut: true,
        },
      ],
      ordering: { open: true, reason: null, opensAt: null },
    });
    const text = JSON.stringify(answer.body);
    for (const secret of [owner.phone, owner.phone.replace('+972', '0'), '515678902', '123456', 'example.co.il']) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers 404 menu.not_found for an unknown department', async () => {
    const answer = await menu('no-such-department');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ success: false, code: 'menu.not_found', message: 'התפריט לא נמצא' });
  });

  it('answers 404 menu.unavailable for a paused business, and the menu again once it is active', async () => {
    const owner = await registerOwner(app);
    await createCategory(app, owner);
    const departmentId = await departmentOf(owner);
    expect((await menu(departmentId)).status).toBe(200);
    // The admin issue adds pausing (and its event); until then the read model is changed directly.
    await app.database.em().nativeUpdate(BusinessEntity, { phone: owner.phone }, { isActive: false });
    cache.invalidate(owner.phone);
    const paused = await menu(departmentId);
    expect(paused.status).toBe(404);
    expect(paused.body).toEqual({
      success: false,
      code: 'menu.unavailable',
      message: 'העסק אינו מקבל הזמנות כרגע',
    });
    const service = app.app.get(PublicMenuService);
    expect(await service.find(departmentId)).toEqual({ status: 'unavailable', businessName: 'קפה דנה' });
    await app.database.em().nativeUpdate(BusinessEntity, { phone: owner.phone }, { isActive: true });
    cache.invalidate(owner.phone);
    expect((await menu(departmentId)).status).toBe(200);
  });

  it('is built once and kept until an owner edit drops it', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const product = await createProduct(app, owner, { categoryId, name: 'לפני' });
    const departmentId = await departmentOf(owner);
    const first = await menu(departmentId);
    // A change behind the application's back is not seen: the answer comes from memory.
    await app.database.em().nativeUpdate(ProductEntity, { id: product.id }, { name: 'מאחורי הגב' });
    const cached = await menu(departmentId);
    expect(cached.body).toEqual(first.body);
    expect(cached.headers.get('etag')).toBe(first.headers.get('etag'));

    await call(app, 'POST', '/api/categories', { token: owner.token, body: { name: 'חדשה' } });
    const fresh = await menu(departmentId);
    const data = fresh.body.data as { categories: unknown[]; products: { name: string }[] };
    expect(data.categories).toHaveLength(2);
    expect(data.products[0]?.name).toBe('מאחורי הגב');
    expect(fresh.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it("drops the cached menu when the business's name or logo changes", async () => {
    const owner = await registerOwner(app);
    const departmentId = await departmentOf(owner);
    await menu(departmentId);
    const profile = await call(app, 'GET', '/api/business/profile', { token: owner.token });
    const business = (profile.body.data as { business: Record<string, unknown> }).business;
    const changed = await call(app, 'PUT', '/api/business/profile', {
      token: owner.token,
      body: {
        fullName: business.fullName,
        businessName: 'קפה חדש',
        email: business.email,
        idNumber: business.idNumber,
        bankName: business.bankName,
        branch: business.branch,
        accountNumber: business.accountNumber,
        beneficiaryName: business.beneficiaryName,
      },
    });
    expect(changed.status).toBe(200);
    const answer = await menu(departmentId);
    expect((answer.body.data as { business: { businessName: string } }).business.businessName).toBe('קפה חדש');
  });

  it('answers ETag and no-cache, and 304 for a matching If-None-Match', async () => {
    const owner = await registerOwner(app);
    await createCategory(app, owner);
    const departmentId = await departmentOf(owner);
    const first = await menu(departmentId);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await menu(departmentId, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.body).toBe('');
    expect((await menu(departmentId, { 'if-none-match': '"other"' })).status).toBe(200);
    await createCategory(app, owner, 'עוד');
    expect((await menu(departmentId, { 'if-none-match': etag })).status).toBe(200);
  });

  it('sends the same menu precompressed with brotli or gzip when the phone accepts it', async () => {
    const owner = await registerOwner(app);
    await createCategory(app, owner);
    const departmentId = await departmentOf(owner);
    const inject = (encoding?: string) =>
      app.app.inject({
        method: 'GET',
        url: `/api/menu/${departmentId}`,
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const plain = await inject();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await inject('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await inject('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('rate-limits 404s per address, and still serves every menu that exists to that address', async () => {
    const owner = await registerOwner(app);
    const departmentId = await departmentOf(owner);
    const ip = freshIp();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await menu(`guess-${attempt}`, {}, ip)).status).toBe(404);
    }
    const limited = await menu('guess-31', {}, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // One bad link must not lock a whole café (everyone behind its Wi-Fi's address) out of its real menu: a menu that
    // exists is served, cached or not, however many misses the address made; only unknown ids stay refused.
    expect((await menu(departmentId, {}, ip)).status).toBe(200);
    expect((await menu(departmentId, {}, ip)).status).toBe(200);
    expect((await menu('guess-32', {}, ip)).status).toBe(429);
    expect((await menu(departmentId, {}, freshIp())).status).toBe(200);
  });
});
