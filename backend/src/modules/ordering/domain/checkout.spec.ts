import { describe, expect, it } from '@jest/globals';
import type { PromoCode } from '@tafrit/contracts';
import {
  checkoutKey,
  priceCheckout,
  type CheckoutHours,
  type CheckoutMenuFacts,
  type CheckoutRequest,
} from './checkout.js';

// The checkout's pricing and refusals, with no clock and no database: given the menu and the hours of this moment,
// when the diner's checkout arrives, then its lines and amounts, or the refusal the diner is answered with.

const open: CheckoutHours = { open: true, reason: null, opensAt: null };
const menu = (change: { isActive?: boolean; bit?: boolean; tips?: boolean; next?: number | null } = {}) =>
  ({
    business: {
      isActive: change.isActive ?? true,
      paymentOptions: { bitEnabled: change.bit ?? false, tipsEnabled: change.tips ?? true },
    },
    products: [
      { id: 1, name: 'הפוך גדול', price: '14.50', isActive: true, categoryId: 10 },
      { id: 2, name: 'חינם', price: '0.00', isActive: true },
      { id: 3, name: 'עוגת גבינה', price: '28.00', isActive: false },
      {
        id: 4,
        name: 'טוסט',
        price: '30.00',
        isActive: true,
        categoryId: 20,
        optionGroups: [
          {
            id: 'g-1',
            name: 'תוספות',
            minChoices: 0,
            maxChoices: 1,
            without: false,
            options: [{ id: 'o-1', name: 'זיתים', priceAgorot: 300, available: true }],
          },
        ],
      },
    ],
    nextOrderNumber: change.next === undefined ? 12 : change.next,
  }) satisfies CheckoutMenuFacts;
const twoCoffees: CheckoutRequest = { lines: [{ productId: 1, quantity: 2 }], shownTotalAgorot: 2900 };

const given = (facts: CheckoutMenuFacts | null, hours: CheckoutHours | null = open) => ({
  when: (request: CheckoutRequest) => ({
    then: (expected: unknown) => expect(priceCheckout(facts, hours, request)).toEqual(expected),
    thenRefused: (code: string, data?: unknown) =>
      expect(priceCheckout(facts, hours, request)).toEqual({
        ok: false,
        refusal: data === undefined ? { code } : { code, data },
      }),
  }),
});

describe('priceCheckout', () => {
  it('prices the lines from the menu with the next order number, by card unless Bit was chosen', () =>
    given(menu())
      .when(twoCoffees)
      .then({
        ok: true,
        orderNumber: 12,
        lines: [{ productId: 1, name: 'הפוך גדול', unitPriceAgorot: 1450, quantity: 2 }],
        itemsAgorot: 2900,
        amounts: { totalAgorot: 2900, tipAgorot: 0, commissionAgorot: 145, netAgorot: 2755 },
        method: 'card',
        discount: null,
      }));

  it('adds the tip to the total, with the commission on the items alone', () =>
    given(menu({ bit: true }))
      .when({ ...twoCoffees, tip: { percent: 10 }, shownTotalAgorot: 3190, method: 'bit' })
      .then({
        ok: true,
        orderNumber: 12,
        lines: [{ productId: 1, name: 'הפוך גדול', unitPriceAgorot: 1450, quantity: 2 }],
        itemsAgorot: 2900,
        amounts: { totalAgorot: 3190, tipAgorot: 290, commissionAgorot: 145, netAgorot: 3045 },
        method: 'bit',
        discount: null,
      }));

  it('refuses a business that is not there', () => given(null, null).when(twoCoffees).thenRefused('menu.not_found'));

  it('refuses an inactive business', () =>
    given(menu({ isActive: false }))
      .when(twoCoffees)
      .thenRefused('menu.unavailable'));

  it('refuses a business without an order number to give (paused)', () =>
    given(menu({ next: null }))
      .when(twoCoffees)
      .thenRefused('menu.unavailable'));

  it('refuses while ordering is closed, saying why and when it opens', () =>
    given(menu(), { open: false, reason: 'hours', opensAt: '2026-11-22T06:00:00.000Z' })
      .when(twoCoffees)
      .thenRefused('business.ordering_closed', { reason: 'hours', opensAt: '2026-11-22T06:00:00.000Z' }));

  it('refuses sold-out and unknown products, listing them', () =>
    given(menu())
      .when({
        lines: [
          { productId: 3, quantity: 1 },
          { productId: 99, quantity: 1 },
        ],
        shownTotalAgorot: 2800,
      })
      .thenRefused('order.items_unavailable', { unavailableProductIds: [3, 99] }));

  it('refuses a choice the product does not offer, naming the product', () =>
    given(menu())
      .when({ lines: [{ productId: 4, quantity: 1, options: ['o-9'] }], shownTotalAgorot: 3000 })
      .thenRefused('order.option_unknown', { productId: 4, optionId: 'o-9' }));

  it('refuses Bit where the business does not take it', () =>
    given(menu())
      .when({ ...twoCoffees, method: 'bit' })
      .thenRefused('order.method_not_offered'));

  it('refuses a tip the business does not offer', () =>
    given(menu({ tips: false }))
      .when({ ...twoCoffees, tip: { amountAgorot: 500 }, shownTotalAgorot: 3400 })
      .thenRefused('order.tip_not_offered'));

  it('refuses a tip above the items, saying the most it may be', () =>
    given(menu())
      .when({ ...twoCoffees, tip: { amountAgorot: 3000 }, shownTotalAgorot: 5900 })
      .thenRefused('order.tip_too_large', { maxTipAmount: '29.00' }));

  it('refuses a total the diner was not shown, with the cart as priced now', () =>
    given(menu())
      .when({ lines: [{ productId: 4, quantity: 1, options: ['o-1'] }], shownTotalAgorot: 3000 })
      .thenRefused('order.price_changed', {
        totalAmount: '33.00',
        tipAmount: '0.00',
        items: [{ productId: 4, name: 'טוסט', price: '33.00', quantity: 1, options: ['o-1'] }],
      }));

  it('refuses a cart of free items only (no provider opens a ₪0 page)', () =>
    given(menu())
      .when({ lines: [{ productId: 2, quantity: 1 }], shownTotalAgorot: 0 })
      .thenRefused('order.zero_total'));
});

describe('priceCheckout with a promo code (issue 33)', () => {
  const code = (change: Partial<PromoCode> = {}): PromoCode => ({
    id: 'promo-1',
    code: 'HAPPY',
    active: true,
    kind: 'percent',
    percent: 10,
    amountAgorot: null,
    minOrderAgorot: 0,
    validFrom: null,
    validUntil: null,
    hours: null,
    productIds: [],
    categoryIds: [],
    maxUses: null,
    oncePerDiner: false,
    ...change,
  });
  const promo = (change: Partial<PromoCode> = {}, uses: Partial<CheckoutRequest['promo']> = {}) => ({
    code: code(change),
    now: { date: '2026-12-07', minuteOfDay: 600 },
    usesTaken: 0,
    usedByDiner: false,
    ...uses,
  });
  // Two coffees (29.00) and a toast with olives (33.00): 62.00 of items.
  const cart = {
    lines: [
      { productId: 1, quantity: 2 },
      { productId: 4, quantity: 1, options: ['o-1'] },
    ],
  };

  it('takes the discount off the items, spread over the lines, with the commission on what is paid', () => {
    const priced = priceCheckout(menu(), open, { ...cart, shownTotalAgorot: 5580, promo: promo() });
    expect(priced).toMatchObject({
      ok: true,
      itemsAgorot: 6200,
      discount: { code: 'HAPPY', promoCodeId: 'promo-1', agorot: 620 },
      amounts: { totalAgorot: 5580, tipAgorot: 0, commissionAgorot: 279, netAgorot: 5301 },
    });
    expect(priced.ok && priced.lines.map((line) => line.discountAgorot)).toEqual([290, 330]);
  });

  it("a tip's percent is of what is paid, after the discount", () =>
    expect(
      priceCheckout(menu(), open, { ...cart, tip: { percent: 10 }, shownTotalAgorot: 6138, promo: promo() }),
    ).toMatchObject({ ok: true, amounts: { totalAgorot: 6138, tipAgorot: 558, commissionAgorot: 279 } }));

  it('a code for one category discounts only its lines', () => {
    const priced = priceCheckout(menu(), open, {
      ...cart,
      shownTotalAgorot: 5870,
      promo: promo({ categoryIds: [20] }),
    });
    expect(priced.ok && priced.lines.map((line) => line.discountAgorot)).toEqual([undefined, 330]);
  });

  it('refuses a code that does not hold, with its reason, before the total is compared', () => {
    given(menu())
      .when({ ...cart, shownTotalAgorot: 1, promo: promo({ minOrderAgorot: 7000 }) })
      .thenRefused('order.promo_invalid', { reason: 'below_minimum', minOrderAgorot: 7000 });
    given(menu())
      .when({ ...cart, shownTotalAgorot: 1, promo: promo({}, { code: null }) })
      .thenRefused('order.promo_invalid', { reason: 'unknown' });
    given(menu())
      .when({ ...cart, shownTotalAgorot: 1, promo: promo({ maxUses: 1 }, { usesTaken: 1 }) })
      .thenRefused('order.promo_invalid', { reason: 'used_up' });
  });

  it('a total shown without the discount is a changed price that says the discount', () =>
    given(menu())
      .when({ ...cart, shownTotalAgorot: 6200, promo: promo() })
      .thenRefused('order.price_changed', {
        totalAmount: '62.00',
        tipAmount: '0.00',
        discountAmount: '6.20',
        items: [
          { productId: 1, name: 'הפוך גדול', price: '14.50', quantity: 2 },
          { productId: 4, name: 'טוסט', price: '33.00', quantity: 1, options: ['o-1'] },
        ],
      }));

  it('a code that takes everything off leaves nothing to pay', () =>
    given(menu())
      .when({ ...cart, shownTotalAgorot: 0, promo: promo({ percent: 100 }) })
      .thenRefused('order.zero_total'));
});

describe('checkoutKey', () => {
  const checkout = { dinerSessionId: 's-1', remarks: null, tableNumber: 4 };
  const coffee = { productId: 1, name: 'הפוך', unitPriceAgorot: 1450, quantity: 2 };
  const toast = { productId: 4, name: 'טוסט', unitPriceAgorot: 3000, quantity: 1 };

  it('is the same checkout whatever the order of its lines', () =>
    expect(checkoutKey('+972500000000', checkout, [coffee, toast], 0, 'card')).toBe(
      checkoutKey('+972500000000', checkout, [toast, coffee], 0, 'card'),
    ));

  it('is another checkout with a tip, another way to pay, or another table', () => {
    const key = checkoutKey('+972500000000', checkout, [coffee], 0, 'card');
    expect(checkoutKey('+972500000000', checkout, [coffee], 100, 'card')).not.toBe(key);
    expect(checkoutKey('+972500000000', checkout, [coffee], 0, 'bit')).not.toBe(key);
    expect(checkoutKey('+972500000000', { ...checkout, tableNumber: 5 }, [coffee], 0, 'card')).not.toBe(key);
  });

  it('is another checkout with a promo code, and the same as before codes without one', () => {
    const key = checkoutKey('+972500000000', checkout, [coffee], 0, 'card');
    expect(checkoutKey('+972500000000', { ...checkout, promoCode: 'HAPPY' }, [coffee], 0, 'card')).not.toBe(key);
    expect(checkoutKey('+972500000000', { ...checkout, promoCode: null }, [coffee], 0, 'card')).toBe(key);
  });
});
