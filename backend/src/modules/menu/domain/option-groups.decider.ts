import { MENU_LIMITS, MAX_PRICE_AGOROT, menuMessagesHe as m } from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';
import {
  OptionGroupNotAttachedError,
  OptionGroupNotFoundError,
  OptionNotFoundError,
  OptionRuleError,
} from './option-groups.errors.js';
import type { OptionFields, OptionGroupFields, OptionGroupsEvent } from './option-groups.events.js';

// Commands: ids (new groups' and options') come in with the command, made by the handler, so the decider needs no
// randomness and tests no mocks. Product ids are checked against the business's products by the handler.

export type OptionGroupsCommand =
  | {
      type: 'CreateOptionGroup';
      data: {
        businessId: string;
        groupId: string;
        group: OptionGroupFields;
        options: (OptionFields & { optionId: string; available: boolean })[];
      };
    }
  | { type: 'EditOptionGroup'; data: { businessId: string; groupId: string; group: OptionGroupFields } }
  | { type: 'DeleteOptionGroup'; data: { businessId: string; groupId: string } }
  | {
      type: 'AddOption';
      data: { businessId: string; groupId: string; optionId: string; option: OptionFields; available: boolean };
    }
  | { type: 'EditOption'; data: { businessId: string; groupId: string; optionId: string; option: OptionFields } }
  | { type: 'RemoveOption'; data: { businessId: string; groupId: string; optionId: string } }
  | {
      type: 'SetOptionAvailability';
      data: { businessId: string; groupId: string; optionId: string; available: boolean };
    }
  | { type: 'ReorderOptions'; data: { businessId: string; groupId: string; optionIds: string[] } }
  | { type: 'AttachOptionGroup'; data: { businessId: string; groupId: string; productId: number } }
  | { type: 'DetachOptionGroup'; data: { businessId: string; groupId: string; productId: number } }
  | { type: 'ReorderProductOptionGroups'; data: { businessId: string; productId: number; groupIds: string[] } }
  /** A duplicated product gets the original's groups, in the original's order (the groups are shared, not copied). */
  | { type: 'CopyProductOptionGroups'; data: { businessId: string; fromProductId: number; toProductId: number } }
  /** Products deleted: every group comes off them (no error for a product without groups). */
  | { type: 'ForgetProducts'; data: { businessId: string; productIds: number[] } }
  /** The business's menu is removed (its account closed): every group goes. */
  | { type: 'RemoveAllOptionGroups'; data: { businessId: string } };

export interface OptionState extends OptionFields {
  id: string;
  available: boolean;
}

export interface OptionGroupState extends OptionGroupFields {
  id: string;
  options: OptionState[];
}

export interface OptionGroupsState {
  /** Live groups, in the order they were created. */
  groups: OptionGroupState[];
  /** Product id -> its groups' ids, in the order diners see them. */
  products: Record<number, string[]>;
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('he') === b.trim().toLocaleLowerCase('he');

function group(state: OptionGroupsState, groupId: string): OptionGroupState {
  const found = state.groups.find((candidate) => candidate.id === groupId);
  if (!found) throw new OptionGroupNotFoundError(groupId);
  return found;
}

function option(target: OptionGroupState, optionId: string): OptionState {
  const found = target.options.find((candidate) => candidate.id === optionId);
  if (!found) throw new OptionNotFoundError(optionId);
  return found;
}

function checkGroupName(state: OptionGroupsState, name: string, exceptId?: string): void {
  if (state.groups.some((other) => other.id !== exceptId && sameName(other.name, name))) {
    throw new OptionRuleError({ name: m.optionGroupNameTaken });
  }
}

function checkPrice(priceAgorot: number, without: boolean, field = 'price'): void {
  if (!Number.isSafeInteger(priceAgorot) || priceAgorot < 0 || priceAgorot > MAX_PRICE_AGOROT) {
    throw new OptionRuleError({ [field]: m.optionPriceInvalid });
  }
  if (without && priceAgorot !== 0) throw new OptionRuleError({ [field]: m.withoutIsFree });
}

/**
 * The limits a group's options must keep together: distinct names, free "without" choices, not too many defaults. A
 * new group's options are named by their place in its list; an edit of the group points at the group's own field.
 */
function checkOptions(
  fields: OptionGroupFields,
  options: readonly (OptionFields & { id?: string })[],
  { editing }: { editing: boolean },
): void {
  if (fields.minChoices < 0 || fields.maxChoices < 1 || fields.minChoices > fields.maxChoices) {
    throw new OptionRuleError({ minChoices: m.minAboveMax });
  }
  if (options.length > MENU_LIMITS.optionsPerGroupMax) throw new OptionRuleError({ options: m.tooManyOptions });
  options.forEach((candidate, index) => {
    checkPrice(candidate.priceAgorot, fields.without, editing ? 'without' : `options.${index}.price`);
    if (options.slice(0, index).some((earlier) => sameName(earlier.name, candidate.name))) {
      throw new OptionRuleError({ [`options.${index}.name`]: m.optionNameTaken });
    }
  });
  if (options.filter((candidate) => candidate.isDefault).length > fields.maxChoices) {
    throw new OptionRuleError({ [editing ? 'maxChoices' : 'options']: m.tooManyDefaults });
  }
}

/** The same ids, each once, in any order. */
const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]) =>
  a.length === b.length && new Set(a).size === a.length && b.every((id) => a.includes(id));

const unchangedGroup = (current: OptionGroupFields, next: OptionGroupFields) =>
  current.name === next.name &&
  current.minChoices === next.minChoices &&
  current.maxChoices === next.maxChoices &&
  current.without === next.without;

const unchangedOption = (current: OptionFields, next: OptionFields) =>
  current.name === next.name && current.priceAgorot === next.priceAgorot && current.isDefault === next.isDefault;

function decide(command: OptionGroupsCommand, state: OptionGroupsState): OptionGroupsEvent[] {
  const { businessId } = command.data;
  switch (command.type) {
    case 'CreateOptionGroup': {
      const { groupId, group: fields, options } = command.data;
      if (state.groups.length >= MENU_LIMITS.groupsPerBusinessMax) throw new OptionRuleError({ name: m.tooManyGroups });
      if (state.groups.some((existing) => existing.id === groupId)) return [];
      checkGroupName(state, fields.name);
      checkOptions(fields, options, { editing: false });
      return [
        { type: 'OptionGroupCreated', data: { businessId, groupId, ...fields } },
        ...options.map(({ optionId, name, priceAgorot, isDefault, available }): OptionGroupsEvent => ({
          type: 'OptionAdded',
          data: { businessId, groupId, optionId, name, priceAgorot, isDefault, available },
        })),
      ];
    }
    case 'EditOptionGroup': {
      const { groupId, group: fields } = command.data;
      const current = group(state, groupId);
      if (unchangedGroup(current, fields)) return [];
      checkGroupName(state, fields.name, groupId);
      checkOptions(fields, current.options, { editing: true });
      return [{ type: 'OptionGroupEdited', data: { businessId, groupId, ...fields } }];
    }
    case 'DeleteOptionGroup': {
      const { groupId } = command.data;
      group(state, groupId);
      return [{ type: 'OptionGroupDeleted', data: { businessId, groupId } }];
    }
    case 'AddOption': {
      const { groupId, optionId, option: fields, available } = command.data;
      const current = group(state, groupId);
      if (current.options.some((existing) => existing.id === optionId)) return [];
      checkPrice(fields.priceAgorot, current.without);
      if (current.options.some((existing) => sameName(existing.name, fields.name))) {
        throw new OptionRuleError({ name: m.optionNameTaken });
      }
      if (current.options.length >= MENU_LIMITS.optionsPerGroupMax)
        throw new OptionRuleError({ name: m.tooManyOptions });
      if (fields.isDefault && current.options.filter((existing) => existing.isDefault).length >= current.maxChoices) {
        throw new OptionRuleError({ isDefault: m.tooManyDefaults });
      }
      return [{ type: 'OptionAdded', data: { businessId, groupId, optionId, ...fields, available } }];
    }
    case 'EditOption': {
      const { groupId, optionId, option: fields } = command.data;
      const current = group(state, groupId);
      const existing = option(current, optionId);
      if (unchangedOption(existing, fields)) return [];
      checkPrice(fields.priceAgorot, current.without);
      if (current.options.some((other) => other.id !== optionId && sameName(other.name, fields.name))) {
        throw new OptionRuleError({ name: m.optionNameTaken });
      }
      const defaults = current.options.filter((other) => other.id !== optionId && other.isDefault).length;
      if (fields.isDefault && defaults >= current.maxChoices)
        throw new OptionRuleError({ isDefault: m.tooManyDefaults });
      return [{ type: 'OptionEdited', data: { businessId, groupId, optionId, ...fields } }];
    }
    case 'RemoveOption': {
      const { groupId, optionId } = command.data;
      option(group(state, groupId), optionId);
      return [{ type: 'OptionRemoved', data: { businessId, groupId, optionId } }];
    }
    case 'SetOptionAvailability': {
      const { groupId, optionId, available } = command.data;
      const existing = option(group(state, groupId), optionId);
      if (existing.available === available) return [];
      return [{ type: 'OptionAvailabilityChanged', data: { businessId, groupId, optionId, available } }];
    }
    case 'ReorderOptions': {
      const { groupId, optionIds } = command.data;
      const current = group(state, groupId);
      for (const optionId of optionIds) option(current, optionId);
      const ids = current.options.map((existing) => existing.id);
      if (!sameSet(ids, optionIds)) throw new OptionRuleError({ ids: m.optionOrderInvalid });
      if (ids.every((id, index) => optionIds[index] === id)) return [];
      return [{ type: 'OptionsReordered', data: { businessId, groupId, optionIds } }];
    }
    case 'AttachOptionGroup': {
      const { groupId, productId } = command.data;
      group(state, groupId);
      const attached = state.products[productId] ?? [];
      if (attached.includes(groupId)) return [];
      if (attached.length >= MENU_LIMITS.groupsPerProductMax) {
        throw new OptionRuleError({ groupId: m.tooManyGroupsOnProduct });
      }
      return [{ type: 'OptionGroupAttached', data: { businessId, groupId, productId } }];
    }
    case 'DetachOptionGroup': {
      const { groupId, productId } = command.data;
      group(state, groupId);
      if (!(state.products[productId] ?? []).includes(groupId)) {
        throw new OptionGroupNotAttachedError(groupId, productId);
      }
      return [{ type: 'OptionGroupDetached', data: { businessId, groupId, productId } }];
    }
    case 'ReorderProductOptionGroups': {
      const { productId, groupIds } = command.data;
      for (const groupId of groupIds) group(state, groupId);
      const attached = state.products[productId] ?? [];
      if (!sameSet(attached, groupIds)) throw new OptionRuleError({ ids: m.groupOrderInvalid });
      if (attached.every((id, index) => groupIds[index] === id)) return [];
      return [{ type: 'ProductOptionGroupsReordered', data: { businessId, productId, groupIds } }];
    }
    case 'CopyProductOptionGroups': {
      const { fromProductId, toProductId } = command.data;
      const attached = state.products[toProductId] ?? [];
      // A repeat attaches nothing twice; the copy ends with the original's groups after any it already had.
      return (state.products[fromProductId] ?? [])
        .filter((groupId) => !attached.includes(groupId))
        .map((groupId): OptionGroupsEvent => ({
          type: 'OptionGroupAttached',
          data: { businessId, groupId, productId: toProductId },
        }));
    }
    case 'ForgetProducts':
      return command.data.productIds.flatMap((productId) =>
        (state.products[productId] ?? []).map((groupId): OptionGroupsEvent => ({
          type: 'OptionGroupDetached',
          data: { businessId, groupId, productId },
        })),
      );
    case 'RemoveAllOptionGroups':
      return state.groups.map(({ id }) => ({ type: 'OptionGroupDeleted', data: { businessId, groupId: id } }));
  }
}

const mapGroup = (
  state: OptionGroupsState,
  groupId: string,
  change: (group: OptionGroupState) => OptionGroupState,
) => ({
  ...state,
  groups: state.groups.map((existing) => (existing.id === groupId ? change(existing) : existing)),
});

function evolve(state: OptionGroupsState, event: OptionGroupsEvent): OptionGroupsState {
  switch (event.type) {
    case 'OptionGroupCreated': {
      const { groupId, name, minChoices, maxChoices, without } = event.data;
      return {
        ...state,
        groups: [...state.groups, { id: groupId, name, minChoices, maxChoices, without, options: [] }],
      };
    }
    case 'OptionGroupEdited': {
      const { groupId, name, minChoices, maxChoices, without } = event.data;
      return mapGroup(state, groupId, (existing) => ({ ...existing, name, minChoices, maxChoices, without }));
    }
    case 'OptionGroupDeleted': {
      const { groupId } = event.data;
      const products: Record<number, string[]> = {};
      for (const [productId, groupIds] of Object.entries(state.products)) {
        const kept = groupIds.filter((id) => id !== groupId);
        if (kept.length > 0) products[Number(productId)] = kept;
      }
      return { groups: state.groups.filter((existing) => existing.id !== groupId), products };
    }
    case 'OptionAdded': {
      const { groupId, optionId, name, priceAgorot, isDefault, available } = event.data;
      return mapGroup(state, groupId, (existing) => ({
        ...existing,
        options: [...existing.options, { id: optionId, name, priceAgorot, isDefault, available }],
      }));
    }
    case 'OptionEdited': {
      const { groupId, optionId, name, priceAgorot, isDefault } = event.data;
      return mapGroup(state, groupId, (existing) => ({
        ...existing,
        options: existing.options.map((o) => (o.id === optionId ? { ...o, name, priceAgorot, isDefault } : o)),
      }));
    }
    case 'OptionRemoved': {
      const { groupId, optionId } = event.data;
      return mapGroup(state, groupId, (existing) => ({
        ...existing,
        options: existing.options.filter((o) => o.id !== optionId),
      }));
    }
    case 'OptionAvailabilityChanged': {
      const { groupId, optionId, available } = event.data;
      return mapGroup(state, groupId, (existing) => ({
        ...existing,
        options: existing.options.map((o) => (o.id === optionId ? { ...o, available } : o)),
      }));
    }
    case 'OptionsReordered': {
      const { groupId, optionIds } = event.data;
      return mapGroup(state, groupId, (existing) => ({
        ...existing,
        options: optionIds.flatMap((id) => existing.options.filter((o) => o.id === id)),
      }));
    }
    case 'OptionGroupAttached': {
      const { groupId, productId } = event.data;
      return {
        ...state,
        products: { ...state.products, [productId]: [...(state.products[productId] ?? []), groupId] },
      };
    }
    case 'OptionGroupDetached': {
      const { groupId, productId } = event.data;
      const kept = (state.products[productId] ?? []).filter((id) => id !== groupId);
      const products = { ...state.products };
      if (kept.length > 0) products[productId] = kept;
      else delete products[productId];
      return { ...state, products };
    }
    case 'ProductOptionGroupsReordered': {
      const { productId, groupIds } = event.data;
      return { ...state, products: { ...state.products, [productId]: [...groupIds] } };
    }
  }
}

/** The option groups of one business: pure rules, no database, no clock. */
export const optionGroupsDecider: Decider<OptionGroupsCommand, OptionGroupsEvent, OptionGroupsState> = {
  initialState: () => ({ groups: [], products: {} }),
  evolve,
  decide,
};
