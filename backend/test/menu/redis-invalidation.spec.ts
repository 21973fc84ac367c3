import { PublicMenuCache } from '../../src/modules/menu/application/public-menu-cache.js';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { ProductEntity } from '../../src/modules/menu/persistence/product.entity.js';
import { registerOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { TEST_REDIS_URL } from '../support/redis.js';
import { createCategory, createProduct, sleep } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The machine's Redis (DESIGN.md §3 scale-out); TEST_REDIS_URL points elsewhere.
const REDIS_URL = TEST_REDIS_URL;

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await startTestApp({ REDIS_URL });
  // On PostgreSQL both instances share one database, as production does; the in-memory PGlite of a test file has
  // one connection, so there the second instance has its own database and the first only publishes.
  second = await startTestApp({
    REDIS_URL,
    ...(first.config.databaseUrl
      ? { DATABASE_URL: first.config.databaseUrl, JWT_SECRET: 'test-secret-test-secret-test-secret-1234' }
      : {}),
  });
  for (const app of [first, second]) expect(await app.app.get(PublicMenuCache).ready()).toBe(true);
}, 90_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const menuOf = (app: TestApp, departmentId: string) =>
  call(app, 'GET', `/api/menu/${departmentId}`, { ip: '10.88.0.1' });
const productName = (answer: { body: Record<string, unknown> }) =>
  (answer.body.data as { products: { name: string }[] }).products[0]?.name;

async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await check()) return true;
    await sleep(20);
  }
  return false;
}

// An owner's edit through one instance reaching the other, on one shared PostgreSQL: test/scale/two-instances.spec.ts.
describe('two instances behind one Redis', () => {
  it('an invalidation on one instance drops the menu cached by the other', async () => {
    const owner = await registerOwner(second);
    const categoryId = await createCategory(second, owner);
    const product = await createProduct(second, owner, { categoryId, name: 'לפני' });
    const { departmentId } = await second.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
    expect(productName(await menuOf(second, departmentId))).toBe('לפני');
    await second.database.em().nativeUpdate(ProductEntity, { id: product.id }, { name: 'אחרי' });
    expect(productName(await menuOf(second, departmentId))).toBe('לפני');

    first.app.get(PublicMenuCache).invalidate(owner.phone);
    expect(await eventually(async () => productName(await menuOf(second, departmentId)) === 'אחרי')).toBe(true);
  });
});
