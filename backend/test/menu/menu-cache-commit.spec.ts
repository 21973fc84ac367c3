import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { recordMenuChange } from '../../src/modules/menu/application/menu-change.js';
import { PublicMenuCache } from '../../src/modules/menu/application/public-menu-cache.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { createCategory } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The cached public menu is dropped after the edit commits: dropped before, a diner's request between the drop and
// the commit would rebuild it from the rows of before and keep the old menu until the next edit.
let app: TestApp;
let cache: PublicMenuCache<unknown>;
let store: EventStore;

beforeAll(async () => {
  app = await startTestApp();
  cache = app.app.get(PublicMenuCache);
  store = app.app.get<EventStore>(EVENT_STORE);
}, 90_000);
afterAll(() => app.close());

const context = { actor: { kind: 'owner' as const, id: 'test' }, correlationId: 'menu-cache-commit' };

async function cachedMenu(): Promise<{ owner: SignedInOwner; departmentId: string }> {
  const owner = await registerOwner(app);
  await createCategory(app, owner);
  const { departmentId } = await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
  expect((await call(app, 'GET', `/api/menu/${departmentId}`)).status).toBe(200);
  expect(cache.get(departmentId)).toBeDefined();
  return { owner, departmentId };
}

describe('the cached public menu and the edit that changes it', () => {
  it('is still cached while the edit is uncommitted, and dropped once it commits', async () => {
    const { owner, departmentId } = await cachedMenu();
    await app.database.em().transactional(async (em) => {
      await recordMenuChange(
        store,
        em,
        { businessId: owner.phone, change: 'category.renamed', categoryId: 1 },
        context,
      );
      expect(cache.get(departmentId)).toBeDefined();
    });
    expect(cache.get(departmentId)).toBeUndefined();
  });

  it('stays cached when the edit rolls back', async () => {
    const { owner, departmentId } = await cachedMenu();
    const rolledBack = app.database.em().transactional(async (em) => {
      await recordMenuChange(
        store,
        em,
        { businessId: owner.phone, change: 'category.renamed', categoryId: 1 },
        context,
      );
      throw new Error('the edit fails after its event');
    });
    await expect(rolledBack).rejects.toThrow('the edit fails after its event');
    expect(cache.get(departmentId)).toBeDefined();
  });

  it('does not keep a menu whose build started before the drop', () => {
    const startedAt = cache.startBuild();
    cache.invalidate('0500000000');
    cache.set('raced-department', '0500000000', { status: 'not_found' }, startedAt);
    expect(cache.get('raced-department')).toBeUndefined();

    cache.set('raced-department', '0500000000', { status: 'not_found' }, cache.startBuild());
    expect(cache.get('raced-department')).toBeDefined();
  });
});
