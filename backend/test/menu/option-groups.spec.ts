import type { OwnerOptionGroup, OwnerProduct, PublicMenu } from '@tafrit/contracts';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { CommandBus } from '@nestjs/cqrs';
import { OptionGroupsReader, RemoveMenuCommand } from '../../src/modules/menu/index.js';
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

let ipCounter = 0;
const freshIp = () => `10.88.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const departmentOf = async (owner: SignedInOwner) =>
  (await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone })).departmentId;

async function publicMenu(owner: SignedInOwner): Promise<PublicMenu> {
  const answer = await call(app, 'GET', `/api/menu/${await departmentOf(owner)}`, { ip: freshIp() });
  expect(answer.status).toBe(200);
  return answer.body.data as PublicMenu;
}

const milkGroup = {
  name: 'חלב',
  minChoices: 1,
  maxChoices: 1,
  options: [
    { name: 'חלב רגיל', price: '0', isDefault: true },
    { name: 'חלב שיבולת שועל', price: '2' },
  ],
};

async function createGroup(owner: SignedInOwner, body: unknown = milkGroup): Promise<OwnerOptionGroup> {
  const answer = await call(app, 'POST', '/api/option-groups', { token: owner.token, body });
  expect(answer.status).toBe(201);
  return answer.body.data as OwnerOptionGroup;
}

async function attach(owner: SignedInOwner, productId: number, groupId: string): Promise<OwnerProduct> {
  const answer = await call(app, 'PUT', `/api/products/${productId}/option-groups/${groupId}`, { token: owner.token });
  expect(answer.status).toBe(200);
  return answer.body.data as OwnerProduct;
}

const eventTypes = async (owner: SignedInOwner) =>
  (await store.readStream(`options-${owner.phone}`)).events.map((event) => event.type);

describe('an option group', () => {
  it('is created with its options, prices answered in shekels and recorded in agorot', async () => {
    const owner = await registerOwner(app);
    const group = await createGroup(owner);
    expect(group).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'חלב',
      minChoices: 1,
      maxChoices: 1,
      without: false,
      options: [
        { id: expect.any(String), name: 'חלב רגיל', price: '0.00', available: true, isDefault: true },
        { id: expect.any(String), name: 'חלב שיבולת שועל', price: '2.00', available: true, isDefault: false },
      ],
      productIds: [],
    });
    const { events } = await store.readStream(`options-${owner.phone}`);
    expect(events.map((event) => event.type)).toEqual(['OptionGroupCreated', 'OptionAdded', 'OptionAdded']);
    expect(events[2]?.data).toMatchObject({ name: 'חלב שיבולת שועל', priceAgorot: 200 });
    expect(events[0]?.metadata.actor).toEqual({ kind: 'owner', id: owner.phone });
    const listed = await call(app, 'GET', '/api/option-groups', { token: owner.token });
    expect(listed.body.data).toEqual([group]);
  });

  it('refuses bad input with Hebrew messages beside the fields, and a rule of the groups the same way', async () => {
    const owner = await registerOwner(app);
    const bad = await call(app, 'POST', '/api/option-groups', {
      token: owner.token,
      body: { name: '', minChoices: 2, maxChoices: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      code: 'validation.failed',
      fields: { name: 'נא להזין שם לקבוצת התוספות', minChoices: 'המינימום אינו יכול להיות גדול מהמקסימום' },
    });
    await createGroup(owner);
    const taken = await call(app, 'POST', '/api/option-groups', { token: owner.token, body: milkGroup });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ code: 'validation.failed', fields: { name: 'כבר יש קבוצת תוספות בשם הזה' } });
    const pricedWithout = await call(app, 'POST', '/api/option-groups', {
      token: owner.token,
      body: { name: 'בלי', minChoices: 0, maxChoices: 3, without: true, options: [{ name: 'בלי בצל', price: '1' }] },
    });
    expect(pricedWithout.status).toBe(400);
    expect(pricedWithout.body).toMatchObject({
      fields: { 'options.0.price': 'בקבוצת "בלי" כל הבחירות ללא תוספת מחיר' },
    });
  });

  it('is shared: attached to two coffees, one edit changes both on the public menu at once', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const latte = await createProduct(app, owner, { categoryId, name: 'הפוך', price: '14' });
    const espresso = await createProduct(app, owner, { categoryId, name: 'אספרסו', price: '9' });
    await createProduct(app, owner, { categoryId, name: 'תה', price: '11' });
    const milk = await createGroup(owner);
    const extras = await createGroup(owner, {
      name: 'תוספות',
      minChoices: 0,
      maxChoices: 2,
      options: [{ name: 'שוט נוסף', price: '3' }],
    });
    expect((await attach(owner, latte.id, milk.id)).optionGroupIds).toEqual([milk.id]);
    expect((await attach(owner, latte.id, extras.id)).optionGroupIds).toEqual([milk.id, extras.id]);
    await attach(owner, espresso.id, milk.id);
    // Attaching again changes nothing.
    expect((await attach(owner, espresso.id, milk.id)).optionGroupIds).toEqual([milk.id]);

    const before = await publicMenu(owner);
    const byName = (menu: PublicMenu, name: string) => menu.products.find((product) => product.name === name);
    expect(byName(before, 'הפוך')?.optionGroups).toEqual([
      {
        id: milk.id,
        name: 'חלב',
        minChoices: 1,
        maxChoices: 1,
        without: false,
        options: milk.options.map(({ id, name, price, available, isDefault }) => ({
          id,
          name,
          price,
          available,
          isDefault,
        })),
      },
      {
        id: extras.id,
        name: 'תוספות',
        minChoices: 0,
        maxChoices: 2,
        without: false,
        options: [{ id: extras.options[0]!.id, name: 'שוט נוסף', price: '3.00', available: true, isDefault: false }],
      },
    ]);
    expect(byName(before, 'תה')?.optionGroups).toEqual([]);

    // The menu is cached now; an edit of the group drops it.
    const oat = milk.options[1]!;
    const edited = await call(app, 'PUT', `/api/option-groups/${milk.id}/options/${oat.id}`, {
      token: owner.token,
      body: { name: 'חלב שיבולת שועל', price: '2.50' },
    });
    expect(edited.status).toBe(200);
    const soldOut = await call(app, 'PATCH', `/api/option-groups/${milk.id}/options/${oat.id}/availability`, {
      token: owner.token,
      body: { available: false },
    });
    expect(soldOut.status).toBe(200);
    const renamed = await call(app, 'PUT', `/api/option-groups/${milk.id}`, {
      token: owner.token,
      body: { name: 'סוג חלב', minChoices: 1, maxChoices: 1 },
    });
    expect(renamed.body.data).toMatchObject({
      name: 'סוג חלב',
      productIds: [latte.id, espresso.id].sort((a, b) => a - b),
    });

    const after = await publicMenu(owner);
    for (const name of ['הפוך', 'אספרסו']) {
      const group = byName(after, name)?.optionGroups?.[0];
      expect(group?.name).toBe('סוג חלב');
      expect(group?.options[1]).toMatchObject({ price: '2.50', available: false });
    }
    expect(await eventTypes(owner)).toEqual(
      expect.arrayContaining(['OptionEdited', 'OptionAvailabilityChanged', 'OptionGroupEdited', 'OptionGroupAttached']),
    );

    // Reorder the latte's groups, then take the milk off it.
    const reordered = await call(app, 'PATCH', `/api/products/${latte.id}/option-groups/order`, {
      token: owner.token,
      body: { ids: [extras.id, milk.id] },
    });
    expect((reordered.body.data as OwnerProduct).optionGroupIds).toEqual([extras.id, milk.id]);
    const incomplete = await call(app, 'PATCH', `/api/products/${latte.id}/option-groups/order`, {
      token: owner.token,
      body: { ids: [extras.id] },
    });
    expect(incomplete.status).toBe(400);
    const detached = await call(app, 'DELETE', `/api/products/${latte.id}/option-groups/${milk.id}`, {
      token: owner.token,
    });
    expect((detached.body.data as OwnerProduct).optionGroupIds).toEqual([extras.id]);
    const again = await call(app, 'DELETE', `/api/products/${latte.id}/option-groups/${milk.id}`, {
      token: owner.token,
    });
    expect(again.status).toBe(404);
    const products = await call(app, 'GET', '/api/products', { token: owner.token });
    expect(
      (products.body.data as OwnerProduct[]).map(({ name, optionGroupIds }) => ({ name, optionGroupIds })),
    ).toEqual([
      { name: 'הפוך', optionGroupIds: [extras.id] },
      { name: 'אספרסו', optionGroupIds: [milk.id] },
      { name: 'תה', optionGroupIds: [] },
    ]);
    expect(byName(await publicMenu(owner), 'הפוך')?.optionGroups?.map((group) => group.id)).toEqual([extras.id]);
  });

  it('options are added, reordered and removed; a deleted group leaves every product', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const breakfast = await createProduct(app, owner, { categoryId, name: 'ארוחת בוקר', price: '68' });
    const without = await createGroup(owner, {
      name: 'בלי',
      minChoices: 0,
      maxChoices: 3,
      without: true,
      options: [{ name: 'בלי בצל', price: '0' }],
    });
    const added = await call(app, 'POST', `/api/option-groups/${without.id}/options`, {
      token: owner.token,
      body: { name: 'בלי גבינה', price: '0' },
    });
    expect(added.status).toBe(201);
    const options = (added.body.data as OwnerOptionGroup).options;
    expect(options.map((option) => option.name)).toEqual(['בלי בצל', 'בלי גבינה']);
    const reordered = await call(app, 'PATCH', `/api/option-groups/${without.id}/options/order`, {
      token: owner.token,
      body: { ids: [options[1]!.id, options[0]!.id] },
    });
    expect((reordered.body.data as OwnerOptionGroup).options.map((option) => option.name)).toEqual([
      'בלי גבינה',
      'בלי בצל',
    ]);
    const removed = await call(app, 'DELETE', `/api/option-groups/${without.id}/options/${options[1]!.id}`, {
      token: owner.token,
    });
    expect((removed.body.data as OwnerOptionGroup).options.map((option) => option.name)).toEqual(['בלי בצל']);

    await attach(owner, breakfast.id, without.id);
    expect((await publicMenu(owner)).products[0]?.optionGroups?.[0]).toMatchObject({ name: 'בלי', without: true });
    const deleted = await call(app, 'DELETE', `/api/option-groups/${without.id}`, { token: owner.token });
    expect(deleted.body).toEqual({ success: true, data: { deleted: true } });
    expect((await publicMenu(owner)).products[0]?.optionGroups).toEqual([]);
    expect((await call(app, 'GET', `/api/option-groups/${without.id}`, { token: owner.token })).status).toBe(404);
    expect((await call(app, 'GET', '/api/option-groups', { token: owner.token })).body.data).toEqual([]);
  });

  it('a deleted product (or category) takes its places in groups with it, in the log too', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const latte = await createProduct(app, owner, { categoryId, name: 'הפוך' });
    const other = await createCategory(app, owner, 'קרה');
    const iced = await createProduct(app, owner, { categoryId: other, name: 'אייס' });
    const milk = await createGroup(owner);
    await attach(owner, latte.id, milk.id);
    await attach(owner, iced.id, milk.id);
    expect((await call(app, 'DELETE', `/api/products/${latte.id}`, { token: owner.token })).status).toBe(200);
    expect((await call(app, 'DELETE', `/api/categories/${other}`, { token: owner.token })).status).toBe(200);
    const group = await call(app, 'GET', `/api/option-groups/${milk.id}`, { token: owner.token });
    expect(group.body.data).toMatchObject({ productIds: [] });
    expect((await eventTypes(owner)).filter((type) => type === 'OptionGroupDetached')).toHaveLength(2);
  });

  it("a business's menu removed (its account closed) takes its option groups with it", async () => {
    const owner = await registerOwner(app);
    const latte = await createProduct(app, owner, { categoryId: await createCategory(app, owner) });
    const milk = await createGroup(owner);
    await attach(owner, latte.id, milk.id);
    await app.app
      .get(CommandBus)
      .execute(new RemoveMenuCommand(owner.phone, { actor: { kind: 'admin' }, correlationId: 'close-test' }));
    expect(await app.app.get(OptionGroupsReader).ofBusiness(owner.phone)).toMatchObject({ groups: [] });
    expect((await eventTypes(owner)).at(-1)).toBe('OptionGroupDeleted');
  });

  it('two edits of the same business at once both land: the second is decided again on the first', async () => {
    const owner = await registerOwner(app);
    const milk = await createGroup(owner);
    const [soy, almond] = await Promise.all(
      ['חלב סויה', 'חלב שקדים'].map((name) =>
        call(app, 'POST', `/api/option-groups/${milk.id}/options`, { token: owner.token, body: { name, price: '2' } }),
      ),
    );
    expect([soy?.status, almond?.status]).toEqual([201, 201]);
    const group = await call(app, 'GET', `/api/option-groups/${milk.id}`, { token: owner.token });
    expect((group.body.data as OwnerOptionGroup).options.map((option) => option.name).sort()).toEqual(
      ['חלב סויה', 'חלב רגיל', 'חלב שיבולת שועל', 'חלב שקדים'].sort(),
    );
    expect((await store.readStream(`options-${owner.phone}`)).version).toBe(5);
  });

  it('a checkout can price against the groups as they are now', async () => {
    const owner = await registerOwner(app);
    const categoryId = await createCategory(app, owner);
    const latte = await createProduct(app, owner, { categoryId, name: 'הפוך' });
    const milk = await createGroup(owner);
    await attach(owner, latte.id, milk.id);
    const pricing = await app.app.get(OptionGroupsReader).forPricing(owner.phone, [latte.id, 999]);
    expect(pricing.get(999)).toEqual([]);
    expect(pricing.get(latte.id)).toEqual([
      {
        id: milk.id,
        name: 'חלב',
        minChoices: 1,
        maxChoices: 1,
        without: false,
        options: [
          { id: milk.options[0]!.id, name: 'חלב רגיל', priceAgorot: 0, available: true },
          { id: milk.options[1]!.id, name: 'חלב שיבולת שועל', priceAgorot: 200, available: true },
        ],
      },
    ]);
  });
});

describe("another business's ids", () => {
  let owner: SignedInOwner;
  let intruder: SignedInOwner;
  let productId: number;
  let group: OwnerOptionGroup;
  let intruderGroup: OwnerOptionGroup;
  let intruderProductId: number;

  beforeAll(async () => {
    owner = await registerOwner(app);
    intruder = await registerOwner(app);
    productId = (await createProduct(app, owner, { categoryId: await createCategory(app, owner) })).id;
    group = await createGroup(owner);
    await attach(owner, productId, group.id);
    intruderProductId = (await createProduct(app, intruder, { categoryId: await createCategory(app, intruder) })).id;
    intruderGroup = await createGroup(intruder);
  }, 60_000);

  const option = () => group.options[0]!.id;
  const cases: [string, () => Promise<{ status: number; body: Record<string, unknown> }>][] = [
    ['read a group', () => call(app, 'GET', `/api/option-groups/${group.id}`, { token: intruder.token })],
    [
      'edit a group',
      () =>
        call(app, 'PUT', `/api/option-groups/${group.id}`, {
          token: intruder.token,
          body: { name: 'x', minChoices: 0, maxChoices: 1 },
        }),
    ],
    ['delete a group', () => call(app, 'DELETE', `/api/option-groups/${group.id}`, { token: intruder.token })],
    [
      'add an option',
      () =>
        call(app, 'POST', `/api/option-groups/${group.id}/options`, {
          token: intruder.token,
          body: { name: 'x', price: '0' },
        }),
    ],
    [
      'edit an option',
      () =>
        call(app, 'PUT', `/api/option-groups/${group.id}/options/${option()}`, {
          token: intruder.token,
          body: { name: 'x', price: '0' },
        }),
    ],
    [
      'edit an option through an own group',
      () =>
        call(app, 'PUT', `/api/option-groups/${intruderGroup.id}/options/${option()}`, {
          token: intruder.token,
          body: { name: 'x', price: '0' },
        }),
    ],
    [
      'remove an option',
      () => call(app, 'DELETE', `/api/option-groups/${group.id}/options/${option()}`, { token: intruder.token }),
    ],
    [
      'sell out an option',
      () =>
        call(app, 'PATCH', `/api/option-groups/${group.id}/options/${option()}/availability`, {
          token: intruder.token,
          body: { available: false },
        }),
    ],
    [
      'reorder options',
      () =>
        call(app, 'PATCH', `/api/option-groups/${group.id}/options/order`, {
          token: intruder.token,
          body: { ids: group.options.map((o) => o.id) },
        }),
    ],
    [
      'attach a foreign group to an own product',
      () => call(app, 'PUT', `/api/products/${intruderProductId}/option-groups/${group.id}`, { token: intruder.token }),
    ],
    [
      'attach an own group to a foreign product',
      () => call(app, 'PUT', `/api/products/${productId}/option-groups/${intruderGroup.id}`, { token: intruder.token }),
    ],
    [
      'detach a group from a foreign product',
      () => call(app, 'DELETE', `/api/products/${productId}/option-groups/${group.id}`, { token: intruder.token }),
    ],
    [
      "reorder a foreign product's groups",
      () =>
        call(app, 'PATCH', `/api/products/${productId}/option-groups/order`, {
          token: intruder.token,
          body: { ids: [group.id] },
        }),
    ],
    ['an id that is no id at all', () => call(app, 'GET', '/api/option-groups/milk', { token: intruder.token })],
  ];

  it.each(cases)('%s is a 404 and changes nothing', async (_name, request) => {
    const before = await store.readStream(`options-${owner.phone}`);
    const answer = await request();
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, code: 'not_found' });
    expect((await store.readStream(`options-${owner.phone}`)).version).toBe(before.version);
    const mine = await call(app, 'GET', '/api/option-groups', { token: owner.token });
    expect(mine.body.data).toEqual([{ ...group, productIds: [productId] }]);
  });

  it('needs a signed-in owner', async () => {
    expect((await call(app, 'GET', '/api/option-groups')).status).toBe(401);
    expect((await call(app, 'POST', '/api/option-groups', { body: milkGroup })).status).toBe(401);
  });
});
