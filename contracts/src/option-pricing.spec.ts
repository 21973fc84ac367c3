import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartLineKey, type PricingOptionGroup, priceLineWithOptions } from './option-pricing.js';

// Ids as the server makes them (UUIDs); readable names for the examples.
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const milk: PricingOptionGroup = {
  id: id(1),
  name: 'חלב',
  minChoices: 1,
  maxChoices: 1,
  without: false,
  options: [
    { id: id(11), name: 'חלב רגיל', priceAgorot: 0, available: true },
    { id: id(12), name: 'חלב שיבולת שועל', priceAgorot: 200, available: true },
    { id: id(13), name: 'חלב סויה', priceAgorot: 200, available: false },
  ],
};
const extras: PricingOptionGroup = {
  id: id(2),
  name: 'תוספות',
  minChoices: 0,
  maxChoices: 2,
  without: false,
  options: [
    { id: id(21), name: 'שוט נוסף', priceAgorot: 300, available: true },
    { id: id(22), name: 'סירופ וניל', priceAgorot: 250, available: true },
    { id: id(23), name: 'קצפת', priceAgorot: 200, available: true },
  ],
};
const without: PricingOptionGroup = {
  id: id(3),
  name: 'בלי',
  minChoices: 0,
  maxChoices: 3,
  without: true,
  options: [
    { id: id(31), name: 'בלי בצל', priceAgorot: 0, available: true },
    { id: id(32), name: 'בלי גבינה', priceAgorot: 0, available: true },
  ],
};

/** given a product's groups, when these option ids are chosen, then the pricing. */
const given = (groups: PricingOptionGroup[], basePriceAgorot = 1400) => ({
  when: (chosenOptionIds: string[]) => priceLineWithOptions({ basePriceAgorot, groups, chosenOptionIds }),
});

describe('pricing a line with options', () => {
  it('a product without groups and no choices costs its own price', () => {
    expect(given([]).when([])).toEqual({ ok: true, unitPriceAgorot: 1400, options: [] });
  });

  it('oat milk and an extra shot add their prices and are recorded with their names and prices', () => {
    expect(given([milk, extras]).when([id(21), id(12)])).toEqual({
      ok: true,
      unitPriceAgorot: 1400 + 200 + 300,
      options: [
        {
          groupId: id(1),
          groupName: 'חלב',
          optionId: id(12),
          name: 'חלב שיבולת שועל',
          priceAgorot: 200,
          without: false,
        },
        { groupId: id(2), groupName: 'תוספות', optionId: id(21), name: 'שוט נוסף', priceAgorot: 300, without: false },
      ],
    });
  });

  it('a "without" choice is free and marked for the kitchen', () => {
    const priced = given([without], 6800).when([id(31)]);
    expect(priced).toEqual({
      ok: true,
      unitPriceAgorot: 6800,
      options: [{ groupId: id(3), groupName: 'בלי', optionId: id(31), name: 'בלי בצל', priceAgorot: 0, without: true }],
    });
  });

  it('refuses an option of another product or group', () => {
    expect(given([extras]).when([id(12)])).toEqual({
      ok: false,
      error: { code: 'order.option_unknown', optionId: id(12) },
    });
  });

  it('refuses a sold-out option', () => {
    expect(given([milk]).when([id(13)])).toEqual({
      ok: false,
      error: { code: 'order.option_sold_out', optionId: id(13), groupId: id(1) },
    });
  });

  it('refuses a required group left without a choice', () => {
    expect(given([milk, extras]).when([id(21)])).toEqual({
      ok: false,
      error: { code: 'order.option_too_few', groupId: id(1), minChoices: 1, chosen: 0 },
    });
  });

  it('refuses more choices than a group allows', () => {
    expect(given([milk]).when([id(11), id(12)])).toEqual({
      ok: false,
      error: { code: 'order.option_too_many', groupId: id(1), maxChoices: 1, chosen: 2 },
    });
  });

  it('refuses the same option twice', () => {
    expect(given([extras]).when([id(21), id(21)])).toEqual({
      ok: false,
      error: { code: 'order.option_duplicate', optionId: id(21) },
    });
  });

  it('a product whose groups all allow zero choices orders without options as today', () => {
    expect(given([extras, without]).when([])).toEqual({ ok: true, unitPriceAgorot: 1400, options: [] });
  });
});

describe('the cart line key', () => {
  it('is the product alone without choices, and the same for the same choices in any order', () => {
    expect(cartLineKey(7)).toBe('7');
    expect(cartLineKey(7, [])).toBe('7');
    expect(cartLineKey(7, [id(2), id(1)])).toBe(cartLineKey(7, [id(1), id(2)]));
    expect(cartLineKey(7, [id(1)])).not.toBe(cartLineKey(7, [id(2)]));
    expect(cartLineKey(7, [id(1)])).not.toBe(cartLineKey(8, [id(1)]));
  });
});

// Property tests of the repricing: a menu of random groups, a random allowed choice, and what must always hold.

const priceArb = fc.integer({ min: 0, max: 9_999_999 });

/** Groups with unique option ids across the product, each with sensible limits. */
const groupsArb = fc
  .array(
    fc.record({
      name: fc.string({ minLength: 1, maxLength: 10 }),
      without: fc.boolean(),
      options: fc.array(fc.record({ name: fc.string({ maxLength: 10 }), priceAgorot: priceArb }), {
        minLength: 1,
        maxLength: 6,
      }),
      min: fc.nat(6),
      max: fc.integer({ min: 1, max: 6 }),
    }),
    { maxLength: 5 },
  )
  .map((raw) => {
    let next = 100;
    return raw.map((group, g): PricingOptionGroup => {
      const maxChoices = Math.min(group.max, group.options.length);
      return {
        id: id(g + 1),
        name: group.name,
        without: group.without,
        minChoices: Math.min(group.min, maxChoices),
        maxChoices,
        options: group.options.map((option) => ({ ...option, id: id(next++), available: true })),
      };
    });
  });

/** The groups and an allowed choice in them: per group, between min and max of its options. */
const menuAndChoiceArb = groupsArb.chain((groups) =>
  fc
    .tuple(
      ...groups.map((group) =>
        fc.subarray([...group.options], { minLength: group.minChoices, maxLength: group.maxChoices }),
      ),
    )
    .chain((perGroup) =>
      fc.record({
        groups: fc.constant(groups),
        chosen: fc.shuffledSubarray(
          perGroup.flat().map((option) => option.id),
          { minLength: perGroup.flat().length, maxLength: perGroup.flat().length },
        ),
        base: priceArb,
      }),
    ),
);

const allOptions = (groups: readonly PricingOptionGroup[]) => groups.flatMap((group) => group.options);

describe('repricing, for any menu and any allowed choice', () => {
  it('the unit price is the product price plus the prices of exactly the chosen options', () => {
    fc.assert(
      fc.property(menuAndChoiceArb, ({ groups, chosen, base }) => {
        const priced = priceLineWithOptions({ basePriceAgorot: base, groups, chosenOptionIds: chosen });
        const expected = allOptions(groups)
          .filter((option) => chosen.includes(option.id))
          .reduce((sum, option) => sum + option.priceAgorot, base);
        expect(priced).toMatchObject({ ok: true, unitPriceAgorot: expected });
        if (!priced.ok) return;
        expect(priced.options.map((option) => option.optionId).sort()).toEqual([...chosen].sort());
        expect(Number.isSafeInteger(priced.unitPriceAgorot)).toBe(true);
      }),
    );
  });

  it('the order the choices arrive in changes nothing', () => {
    fc.assert(
      fc.property(
        menuAndChoiceArb.chain((value) =>
          fc.record({
            value: fc.constant(value),
            other: fc.shuffledSubarray(value.chosen, { minLength: value.chosen.length }),
          }),
        ),
        ({ value: { groups, chosen, base }, other }) => {
          expect(priceLineWithOptions({ basePriceAgorot: base, groups, chosenOptionIds: other })).toEqual(
            priceLineWithOptions({ basePriceAgorot: base, groups, chosenOptionIds: chosen }),
          );
        },
      ),
    );
  });

  it('a new price of a chosen option moves the line by the difference; of another option, not at all', () => {
    fc.assert(
      fc.property(menuAndChoiceArb, priceArb, fc.nat(), ({ groups, chosen, base }, newPrice, pick) => {
        const options = allOptions(groups);
        if (options.length === 0) return;
        const changed = options[pick % options.length]!;
        const repriced = groups.map((group) => ({
          ...group,
          options: group.options.map((option) =>
            option.id === changed.id ? { ...option, priceAgorot: newPrice } : option,
          ),
        }));
        const before = priceLineWithOptions({ basePriceAgorot: base, groups, chosenOptionIds: chosen });
        const after = priceLineWithOptions({ basePriceAgorot: base, groups: repriced, chosenOptionIds: chosen });
        if (!before.ok || !after.ok) throw new Error('an allowed choice was refused');
        const delta = chosen.includes(changed.id) ? newPrice - changed.priceAgorot : 0;
        expect(after.unitPriceAgorot - before.unitPriceAgorot).toBe(delta);
        // What the line records is the price of the moment it was priced, not the one before.
        const recorded = after.options.find((option) => option.optionId === changed.id);
        if (recorded) expect(recorded.priceAgorot).toBe(newPrice);
      }),
    );
  });

  it('a chosen option sold out since is refused, whatever else was chosen', () => {
    fc.assert(
      fc.property(menuAndChoiceArb, fc.nat(), ({ groups, chosen, base }, pick) => {
        if (chosen.length === 0) return;
        const soldOut = chosen[pick % chosen.length]!;
        const now = groups.map((group) => ({
          ...group,
          options: group.options.map((option) => (option.id === soldOut ? { ...option, available: false } : option)),
        }));
        expect(priceLineWithOptions({ basePriceAgorot: base, groups: now, chosenOptionIds: chosen })).toMatchObject({
          ok: false,
          error: { code: 'order.option_sold_out', optionId: soldOut },
        });
      }),
    );
  });

  it('a repeated id, an unknown id, or one choice too many is always refused', () => {
    fc.assert(
      fc.property(menuAndChoiceArb, fc.nat(), ({ groups, chosen, base }, pick) => {
        const price = (ids: string[]) => priceLineWithOptions({ basePriceAgorot: base, groups, chosenOptionIds: ids });
        if (chosen.length > 0) {
          const repeated = chosen[pick % chosen.length]!;
          expect(price([...chosen, repeated])).toMatchObject({ ok: false, error: { code: 'order.option_duplicate' } });
        }
        expect(price([...chosen, id(999_999)])).toMatchObject({ ok: false, error: { code: 'order.option_unknown' } });
        const full = groups.find(
          (group) =>
            group.options.some((option) => !chosen.includes(option.id)) &&
            group.options.filter((option) => chosen.includes(option.id)).length === group.maxChoices,
        );
        if (full) {
          const extra = full.options.find((option) => !chosen.includes(option.id))!;
          expect(price([...chosen, extra.id])).toMatchObject({
            ok: false,
            error: { code: 'order.option_too_many', groupId: full.id },
          });
        }
      }),
    );
  });
});
