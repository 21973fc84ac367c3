// The option groups of one business (issue 16), event-sourced on the stream `options-{phone}`: the groups, their
// options and which products use them. A group is the business's, shared by products: editing it changes every
// product that uses it. Prices are integer agorot. Every event names its business, so the public menu's cache can
// drop that business's menu (menu-cache.projection.ts).

export interface OptionGroupFields {
  name: string;
  minChoices: number;
  maxChoices: number;
  /** A group of "without" choices (בלי בצל): free, shown apart on the kitchen's slip. */
  without: boolean;
}

export interface OptionFields {
  name: string;
  priceAgorot: number;
  isDefault: boolean;
}

export interface OptionGroupCreated {
  type: 'OptionGroupCreated';
  data: { businessId: string; groupId: string } & OptionGroupFields;
}

/** A rename or new rules: every product that uses the group follows. */
export interface OptionGroupEdited {
  type: 'OptionGroupEdited';
  data: { businessId: string; groupId: string } & OptionGroupFields;
}

/** The group, its options and its places on products are gone (orders keep the names and prices they recorded). */
export interface OptionGroupDeleted {
  type: 'OptionGroupDeleted';
  data: { businessId: string; groupId: string };
}

/** Added last in its group. */
export interface OptionAdded {
  type: 'OptionAdded';
  data: { businessId: string; groupId: string; optionId: string; available: boolean } & OptionFields;
}

export interface OptionEdited {
  type: 'OptionEdited';
  data: { businessId: string; groupId: string; optionId: string } & OptionFields;
}

export interface OptionRemoved {
  type: 'OptionRemoved';
  data: { businessId: string; groupId: string; optionId: string };
}

/** Sold out for now (false), or available again (true). */
export interface OptionAvailabilityChanged {
  type: 'OptionAvailabilityChanged';
  data: { businessId: string; groupId: string; optionId: string; available: boolean };
}

/** Every option of the group, in its new order. */
export interface OptionsReordered {
  type: 'OptionsReordered';
  data: { businessId: string; groupId: string; optionIds: string[] };
}

/** Shown on the product, after the groups it already has. */
export interface OptionGroupAttached {
  type: 'OptionGroupAttached';
  data: { businessId: string; groupId: string; productId: number };
}

/** Taken off the product (by the owner, or because the product was deleted). */
export interface OptionGroupDetached {
  type: 'OptionGroupDetached';
  data: { businessId: string; groupId: string; productId: number };
}

/** Every group on the product, in the new order diners see them. */
export interface ProductOptionGroupsReordered {
  type: 'ProductOptionGroupsReordered';
  data: { businessId: string; productId: number; groupIds: string[] };
}

export type OptionGroupsEvent =
  | OptionGroupCreated
  | OptionGroupEdited
  | OptionGroupDeleted
  | OptionAdded
  | OptionEdited
  | OptionRemoved
  | OptionAvailabilityChanged
  | OptionsReordered
  | OptionGroupAttached
  | OptionGroupDetached
  | ProductOptionGroupsReordered;

export const OPTION_GROUPS_EVENT_TYPES = [
  'OptionGroupCreated',
  'OptionGroupEdited',
  'OptionGroupDeleted',
  'OptionAdded',
  'OptionEdited',
  'OptionRemoved',
  'OptionAvailabilityChanged',
  'OptionsReordered',
  'OptionGroupAttached',
  'OptionGroupDetached',
  'ProductOptionGroupsReordered',
] as const satisfies readonly OptionGroupsEvent['type'][];

export const optionGroupsStreamId = (businessId: string): string => `options-${businessId}`;
