import {
  agorotToDecimalString,
  type OwnerOptionGroup,
  ownerOptionGroupSchema,
  parsePriceToAgorot,
  type PricingOptionGroup,
  type PublicOptionGroup,
} from '@tafrit/contracts';
import type { GroupOptionRow, OptionGroupRow } from '../projections/option-group.entities.js';

/** A price the contract's schema already accepted ("2", "2.50") in agorot. */
export function agorotOf(price: string): number {
  const agorot = parsePriceToAgorot(price);
  if (agorot === null) throw new RangeError(`not a price: ${price}`);
  return agorot;
}

/** A group with its options in their order, as the three read models give them. */
export interface OptionGroupView {
  group: OptionGroupRow;
  options: GroupOptionRow[];
}

export function toPublicOptionGroup({ group, options }: OptionGroupView): PublicOptionGroup {
  return {
    id: group.id,
    name: group.name,
    minChoices: group.minChoices,
    maxChoices: group.maxChoices,
    without: group.without,
    options: options.map((option) => ({
      id: option.id,
      name: option.name,
      price: agorotToDecimalString(option.priceAgorot),
      available: option.available,
      isDefault: option.isDefault,
    })),
  };
}

export function toOwnerOptionGroup(view: OptionGroupView, productIds: number[]): OwnerOptionGroup {
  return ownerOptionGroupSchema.parse({ ...toPublicOptionGroup(view), productIds });
}

export function toPricingOptionGroup({ group, options }: OptionGroupView): PricingOptionGroup {
  return {
    id: group.id,
    name: group.name,
    minChoices: group.minChoices,
    maxChoices: group.maxChoices,
    without: group.without,
    options: options.map(({ id, name, priceAgorot, available }) => ({ id, name, priceAgorot, available })),
  };
}
