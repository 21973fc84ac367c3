import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Pool, QueryConfig } from 'pg';
import { OrderEntity } from '../../src/modules/ordering/projections/order.entity.js';
import { registerOwner } from '../support/accounts.js';
import { createPayment, openShop, type Shop } from '../support/checkout.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A full disk cannot be mounted in CI: the database driver is made to fail the way PostgreSQL does when it cannot
// extend a file (SQLSTATE 53100, disk full) or the embedded database's file system does (ENOSPC). The checkout must
// answer like a database outage (503, a Hebrew message, Retry-After) so the diner's page says to try again, keep
// nothing of the refused order, and work again as soon as the disk has room.

let app: TestApp;
let shop: Shop;
let pool: Pool;
let restore: (() => void) | undefined;

beforeAll(async () => {
  app = await startTestApp();
  shop = await openShop(app, await registerOwner(app));
  pool = (await app.database.orm.em.getConnection().getNativeClient()) as Pool;
}, 120_000);
afterEach(() => restore?.());
afterAll(() => app?.close());

/** Every write of an order's events fails with `error` until restored (reads go through as before). */
function diskFullOnOrderWrites(error: Error): void {
  const original = pool.query.bind(pool) as (config: QueryConfig) => Promise<unknown>;
  (pool as unknown as { query: (config: QueryConfig) => Promise<unknown> }).query = (config) =>
    typeof config === 'object' && /^order_append/.test(config.name ?? '') ? Promise.reject(error) : original(config);
  restore = () => {
    (pool as unknown as { query: typeof original }).query = original;
    restore = undefined;
  };
}

const orderCount = () => app.database.em().count(OrderEntity, {});

const checkout = () =>
  createPayment(app, shop.departmentId, { items: [{ productId: shop.coffee.id, quantity: 2 }], amount: '29.00' });

describe('a full disk at checkout', () => {
  it.each([
    ['SQLSTATE 53100', Object.assign(new Error('could not extend file "base/5/16390": No space left on device'), {
      code: '53100', severity: 'ERROR',
    })],
    ['ENOSPC', Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 })],
  ])('(%s) answers 503 with a Hebrew message and Retry-After, and keeps nothing', async (_name, error) => {
    const before = await orderCount();
    diskFullOnOrderWrites(error);
    const refused = await checkout();
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
    expect((refused.body as { message: string }).message).toMatch(/[\u0590-\u05FF]/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The database itself answers: it is not marked down, and nothing of the refused order was kept.
    expect(app.database.status).toBe('ready');
    expect(await orderCount()).toBe(before);
    restore?.();
    const accepted = await checkout();
    expect(accepted.status).toBe(200);
    expect(await orderCount()).toBe(before + 1);
  }); // prettier-ignore
});
