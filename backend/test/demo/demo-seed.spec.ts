import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { RegisterBusinessCommand } from '../../src/modules/accounts/application/register-business.command.js';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { demoOwner } from '../../src/modules/demo/demo-cafe.js';
import { DemoSeedService } from '../../src/modules/demo/demo-seed.service.js';
import { CategoryEntity } from '../../src/modules/menu/persistence/category.entity.js';
import { ProductEntity } from '../../src/modules/menu/persistence/product.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import type { PublicMenu } from '@tafrit/contracts';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ SEED_DEMO: 'true' });
});
afterAll(() => app.close());

describe('the demo café', () => {
  it('is created at start through the real commands: business, four categories, twelve products', async () => {
    const em = app.database.em();
    const business = await em.findOneOrFail(BusinessEntity, { departmentId: 'demo' });
    expect(business).toMatchObject({ phone: '+972523456789', businessName: 'קפה הגפן', isActive: true });
    // Its tax documents print an address like every business's (issue 17).
    expect(business).toMatchObject({ street: 'שדרות רוטשילד 22', city: 'תל אביב-יפו' });
    const categories = await em.find(CategoryEntity, { businessId: business.phone }, { orderBy: { order: 'asc' } });
    expect(categories.map((category) => category.order)).toEqual([0, 1, 2, 3]);
    const products = await em.find(ProductEntity, { businessId: business.phone });
    expect(products).toHaveLength(12);
    expect(products.every((product) => /^\d+\.\d{2}$/.test(product.price) && product.description)).toBe(true);

    const store = app.app.get<EventStore>(EVENT_STORE);
    expect((await store.readStream('business-+972523456789')).events.map((event) => event.type)).toEqual([
      'BusinessRegistered',
      // Its readable address to share, /menu/demo-cafe (issue 33).
      'MenuAddressChosen',
      // It takes pickup orders ahead (issue 33), so a newcomer sees the slots.
      'OrderAheadChosen',
    ]);
    const menuEvents = (await store.readStream('menu-+972523456789')).events;
    expect(menuEvents).toHaveLength(16);
    expect(menuEvents.every((event) => event.type === 'MenuChanged')).toBe(true);
  });

  it('takes pickup orders ahead, with quarter-hour slots and a 15-minute estimate', async () => {
    const menu = (await call(app, 'GET', '/api/menu/demo')).body.data as PublicMenu;
    expect(menu.orderAhead).toMatchObject({ enabled: true, estimateMinutes: 15 });
    for (const slot of menu.orderAhead!.slots) expect(slot.at).toMatch(/:(00|15|30|45):00\+0[23]:00$/);
  });

  it('has realistic option groups: milk and an extra shot on the coffees, eggs and "without" on the breakfast', async () => {
    const menu = (await call(app, 'GET', '/api/menu/demo')).body.data as PublicMenu;
    const groupsOf = (name: string) =>
      menu.products.find((product) => product.name === name)?.optionGroups?.map((group) => group.name);
    expect(groupsOf('הפוך')).toEqual(['סוג חלב', 'תוספות לקפה']);
    expect(groupsOf('אספרסו')).toEqual(['תוספות לקפה']);
    expect(groupsOf('ארוחת בוקר ישראלית')).toEqual(['ביצים', 'שתייה חמה לארוחה', 'בלי']);
    expect(groupsOf('מים מינרליים')).toEqual([]);
    const latte = menu.products.find((product) => product.name === 'הפוך');
    expect(latte?.optionGroups?.[0]?.options).toContainEqual(
      expect.objectContaining({ name: 'חלב שיבולת שועל', price: '2.00', available: true }),
    );
    expect(latte?.optionGroups?.[1]?.options).toContainEqual(
      expect.objectContaining({ name: 'שוט אספרסו נוסף', price: '3.00' }),
    );
    const breakfast = menu.products.find((product) => product.name === 'ארוחת בוקר ישראלית');
    expect(breakfast?.optionGroups?.[2]).toMatchObject({ without: true, minChoices: 0 });
    expect(breakfast?.optionGroups?.[2]?.options.map((option) => option.name)).toContain('בלי בצל');
  });

  it('gives every product a drawn photo, stored as an upload is: WebP at 400x300 and 800x600, under 1 MB in all', async () => {
    const sharp = (await import('sharp')).default;
    const menu = (await call(app, 'GET', '/api/menu/demo')).body.data as PublicMenu;
    expect(menu.products).toHaveLength(12);
    const urls = menu.products.flatMap((product) => [product.image?.small ?? '', product.image?.large ?? '']);
    expect(new Set(urls).size).toBe(24);
    let bytes = 0;
    for (const [index, url] of urls.entries()) {
      expect(url).toMatch(/^\/uploads\/products\/[0-9a-z]{1,13}-(400|800)\.webp$/);
      const answer = await fetch(`${app.url}${url}`);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      const body = Buffer.from(await answer.arrayBuffer());
      bytes += body.length;
      expect(await sharp(body).metadata()).toMatchObject(
        index % 2 === 0 ? { format: 'webp', width: 400, height: 300 } : { format: 'webp', width: 800, height: 600 },
      );
    }
    expect(bytes).toBeLessThan(1024 * 1024);
  });

  it('adds nothing when seeded again', async () => {
    const store = app.app.get<EventStore>(EVENT_STORE);
    const before = (await store.readStream('options-+972523456789')).version;
    await app.app.get(DemoSeedService).seed();
    expect((await store.readStream('options-+972523456789')).version).toBe(before);
    const em = app.database.em();
    expect(await em.count(CategoryEntity, { businessId: '+972523456789' })).toBe(4);
    expect(await em.count(ProductEntity, { businessId: '+972523456789' })).toBe(12);
    expect(await em.count(BusinessEntity)).toBe(1);
  });

  it('has the promo code DEMO10, 10% off any order, once however often it is seeded', async () => {
    await app.app.get(DemoSeedService).seed();
    const rows = (await app.database
      .em()
      .getConnection()
      .execute(`select code, rules, active from promo_codes where business_id = '+972523456789'`)) as {
      code: string;
      rules: { kind: string; percent: number; minOrderAgorot: number };
      active: boolean;
    }[];
    expect(rows).toEqual([
      {
        code: 'DEMO10',
        active: true,
        rules: expect.objectContaining({ kind: 'percent', percent: 10, minOrderAgorot: 0 }),
      },
    ]);
  });

  it('finishes a menu that an interrupted start left half-made', async () => {
    const em = app.database.em();
    const pastries = await em.findOneOrFail(CategoryEntity, { businessId: '+972523456789', name: 'מאפים' });
    await em.nativeDelete(ProductEntity, { categoryId: pastries.id, name: { $ne: 'קרואסון חמאה' } });
    await app.app.get(DemoSeedService).seed();
    expect(await app.database.em().count(ProductEntity, { categoryId: pastries.id })).toBe(3);
    const remade = await app.database.em().find(ProductEntity, { categoryId: pastries.id });
    expect(remade.every((product) => product.image?.startsWith('/uploads/products/'))).toBe(true);
    expect(await app.database.em().count(ProductEntity, { businessId: '+972523456789' })).toBe(12);
  });
});

describe('a demo café seeded before addresses were asked', () => {
  let older: TestApp;
  beforeAll(async () => {
    older = await startTestApp({ SEED_DEMO: 'false' });
    const { address: _address, ...withoutAddress } = demoOwner;
    await older.app.get(CommandBus).execute(
      new RegisterBusinessCommand(withoutAddress, {
        actor: { kind: 'system', id: 'demo-seed' },
        correlationId: randomUUID(),
        departmentId: 'demo',
      }),
    );
  });
  afterAll(() => older?.close());

  it('gets its address at the next start, through the same command an owner uses', async () => {
    const before = await older.database.em().findOneOrFail(BusinessEntity, { departmentId: 'demo' });
    expect(before.street ?? null).toBeNull();
    await older.app.get(DemoSeedService).seed();
    const after = await older.database.em().fork().findOneOrFail(BusinessEntity, { departmentId: 'demo' });
    expect(after).toMatchObject({ street: 'שדרות רוטשילד 22', city: 'תל אביב-יפו' });
    const types = (await older.app.get<EventStore>(EVENT_STORE).readStream(`business-${demoOwner.phone}`)).events.map(
      (event) => event.type,
    );
    // And its readable address to share (issue 33), which it lacked too.
    expect(types).toEqual(['BusinessRegistered', 'BusinessAddressChanged', 'MenuAddressChosen', 'OrderAheadChosen']);
  });
});

describe("the demo café's address to share (issue 33)", () => {
  it('is /menu/demo-cafe, serving the same menu as /menu/demo', async () => {
    const menu = (await call(app, 'GET', '/api/menu/demo')).body.data as PublicMenu;
    expect(menu.business.menuAddress).toBe('demo-cafe');
    const { MenuAddressReader } = await import('../../src/modules/accounts/projections/menu-address.reader.js');
    expect(await app.app.get(MenuAddressReader).target('demo-cafe')).toEqual({
      departmentId: 'demo',
      current: 'demo-cafe',
    });
  });
});
