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

describe('create-payment’s tip and way to pay (issue 17)', () => {
  const line = [{ productId: 1, quantity: 1 }];

  it('takes no tip, an offered percent or an amount in shekels, as the server computes it', () => {
    expect(createPaymentSchema.parse(checkout(line)).tip).toBeUndefined();
    expect(createPaymentSchema.parse({ ...checkout(line), tip: null }).tip).toBeNull();
    expect(createPaymentSchema.parse({ ...checkout(line), tip: { percent: 12 } }).tip).toEqual({ percent: 12 });
    expect(createPaymentSchema.parse({ ...checkout(line), tip: { amount: '7.50' } }).tip).toEqual({
      amountAgorot: 750,
    });
    expect(createPaymentSchema.parse({ ...checkout(line), tip: { amount: 5 } }).tip).toEqual({ amountAgorot: 500 });
  });

  it.each([
    ['a percent not offered', { percent: 13 }],
    ['a negative amount', { amount: -5 }],
    ['a third of an agora', { amount: 1.333 }],
    ['more than ₪1,000', { amount: '1000.01' }],
    ['both a percent and an amount', { percent: 10, amount: 5 }],
    ['text', 'generous'],
  ])('refuses %s with a Hebrew message on the tip', (_, tip) => {
    const result = createPaymentSchema.safeParse({ ...checkout(line), tip });
    expect(result.success).toBe(false);
    const fields = result.success ? {} : zodIssuesToFields(result.error);
    // On the tip itself, or on its amount.
    expect(Object.entries(fields).find(([field]) => field.startsWith('tip'))?.[1]).toMatch(/טיפ/);
  });

  it('pays by card unless the diner chose Bit, and knows no other way', () => {
    expect(createPaymentSchema.parse({ ...checkout(line), paymentMethod: 'bit' }).paymentMethod).toBe('bit');
    expect(createPaymentSchema.parse(checkout(line)).paymentMethod).toBeUndefined();
    const apple = createPaymentSchema.safeParse({ ...checkout(line), paymentMethod: 'apple_pay' });
    expect(apple.success).toBe(false);
  });
});
