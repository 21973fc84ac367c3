import { defineEntity, p } from '@mikro-orm/core';

/** The menu is plain state, not event-sourced; every change still publishes `MenuChanged`. */
export const CategoryEntity = defineEntity({
  name: 'Category',
  tableName: 'categories',
  properties: {
    id: p.integer().primary().autoincrement(),
    businessId: p.string().length(16),
    name: p.string().length(100),
    order: p.integer().default(0),
    createdAt: p.datetime().columnType('timestamptz').defaultRaw('now()'),
  },
});
export type Category = InstanceType<typeof CategoryEntity.class>;
