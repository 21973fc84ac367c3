import { defineEntity, p } from '@mikro-orm/core';

// The read models of the option groups' stream (option-groups.projection.ts is their only writer). Each row keeps the
// stream version it last applied.

export const OptionGroupEntity = defineEntity({
  name: 'OptionGroup',
  tableName: 'option_groups',
  properties: {
    id: p.uuid().primary(),
    businessId: p.string().length(16),
    name: p.string().length(100),
    minChoices: p.integer(),
    maxChoices: p.integer(),
    without: p.boolean().default(false),
    /** The stream version of its creation: the owner's list shows groups in the order they were made. */
    position: p.integer(),
    streamVersion: p.integer(),
  },
});
export type OptionGroupRow = InstanceType<typeof OptionGroupEntity.class>;

export const GroupOptionEntity = defineEntity({
  name: 'GroupOption',
  tableName: 'group_options',
  properties: {
    id: p.uuid().primary(),
    groupId: p.uuid(),
    businessId: p.string().length(16),
    name: p.string().length(100),
    /** Added price in integer agorot; answers write it in shekels ("2.00"). */
    priceAgorot: p.integer(),
    available: p.boolean().default(true),
    isDefault: p.boolean().default(false),
    position: p.integer(),
    streamVersion: p.integer(),
  },
});
export type GroupOptionRow = InstanceType<typeof GroupOptionEntity.class>;

export const ProductOptionGroupEntity = defineEntity({
  name: 'ProductOptionGroup',
  tableName: 'product_option_groups',
  properties: {
    productId: p.integer().primary(),
    groupId: p.uuid().primary(),
    businessId: p.string().length(16),
    position: p.integer(),
    streamVersion: p.integer(),
  },
});
export type ProductOptionGroupRow = InstanceType<typeof ProductOptionGroupEntity.class>;
