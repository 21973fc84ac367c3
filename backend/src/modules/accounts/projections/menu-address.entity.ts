import { defineEntity, p } from '@mikro-orm/core';

/**
 * Every readable menu address a business ever claimed (issue 33), with its business: the current one and those it
 * left, which redirect to its current address and are never given to another business. Written by the `businesses`
 * projection in the `MenuAddressChosen` append's transaction, so a second business claiming one rolls back.
 */
export const MenuAddressEntity = defineEntity({
  name: 'MenuAddress',
  tableName: 'menu_addresses',
  properties: {
    address: p.string().length(40).primary(),
    businessPhone: p.string().length(16),
    claimedAt: p.datetime().columnType('timestamptz'),
  },
});
export type MenuAddress = InstanceType<typeof MenuAddressEntity.class>;
