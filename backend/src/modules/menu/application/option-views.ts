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

/** What every view of a group says of the group itself: its name and its rules. */
const groupFields = ({ id, name, minChoices, maxChoices, without }: OptionGroupRow) => ({
  id,
  name,
  minChoices,
  maxChoices,
  without,
});

export function toPublicOptionGroup({ group, options }: OptionGroupView): PublicOptionGroup {
  return {
    ...groupFields(group),
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
    ...groupFields(group),
    options: options.map(({ id, name, priceAgorot, available }) => ({ id, name, priceAgorot, available })),
  };
}
