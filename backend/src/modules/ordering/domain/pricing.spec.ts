import { describe, expect, it } from '@jest/globals';
import { priceCart, type MenuProductPrice } from './pricing.js';

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
});
