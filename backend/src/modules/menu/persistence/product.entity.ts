import { defineEntity, p } from '@mikro-orm/core';

export const ProductEntity = defineEntity({
  name: 'Product',
  tableName: 'products',
  properties: {
    id: p.integer().primary().autoincrement(),
    businessId: p.string().length(16),
    categoryId: p.integer(),
    name: p.string().length(200),
    description: p.text().nullable(),
    // Kept as a decimal string end to end: a float would turn 19.90 into 19.899999...
    price: p.decimal('string').precision(10).scale(2),
    image: p.string().length(255).nullable(),
    isActive: p.boolean().default(true),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
export type Product = InstanceType<typeof ProductEntity.class>;
