// The readable menu address (issue 33): its command and decision, apart from the business decider's other concerns.
import type { MenuAddressChosen } from './business.events.js';

/** What the business's state knows of it; absent until first chosen: none. */
export interface MenuAddressState {
  menuAddress?: string | null;
  shareLine?: string | null;
}

/**
 * Settings' readable menu address (validated and lower-cased by the contract; null: none) and the previews' line
 * (null: the first categories' names). The handler has checked that no other business has or had the address; the
 * `menu_addresses` table checks it again in the append's transaction.
 */
export type ChooseMenuAddress = {
  type: 'ChooseMenuAddress';
  data: { address: string | null; shareLine: string | null; now: string };
};

export function chooseMenuAddress(
  business: MenuAddressState & { phone: string },
  { address, shareLine, now }: ChooseMenuAddress['data'],
): MenuAddressChosen[] {
  const current = business.menuAddress ?? null;
  // The same address and line again (a second click on save) records nothing.
  if (current === address && (business.shareLine ?? null) === shareLine) return [];
  return [
    {
      type: 'MenuAddressChosen',
      data: { phone: business.phone, address, previousAddress: current, shareLine, changedAt: now },
    },
  ];
}
