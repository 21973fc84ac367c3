import type { EntityManager } from '@mikro-orm/postgresql';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { CategoryEntity } from '../../src/modules/menu/persistence/category.entity.js';
import { ProductEntity } from '../../src/modules/menu/persistence/product.entity.js';
import type { Database } from '../../src/platform/database/database.js';
import { startTestDatabase } from '../support/test-database.js';

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await startTestDatabase());
});
afterAll(() => close());

function business(em: EntityManager, phone: string, departmentId: string) {
  return em.create(BusinessEntity, {
    phone,
    fullName: 'דנה כהן',
    businessName: 'קפה דנה',
    email: `${departmentId}@example.co.il`,
    idNumber: '000000018',
    bankName: '12',
    branch: '600',
    accountNumber: '123456',
    beneficiaryName: 'דנה כהן',
    departmentId,
  });
}

describe('read-model schema', () => {
  it('applies every migration and leaves nothing for the schema generator to change', async () => {
    const pending = await database.orm.migrator.getPending();
    expect(pending).toEqual([]);
    const diff = await database.orm.schema.getUpdateSchemaSQL({ wrap: false, safe: true });
    // The hand-written SQL carries constraints MikroORM cannot express (checks, composite FKs); what must never
    // appear is a column or table the entities know and the database lacks, or the other way round.
    expect(diff).not.toMatch(/\b(create table|add column|alter column|drop column)\b/i);
  });

  it('refuses a negative price', async () => {
    const em = database.em();
    business(em, '+972547654321', 'dep-price-1');
    await em.flush();
    const category = em.create(CategoryEntity, { businessId: '+972547654321', name: 'שתייה' });
    await em.flush();
    em.create(ProductEntity, { businessId: '+972547654321', categoryId: category.id, name: 'קפה', price: '-1.00' });
    await expect(em.flush()).rejects.toThrow(/products_price_check/);
  });

  it("refuses a product under another business's category", async () => {
    const em = database.em();
    business(em, '+972523456789', 'dep-owner-a');
    business(em, '+972542222222', 'dep-owner-b');
    await em.flush();
    const foreign = em.create(CategoryEntity, { businessId: '+972523456789', name: 'מאפים' });
    await em.flush();
    em.create(ProductEntity, { businessId: '+972542222222', categoryId: foreign.id, name: 'קרואסון', price: '12.00' });
    await expect(em.flush()).rejects.toThrow(/products_category_same_business_fk/);
  });

  it('deletes the products of a deleted category and keeps money exact', async () => {
    const em = database.em();
    business(em, '+972541111111', 'dep-cascade');
    await em.flush();
    const category = em.create(CategoryEntity, { businessId: '+972541111111', name: 'סלטים' });
    await em.flush();
    em.create(ProductEntity, { businessId: '+972541111111', categoryId: category.id, name: 'סלט', price: '19.90' });
    await em.flush();
    const stored = await database.em().findOneOrFail(ProductEntity, { businessId: '+972541111111' });
    expect(stored.price).toBe('19.90');
    await database.em().nativeDelete(CategoryEntity, { id: category.id });
    expect(await database.em().count(ProductEntity, { businessId: '+972541111111' })).toBe(0);
  });

  it('keeps email and department id unique', async () => {
    const em = database.em();
    business(em, '+972549999999', 'dep-unique');
    await em.flush();
    const again = database.em();
    business(again, '+972548888888', 'dep-unique');
    await expect(again.flush()).rejects.toThrow(/unique/);
  });
});
