import { performance } from 'node:perf_hooks';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { PublicMenuCache } from '../../src/modules/menu/application/public-menu-cache.js';
import { registerOwner } from '../support/accounts.js';
import { createCategory, createProduct } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A measurement, not a test (DESIGN.md §8: budgets are never asserted by timed tests). Run with MENU_BENCH=1:
// 1,000 sequential in-process requests for a 150-product menu, from the cache and rebuilt every time.
const bench = process.env.MENU_BENCH === '1' ? describe : describe.skip;

let app: TestApp;

bench('public menu answer time', () => {
  beforeAll(async () => {
    app = await startTestApp();
  }, 120_000);
  afterAll(() => app.close());

  it('cached vs uncached', async () => {
    const owner = await registerOwner(app);
    const categories: number[] = [];
    for (let index = 0; index < 10; index += 1) categories.push(await createCategory(app, owner, `קטגוריה ${index}`));
    for (let index = 0; index < 150; index += 1) {
      await createProduct(app, owner, {
        categoryId: categories[index % 10] ?? 0,
        name: `מוצר ${index}`,
        description: 'תיאור קצר של המנה עם כמה מילים',
        tags: 'vegan,kosher_parve',
      });
    }
    const { departmentId } = await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
    const cache = app.app.get(PublicMenuCache);
    const fastify = (app.app as NestFastifyApplication).getHttpAdapter().getInstance();
    const request = () => fastify.inject({ method: 'GET', url: `/api/menu/${departmentId}` });

    const run = async (label: string, before: () => void) => {
      const times: number[] = [];
      let bytes = 0;
      for (let index = 0; index < 1000; index += 1) {
        before();
        const started = performance.now();
        const answer = await request();
        times.push(performance.now() - started);
        bytes = answer.body.length;
        if (answer.statusCode !== 200) throw new Error(`status ${answer.statusCode}`);
      }
      times.sort((a, b) => a - b);
      const total = times.reduce((sum, time) => sum + time, 0);
      const at = (q: number) => (times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(3);
      console.log(
        `${label}: ${bytes} bytes, mean ${(total / 1000).toFixed(3)} ms, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ` +
          `${Math.round(1000 / (total / 1000))} req/s sequential`,
      );
    };
    await request();
    await run('cached', () => {});
    await run('uncached', () => cache.invalidate(owner.phone));
  }, 300_000);
});
