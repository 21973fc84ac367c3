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
    /** The public stem of the stored photo (`/uploads/products/<random>`): `-400.webp` and `-800.webp` follow it. */
    image: p.string().length(255).nullable(),
    /** Dietary and kashrut tags of contracts' PRODUCT_TAGS, in that order. */
    tags: p.array().defaultRaw("'{}'"),
    isActive: p.boolean().default(true),
    /** The owner's order within the category (0 first); ties fall back to the id. */
    position: p.integer().default(0),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
export type Product = InstanceType<typeof ProductEntity.class>;
