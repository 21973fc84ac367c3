import { type OwnerMenuTranslation, type OwnerOptionGroup, type PublicMenu, publicMenuSchema } from '@tafrit/contracts';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { CommandBus } from '@nestjs/cqrs';
import { RemoveMenuCommand } from '../../src/modules/menu/index.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
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

const translate = (owner: SignedInOwner, path: string, body: unknown) =>
  call(app, 'PUT', `/api/menu-translations/${path}`, { token: owner.token, body });

async function createGroup(owner: SignedInOwner): Promise<OwnerOptionGroup> {
  const answer = await call(app, 'POST', '/api/option-groups', {
    token: owner.token,
    body: { name: 'חלב', minChoices: 1, maxChoices: 1, options: [{ name: 'שיבולת שועל', price: '2' }] },
  });
  expect(answer.status).toBe(201);
  return answer.body.data as OwnerOptionGroup;
}

let ipCounter = 0;
const freshIp = () => `10.66.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

async function menuIn(owner: SignedInOwner, query = ''): Promise<PublicMenu> {
  const { departmentId } = await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
  const answer = await call(app, 'GET', `/api/menu/${departmentId}${query}`, { ip: freshIp() });
  expect(answer.status).toBe(200);
  return publicMenuSchema.strict().parse(answer.body.data) as PublicMenu;
}

describe('the public menu in a language', () => {
  it('answers the translated texts, marks the ones in Hebrew, and leaves the Hebrew menu exactly as it was', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const latte = await createProduct(app, owner, { categoryId, name: 'הפוך', description: 'אספרסו וחלב' });
    const espresso = await createProduct(app, owner, { categoryId, name: 'אספרסו' });
    const group = await createGroup(owner);
    expect(
      (await call(app, 'PUT', `/api/products/${latte.id}/option-groups/${group.id}`, { token: owner.token })).status,
    ).toBe(200);
    const hebrewBefore = await menuIn(owner);
    await translate(owner, `product/${latte.id}`, { en: { name: 'Latte' } });
    await translate(owner, `optionGroup/${group.id}`, { en: { name: 'Milk' }, ru: { name: 'Молоко' } });

    const english = await menuIn(owner, '?lang=en');
    expect(english.language).toBe('en');
    expect(english.categories).toEqual([{ id: categoryId, name: 'שתייה חמה', order: 0, he: ['name'] }]);
    const [latteEn, espressoEn] = english.products;
    expect(latteEn).toMatchObject({ name: 'Latte', description: 'אספרסו וחלב', he: ['description'] });
    expect(latteEn?.optionGroups?.[0]).toMatchObject({
      name: 'Milk',
      options: [{ name: 'שיבולת שועל', he: ['name'] }],
    });
    expect(latteEn?.optionGroups?.[0]?.he).toBeUndefined();
    expect(espressoEn).toMatchObject({ id: espresso.id, name: 'אספרסו', description: null, he: ['name'] });

    const russian = await menuIn(owner, '?lang=ru');
    expect(russian.products[0]).toMatchObject({ name: 'הפוך', he: ['name', 'description'] });
    expect(russian.products[0]?.optionGroups?.[0]?.name).toBe('Молоко');

    // Without lang, or with he: the Hebrew menu, with no trace of the languages.
    const hebrew = await menuIn(owner);
    expect(await menuIn(owner, '?lang=he')).toEqual(hebrew);
    expect(hebrew).toEqual({ ...hebrewBefore });
    expect(JSON.stringify(hebrew)).not.toMatch(/"he":|"language":|Latte/);
  });

  it('drops every language’s answer on an edit and on a translation', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    await translate(owner, `category/${categoryId}`, { en: { name: 'Hot drinks' }, ar: { name: 'مشروبات' } });
    expect((await menuIn(owner, '?lang=en')).categories[0]?.name).toBe('Hot drinks');
    expect((await menuIn(owner, '?lang=ar')).categories[0]?.name).toBe('مشروبات');
    await translate(owner, `category/${categoryId}`, { en: { name: 'Hot' } });
    expect((await menuIn(owner, '?lang=en')).categories[0]?.name).toBe('Hot');
    await call(app, 'PUT', `/api/categories/${categoryId}`, { token: owner.token, body: { name: 'קפה' } });
    await translate(owner, `category/${categoryId}`, { ar: { name: '' } });
    expect((await menuIn(owner, '?lang=ar')).categories[0]).toMatchObject({ name: 'קפה', he: ['name'] });
    expect((await menuIn(owner, '?lang=en')).categories[0]).toEqual({ id: categoryId, name: 'Hot', order: 0 });
  });

  it('refuses an unknown language in the envelope', async () => {
    const owner = await registerOwner(app);
    const { departmentId } = await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
    const answer = await call(app, 'GET', `/api/menu/${departmentId}?lang=fr`, { ip: freshIp() });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'validation.failed',
      fields: { lang: expect.any(String) },
    });
  });
});

describe('the owner’s translations', () => {
  it('records each language of each kind of item, answers it, lists it, and drops an emptied one', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const productId = (await createProduct(app, owner, { categoryId })).id;
    const group = await createGroup(owner);
    const optionId = group.options[0]?.id ?? '';

    const product = await translate(owner, `product/${productId}`, {
      en: { name: ' Latte ', description: 'Espresso and milk' },
      ru: { name: 'Латте', description: '' },
    });
    expect(product.status).toBe(200);
    expect(product.body.data).toEqual({
      en: { name: 'Latte', description: 'Espresso and milk' },
      ru: { name: 'Латте', description: null },
    });
    expect((await translate(owner, `category/${categoryId}`, { ar: { name: 'مشروبات ساخنة' } })).status).toBe(200);
    expect((await translate(owner, `optionGroup/${group.id}`, { en: { name: 'Milk' } })).status).toBe(200);
    expect((await translate(owner, `option/${optionId}`, { en: { name: 'Oat milk' } })).status).toBe(200);

    const { events } = await store.readStream(`menu-translations-${owner.phone}`);
    expect(events.map((event) => event.type)).toEqual(Array(5).fill('MenuItemTranslated'));
    expect(events[0]?.metadata.actor).toEqual({ kind: 'owner', id: owner.phone });

    // The same text again records nothing; an emptied language goes.
    await translate(owner, `optionGroup/${group.id}`, { en: { name: 'Milk' } });
    const emptied = await translate(owner, `product/${productId}`, { ru: { name: '', description: '' } });
    expect(emptied.body.data).toEqual({ en: { name: 'Latte', description: 'Espresso and milk' } });
    expect((await store.readStream(`menu-translations-${owner.phone}`)).events).toHaveLength(6);

    const listed = await call(app, 'GET', '/api/menu-translations', { token: owner.token });
    expect(listed.status).toBe(200);
    const byKey = new Map(
      (listed.body.data as OwnerMenuTranslation[]).map((item) => [`${item.kind}:${item.id}`, item.translations]),
    );
    expect(byKey).toEqual(
      new Map<string, unknown>([
        [`category:${categoryId}`, { ar: { name: 'مشروبات ساخنة', description: null } }],
        [`option:${optionId}`, { en: { name: 'Oat milk', description: null } }],
        [`optionGroup:${group.id}`, { en: { name: 'Milk', description: null } }],
        [`product:${productId}`, { en: { name: 'Latte', description: 'Espresso and milk' } }],
      ]),
    );
  });

  it('refuses text over Hebrew’s limits and a description where there is none, in the envelope', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const long = await translate(owner, `category/${categoryId}`, { en: { name: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      success: false,
      code: 'validation.failed',
      fields: { 'en.name': expect.any(String) },
    });
    const description = await translate(owner, `category/${categoryId}`, { en: { description: 'Hot drinks' } });
    expect(description.status).toBe(400);
    expect(description.body).toMatchObject({ fields: { 'en.description': expect.any(String) } });
  });

  it('answers another business’s item, an unknown kind or a malformed id like a missing one, and needs the owner', async () => {
    const owner = await registerOwner(app);
    const other = await registerOwner(app);
    const categoryId = await createCategory(app, other);
    const group = await createGroup(other);
    for (const path of [
      `category/${categoryId}`,
      `optionGroup/${group.id}`,
      `option/${group.options[0]?.id ?? ''}`,
      `product/${categoryId}`,
      'dish/1',
      'product/abc',
      'option/1',
    ]) {
      const answer = await translate(owner, path, { en: { name: 'Stolen' } });
      expect([path, answer.status, answer.body.code]).toEqual([path, 404, 'not_found']);
    }
    expect((await store.readStream(`menu-translations-${owner.phone}`)).events).toHaveLength(0);
    expect((await store.readStream(`menu-translations-${other.phone}`)).events).toHaveLength(0);
    const anonymous = await call(app, 'PUT', `/api/menu-translations/category/${categoryId}`, {
      body: { en: { name: 'x' } },
    });
    expect(anonymous.status).toBe(401);
    expect((await call(app, 'GET', '/api/menu-translations', { token: owner.token })).body.data).toEqual([]);
  });

  it('goes with the removed menu', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    await translate(owner, `category/${categoryId}`, { en: { name: 'Hot drinks' } });
    await app.app
      .get(CommandBus)
      .execute(new RemoveMenuCommand(owner.phone, { actor: { kind: 'admin' }, correlationId: 'close-test' }));
    const { events } = await store.readStream(`menu-translations-${owner.phone}`);
    expect(events.map((event) => event.type)).toEqual(['MenuItemTranslated', 'MenuTranslationsRemoved']);
    expect((await call(app, 'GET', '/api/menu-translations', { token: owner.token })).body.data).toEqual([]);
  });
});
