import { describe, expect, it } from 'vitest';
import { zodIssuesToFields } from '../validation.js';
import { createPaymentSchema } from './ordering.schemas.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const checkout = (items: unknown[]) => ({ businessId: 'demo', amount: '30', cartData: { items } });

describe('create-payment cart items with options', () => {
  it('carry the chosen option ids, or none as today', () => {
    const parsed = createPaymentSchema.parse(
      checkout([
        { productId: 1, quantity: 1, options: [uuid(1), uuid(2)] },
        { productId: 2, quantity: 1 },
      ]),
    );
    expect(parsed.cartData.items.map((item) => item.options)).toEqual([[uuid(1), uuid(2)], undefined]);
  });

  it('the same product with other choices is another line; with the same choices, a repeated line', () => {
    expect(
      createPaymentSchema.safeParse(
        checkout([
          { productId: 1, quantity: 1, options: [uuid(1)] },
          { productId: 1, quantity: 1, options: [uuid(2)] },
          { productId: 1, quantity: 1 },
        ]),
      ).success,
    ).toBe(true);
    expect(
      createPaymentSchema.safeParse(
        checkout([
          { productId: 1, quantity: 1, options: [uuid(1), uuid(2)] },
          { productId: 1, quantity: 2, options: [uuid(2), uuid(1)] },
        ]),
      ).success,
    ).toBe(false);
  });

  it.each([
    ['an option twice', [uuid(1), uuid(1)]],
    ['an id that is no option id', ['oat']],
    ['a number', [7]],
    ['not a list', uuid(1)],
  ])('refuses %s', (_case, options) => {
    const result = createPaymentSchema.safeParse(checkout([{ productId: 1, quantity: 1, options }]));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(zodIssuesToFields(result.error)).toEqual({
      'cartData.items.0.options': 'בחירת התוספות אינה תקינה, פתחו את המוצר ובחרו מחדש',
    });
  });
});
