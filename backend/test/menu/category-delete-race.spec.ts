import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ProductEntity } from '../../src/modules/menu/persistence/product.entity.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { createCategory, productForm } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// An owner (or two of the owner's devices) adds a product to a category while the category is being deleted. On
// PostgreSQL the add read the category, the delete committed, and the add's insert then broke the foreign key: 500
// for about one add in twenty. The add must answer as for a missing category (404 or 409), or succeed before the
// delete, which then takes the product with it. Meaningful on PostgreSQL (TEST_DATABASE_URL), where the two run at
// once; the embedded database runs one transaction at a time, so there it checks only the outcome.

const ROUNDS = 90;

let app: TestApp;
let owner: SignedInOwner;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
}, 120_000);
afterAll(() => app?.close());

describe('adding a product to a category being deleted', () => {
  it('answers as for a missing category, never 500, and leaves no product without its category', async () => {
    const categories = await Promise.all(
      Array.from({ length: ROUNDS }, (_, index) => createCategory(app, owner, `קטגוריה ${index + 1}`)),
    );
    const answers = await Promise.all(
      categories.map(async (categoryId) => {
        const [added, deleted] = await Promise.all([
          call(app, 'POST', '/api/products', {
            token: owner.token,
            form: productForm({ name: 'אספרסו', price: '9.90', categoryId }),
          }),
          call(app, 'DELETE', `/api/categories/${categoryId}`, { token: owner.token }),
        ]);
        return { added, deleted };
      }),
    );
    const statuses = answers.map(({ added, deleted }) => `${added.status}/${deleted.status}`);
    for (const { added, deleted } of answers) {
      expect([201, 404, 409]).toContain(added.status);
      expect(deleted.status).toBeLessThan(300);
      if (added.status !== 201) {
        expect(added.body).toMatchObject({ success: false });
        expect((added.body as { message: string }).message).toMatch(/[\u0590-\u05FF]/);
      }
    }
    // Every category is gone, and so is every product added to one of them.
    const left = await app.database.em().count(ProductEntity, { categoryId: { $in: categories } });
    expect({ left, statuses: statuses.filter((status) => !/^(201|404|409)\/2\d\d$/.test(status)) }).toEqual({
      left: 0,
      statuses: [],
    });
  }, 120_000);
});
