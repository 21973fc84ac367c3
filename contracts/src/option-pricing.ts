// The price of one cart line with its options, and whether the choice is allowed: one pure function shared by the
// server (create-payment reprices with the options of the moment) and the diner's sheet (the live price). No zod here:
// the diner's bundle imports it. Money is integer agorot (money.ts).
import type { Agorot } from './money.js';

/** An option as the menu has it now. */
export interface PricingOption {
  id: string;
  name: string;
  priceAgorot: Agorot;
  available: boolean;
}

/** One of the product's option groups as the menu has it now, in the order the product shows them. */
export interface PricingOptionGroup {
  id: string;
  name: string;
  minChoices: number;
  maxChoices: number;
  /** A group of "without" choices (בלי בצל): the kitchen's slip shows these apart. */
  without: boolean;
  options: readonly PricingOption[];
}

/**
 * A choice as it was when the line was priced: the names and prices are copied, so an order that records them never
 * changes when the menu does.
 */
export interface ChosenOption {
  groupId: string;
  groupName: string;
  optionId: string;
  name: string;
  priceAgorot: Agorot;
  without: boolean;
}

/** Why a choice is refused; each code is a contract code (errors.ts) with its Hebrew message. */
export type OptionChoiceError =
  /** The id is none of this product's options (another product's or group's option, or one removed since). */
  | { code: 'order.option_unknown'; optionId: string }
  /** The same option twice in one line. */
  | { code: 'order.option_duplicate'; optionId: string }
  | { code: 'order.option_sold_out'; optionId: string; groupId: string }
  | { code: 'order.option_too_few'; groupId: string; minChoices: number; chosen: number }
  | { code: 'order.option_too_many'; groupId: string; maxChoices: number; chosen: number };

export type OptionChoiceErrorCode = OptionChoiceError['code'];

export type LinePricing =
  | {
      ok: true;
      /** The product's price plus every chosen option's price. */
      unitPriceAgorot: Agorot;
      /** The choices in the product's order (group by group, option by option), whatever order they came in. */
      options: ChosenOption[];
    }
  | { ok: false; error: OptionChoiceError };

/**
 * Prices one unit of a product with the chosen option ids against its option groups as they are now. Refused, in
 * this order: a duplicate id, an id that is none of the product's options, a sold-out option, then group by group too
 * many or too few choices. A product without groups and no choices prices as its own price.
 */
export function priceLineWithOptions({
  basePriceAgorot,
  groups,
  chosenOptionIds,
}: {
  basePriceAgorot: Agorot;
  groups: readonly PricingOptionGroup[];
  chosenOptionIds: readonly string[];
}): LinePricing {
  const seen = new Set<string>();
  for (const optionId of chosenOptionIds) {
    if (seen.has(optionId)) return { ok: false, error: { code: 'order.option_duplicate', optionId } };
    seen.add(optionId);
  }
  const where = new Map<string, { group: PricingOptionGroup; option: PricingOption }>();
  for (const group of groups) for (const option of group.options) where.set(option.id, { group, option });
  for (const optionId of chosenOptionIds) {
    const found = where.get(optionId);
    if (!found) return { ok: false, error: { code: 'order.option_unknown', optionId } };
    if (!found.option.available) {
      return { ok: false, error: { code: 'order.option_sold_out', optionId, groupId: found.group.id } };
    }
  }
  const options: ChosenOption[] = [];
  let unitPriceAgorot = basePriceAgorot;
  for (const group of groups) {
    const chosen = group.options.filter((option) => seen.has(option.id));
    if (chosen.length > group.maxChoices) {
      return {
        ok: false,
        error: {
          code: 'order.option_too_many',
          groupId: group.id,
          maxChoices: group.maxChoices,
          chosen: chosen.length,
        },
      };
    }
    if (chosen.length < group.minChoices) {
      return {
        ok: false,
        error: { code: 'order.option_too_few', groupId: group.id, minChoices: group.minChoices, chosen: chosen.length },
      };
    }
    for (const option of chosen) {
      unitPriceAgorot += option.priceAgorot;
      options.push({
        groupId: group.id,
        groupName: group.name,
        optionId: option.id,
        name: option.name,
        priceAgorot: option.priceAgorot,
        without: group.without,
      });
    }
  }
  return { ok: true, unitPriceAgorot, options };
}

/**
 * What makes two cart lines the same line: the product and the set of its chosen options (in any order). The same
 * product with other choices is another line.
 */
export function cartLineKey(productId: number, optionIds: readonly string[] = []): string {
  return optionIds.length === 0 ? String(productId) : `${productId}:${[...optionIds].sort().join(',')}`;
}

/** The same key of an order's line, whose choices carry their names and prices. */
export function orderLineKey(line: { productId: number; options?: readonly { optionId: string }[] }): string {
  return cartLineKey(
    line.productId,
    (line.options ?? []).map((option) => option.optionId),
  );
}
