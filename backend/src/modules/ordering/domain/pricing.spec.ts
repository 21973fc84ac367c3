import { describe, expect, it } from '@jest/globals';
import { priceCart, priceWithTip, type MenuProductPrice } from './pricing.js';

const menu: MenuProductPrice[] = [
  { id: 1, name: 'הפוך גדול', price: '14.50', isActive: true },
  { id: 2, name: 'קרואסון', price: '12.00', isActive: true },
  { id: 3, name: 'עוגת גבינה', price: '28.00', isActive: false },
];

describe('priceCart', () => {
  it('prices every line from the menu, with 5% commission half up and the net', () => {
    expect(
      priceCart(
        [
          { productId: 1, quantity: 3 },
          { productId: 2, quantity: 1 },
        ],
        menu,
      ),
    ).toEqual({
      status: 'ok',
      lines: [
        { productId: 1, name: 'הפוך גדול', unitPriceAgorot: 1450, quantity: 3 },
        { productId: 2, name: 'קרואסון', unitPriceAgorot: 1200, quantity: 1 },
      ],
      // 5550 agorot: 277.5 rounds up to 278.
      totalAgorot: 5550,
      commissionAgorot: 278,
      netAgorot: 5272,
    });
  });

  it('lists sold-out and unknown (or another business’s) products instead of pricing the cart', () => {
    expect(
      priceCart(
        [
          { productId: 1, quantity: 1 },
          { productId: 3, quantity: 1 },
          { productId: 99, quantity: 2 },
        ],
        menu,
      ),
    ).toEqual({ status: 'unavailable', productIds: [3, 99] });
  });

  describe('with options', () => {
    const milk = {
      id: 'g-milk',
      name: 'חלב',
      minChoices: 1,
      maxChoices: 1,
      without: false,
      options: [
        { id: 'o-regular', name: 'רגיל', priceAgorot: 0, available: true },
        { id: 'o-oat', name: 'שיבולת שועל', priceAgorot: 200, available: true },
        { id: 'o-soy', name: 'סויה', priceAgorot: 200, available: false },
      ],
    };
    const without = {
      id: 'g-without',
      name: 'בלי',
      minChoices: 0,
      maxChoices: 3,
      without: true,
      options: [{ id: 'o-onion', name: 'בצל', priceAgorot: 0, available: true }],
    };
    const withGroups: MenuProductPrice[] = [
      { id: 1, name: 'הפוך גדול', price: '14.50', isActive: true, optionGroups: [milk] },
      { id: 2, name: 'סלט', price: '40.00', isActive: true, optionGroups: [without] },
    ];

    it('adds the chosen options to the unit price and records them with names and prices', () => {
      const priced = priceCart([{ productId: 1, quantity: 2, options: ['o-oat'] }], withGroups);
      expect(priced).toMatchObject({
        status: 'ok',
        totalAgorot: 3300,
        lines: [
          {
            productId: 1,
            unitPriceAgorot: 1650,
            quantity: 2,
            options: [
              {
                groupId: 'g-milk',
                groupName: 'חלב',
                optionId: 'o-oat',
                name: 'שיבולת שועל',
                priceAgorot: 200,
                without: false,
              },
            ],
          },
        ],
      });
    });

    it('orders a product whose groups all allow no choice without options, as before', () => {
      expect(priceCart([{ productId: 2, quantity: 1 }], withGroups)).toMatchObject({
        status: 'ok',
        lines: [{ productId: 2, name: 'סלט', unitPriceAgorot: 4000, quantity: 1 }],
      });
      const priced = priceCart([{ productId: 2, quantity: 1 }], withGroups);
      expect(priced.status === 'ok' && 'options' in priced.lines[0]!).toBe(false);
    });

    it.each([
      ['another product’s option', 2, ['o-oat'], 'order.option_unknown'],
      ['a sold-out option', 1, ['o-soy'], 'order.option_sold_out'],
      ['too few choices', 1, [], 'order.option_too_few'],
      ['too many choices', 1, ['o-oat', 'o-regular'], 'order.option_too_many'],
    ])('refuses %s', (_, productId, options, code) => {
      expect(priceCart([{ productId, quantity: 1, options }], withGroups)).toMatchObject({
        status: 'option_refused',
        productId,
        error: { code },
      });
    });
  });
});

describe('priceWithTip', () => {
  it('charges the items alone when the diner leaves no tip, whether or not the business offers one', () => {
    expect(priceWithTip(5550, null, false)).toEqual({
      status: 'ok',
      itemsAgorot: 5550,
      totalAgorot: 5550,
      tipAgorot: 0,
      commissionAgorot: 278,
      netAgorot: 5272,
    });
    expect(priceWithTip(5550, { amountAgorot: 0 }, false)).toMatchObject({ status: 'ok', tipAgorot: 0 });
  });

  it('adds a percent tip to the charge, with the commission on the items only and the tip whole in the net', () => {
    // 12% of ₪55.50 is ₪6.66.
    expect(priceWithTip(5550, { percent: 12 }, true)).toEqual({
      status: 'ok',
      itemsAgorot: 5550,
      totalAgorot: 6216,
      tipAgorot: 666,
      commissionAgorot: 278,
      netAgorot: 5938,
    });
  });

  it('takes an amount of the diner’s choice as it is', () => {
    expect(priceWithTip(5550, { amountAgorot: 1000 }, true)).toMatchObject({ totalAgorot: 6550, tipAgorot: 1000 });
  });

  it('refuses a tip when the business has tips off', () => {
    expect(priceWithTip(5550, { percent: 10 }, false)).toEqual({ status: 'tip_not_offered' });
  });

  it('refuses a tip above the items or above ₪1,000', () => {
    expect(priceWithTip(5550, { amountAgorot: 5551 }, true)).toEqual({ status: 'tip_too_large', maxTipAgorot: 5550 });
    expect(priceWithTip(500_000, { amountAgorot: 100_001 }, true)).toEqual({
      status: 'tip_too_large',
      maxTipAgorot: 100_000,
    });
    expect(priceWithTip(5550, { amountAgorot: 5550 }, true)).toMatchObject({ status: 'ok', totalAgorot: 11_100 });
  });
});
