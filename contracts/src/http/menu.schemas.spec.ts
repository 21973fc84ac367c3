import { describe, expect, it } from 'vitest';
import { PRODUCT_TAGS, productTagLabelsHe } from '../menu-types.js';
import { zodIssuesToFields } from '../validation.js';
import {
  newOptionGroupSchema,
  optionAvailabilitySchema,
  optionGroupInputSchema,
  optionInputSchema,
  optionOrderSchema,
  availabilitySchema,
  categoryInputSchema,
  categoryOrderSchema,
  productInputSchema,
  productOrderSchema,
  publicMenuSchema,
} from './menu.schemas.js';

const fieldsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : zodIssuesToFields(result.error as Parameters<typeof zodIssuesToFields>[0]);

const product = (overrides: Record<string, unknown> = {}) => ({
  name: 'אספרסו',
  price: '9.90',
  categoryId: '3',
  ...overrides,
});

describe('category input', () => {
  it('trims the name', () => {
    expect(categoryInputSchema.parse({ name: '  שתייה  ' })).toEqual({ name: 'שתייה' });
  });

  it.each([
    [{}, 'נא להזין שם קטגוריה'],
    [{ name: ' ' }, 'נא להזין שם קטגוריה'],
    [{ name: 'א'.repeat(101) }, 'שם הקטגוריה יכול להכיל עד 100 תווים'],
  ])('refuses %j', (input, message) => {
    expect(fieldsOf(categoryInputSchema.safeParse(input))).toEqual({ name: message });
  });

  it('accepts 100 characters', () => {
    expect(categoryInputSchema.safeParse({ name: 'א'.repeat(100) }).success).toBe(true);
  });
});

describe('category order', () => {
  it('takes distinct positive ids', () => {
    expect(categoryOrderSchema.parse({ ids: [3, 1, 2] })).toEqual({ ids: [3, 1, 2] });
    expect(categoryOrderSchema.parse({ ids: [] })).toEqual({ ids: [] });
  });

  it.each([[{ ids: [1, 1] }], [{ ids: [0] }], [{ ids: ['1'] }], [{ ids: 1 }], [{}], [{ ids: [1.5] }]])(
    'refuses %j on ids',
    (input) => {
      expect(Object.keys(fieldsOf(categoryOrderSchema.safeParse(input)))).toEqual(['ids']);
    },
  );
});

describe('product order', () => {
  it("takes the category's product ids, each once, in the new order", () => {
    expect(productOrderSchema.parse({ ids: [7, 5, 6] })).toEqual({ ids: [7, 5, 6] });
  });

  it.each([
    [{ ids: [5, 5] }],
    [{ ids: [0] }],
    [{ ids: [-3] }],
    [{ ids: ['5'] }],
    [{ ids: [null] }],
    [{ ids: [2_147_483_648] }],
    [{ ids: 'all' }],
    [{}],
    [{ ids: Array.from({ length: 501 }, (_, index) => index + 1) }],
  ])('refuses %j with one message on ids', (input) => {
    expect(fieldsOf(productOrderSchema.safeParse(input))).toEqual({
      ids: 'יש לשלוח את כל המוצרים של הקטגוריה, כל אחד פעם אחת',
    });
  });
});

describe('product input', () => {
  it('reads a multipart form: trims, coerces the category, folds tags, empties description to null', () => {
    expect(
      productInputSchema.parse(product({ description: '  ', tags: 'spicy, vegan,spicy', removeImage: 'true' })),
    ).toEqual({
      name: 'אספרסו',
      price: '9.90',
      categoryId: 3,
      description: null,
      tags: ['vegan', 'spicy'],
      removeImage: true,
    });
  });

  it('takes JSON too', () => {
    expect(productInputSchema.parse(product({ categoryId: 3, tags: ['kosher_meat'], description: 'x' }))).toMatchObject(
      { categoryId: 3, tags: ['kosher_meat'], description: 'x', removeImage: false },
    );
  });

  it.each([
    [{ name: undefined }, 'name', 'נא להזין שם מוצר'],
    [{ name: '' }, 'name', 'נא להזין שם מוצר'],
    [{ name: 'א'.repeat(201) }, 'name', 'שם המוצר יכול להכיל עד 200 תווים'],
    [{ price: undefined }, 'price', 'נא להזין מחיר'],
    [{ price: '' }, 'price', 'נא להזין מחיר'],
    [{ price: '-1' }, 'price', 'נא להזין מחיר תקין עד 99,999.99 עם שתי ספרות אחרי הנקודה לכל היותר'],
    [{ price: '1.234' }, 'price', 'נא להזין מחיר תקין עד 99,999.99 עם שתי ספרות אחרי הנקודה לכל היותר'],
    [{ price: '100000' }, 'price', 'נא להזין מחיר תקין עד 99,999.99 עם שתי ספרות אחרי הנקודה לכל היותר'],
    [{ price: '1e3' }, 'price', 'נא להזין מחיר תקין עד 99,999.99 עם שתי ספרות אחרי הנקודה לכל היותר'],
    [{ categoryId: undefined }, 'categoryId', 'נא לבחור קטגוריה'],
    [{ categoryId: '0' }, 'categoryId', 'נא לבחור קטגוריה'],
    [{ categoryId: 'abc' }, 'categoryId', 'נא לבחור קטגוריה'],
    [{ categoryId: '1.5' }, 'categoryId', 'נא לבחור קטגוריה'],
    [{ description: 'א'.repeat(1001) }, 'description', 'התיאור יכול להכיל עד 1,000 תווים'],
    [{ tags: 'vegan,halal' }, 'tags', 'תגית לא מוכרת'],
  ])('refuses %j', (override, field, message) => {
    expect(fieldsOf(productInputSchema.safeParse(product(override)))).toEqual({ [field]: message });
  });

  it.each([
    ['0', '0.00'],
    ['12', '12.00'],
    ['12.5', '12.50'],
    ['12.50', '12.50'],
    ['99999.99', '99999.99'],
    ['12,5', '12.50'],
    ['12,50', '12.50'],
  ])('accepts the price %s as %s', (price, parsed) => {
    expect(productInputSchema.parse(product({ price })).price).toBe(parsed);
  });

  it.each(['1,250', '1,250.50', '12,345', '12,'])('refuses the comma of %s with the price message', (price) => {
    expect(fieldsOf(productInputSchema.safeParse(product({ price })))).toEqual({
      price: 'נא להזין מחיר תקין עד 99,999.99 עם שתי ספרות אחרי הנקודה לכל היותר',
    });
  });

  it('keeps a description left out (an edit changes nothing), and clears an empty or null one', () => {
    expect(productInputSchema.parse(product({ description: undefined })).description).toBeUndefined();
    expect(productInputSchema.parse(product({ description: '' })).description).toBeNull();
    expect(productInputSchema.parse(product({ description: null })).description).toBeNull();
  });
});

describe('availability', () => {
  it('takes a boolean only', () => {
    expect(availabilitySchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(fieldsOf(availabilitySchema.safeParse({ isActive: 'false' }))).toEqual({
      isActive: 'נא לציין אם המוצר זמין',
    });
  });
});

describe('tags', () => {
  it('has a Hebrew label for every tag', () => {
    expect(PRODUCT_TAGS.map((tag) => productTagLabelsHe[tag])).toEqual([
      'טבעוני',
      'צמחוני',
      'ללא גלוטן',
      'חריף',
      'כשר בשרי',
      'כשר חלבי',
      'כשר פרווה',
    ]);
  });
});

describe('the public menu schema', () => {
  it('drops every key it does not name, at every level', () => {
    const parsed = publicMenuSchema.parse({
      business: { businessName: 'קפה', logo: null, departmentId: 'd1', phone: '+972501234567', email: 'a@b.co' },
      categories: [{ id: 1, name: 'א', order: 0, businessId: '+972501234567' }],
      products: [
        {
          id: 1,
          categoryId: 1,
          name: 'x',
          description: null,
          price: '1.00',
          image: { small: '/s', large: '/l', path: '/secret' },
          tags: [],
          isActive: true,
          businessId: '+972501234567',
          optionGroups: [
            {
              id: 'g',
              name: 'חלב',
              minChoices: 1,
              maxChoices: 1,
              without: false,
              businessId: '+972501234567',
              productIds: [1],
              options: [
                { id: 'o', name: 'שיבולת שועל', price: '2.00', available: true, isDefault: false, priceAgorot: 200 },
              ],
            },
          ],
        },
      ],
      ordering: { open: false, reason: 'paused', opensAt: null, pause: { until: null, by: '+972501234567' } },
    });
    expect(JSON.stringify(parsed)).not.toContain('972');
    expect(parsed.ordering).toEqual({ open: false, reason: 'paused', opensAt: null });
    expect(Object.keys(parsed.business)).toEqual(['businessName', 'logo', 'departmentId']);
    expect(Object.keys(parsed.products[0] ?? {})).toEqual([
      'id',
      'categoryId',
      'name',
      'description',
      'price',
      'image',
      'tags',
      'optionGroups',
    ]);
    expect(parsed.products[0]?.image).toEqual({ small: '/s', large: '/l' });
    expect(parsed.products[0]?.optionGroups).toEqual([
      {
        id: 'g',
        name: 'חלב',
        minChoices: 1,
        maxChoices: 1,
        without: false,
        options: [{ id: 'o', name: 'שיבולת שועל', price: '2.00', available: true, isDefault: false }],
      },
    ]);
  });
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('option group input', () => {
  it('trims the name, reads numbers and flags from a form, and starts with no options', () => {
    expect(newOptionGroupSchema.parse({ name: ' חלב ', minChoices: '1', maxChoices: '1' })).toEqual({
      name: 'חלב',
      minChoices: 1,
      maxChoices: 1,
      without: false,
      options: [],
    });
  });

  it('takes its first options with prices in shekels', () => {
    const parsed = newOptionGroupSchema.parse({
      name: 'חלב',
      minChoices: 1,
      maxChoices: 1,
      options: [
        { name: 'שיבולת שועל', price: 2 },
        { name: 'רגיל', price: '0', isDefault: true },
      ],
    });
    expect(parsed.options).toEqual([
      { name: 'שיבולת שועל', price: '2.00', isDefault: false, available: true },
      { name: 'רגיל', price: '0.00', isDefault: true, available: true },
    ]);
  });

  it.each([
    [{ minChoices: 0, maxChoices: 1 }, { name: 'נא להזין שם לקבוצת התוספות' }],
    [{ name: 'x', minChoices: 2, maxChoices: 1 }, { minChoices: 'המינימום אינו יכול להיות גדול מהמקסימום' }],
    [
      { name: 'x', minChoices: -1, maxChoices: 1 },
      { minChoices: 'מספר הבחירות המינימלי חייב להיות מספר שלם בין 0 ל-50' },
    ],
    [
      { name: 'x', minChoices: 0, maxChoices: 0 },
      { maxChoices: 'מספר הבחירות המקסימלי חייב להיות מספר שלם בין 1 ל-50' },
    ],
    [
      { name: 'x', minChoices: 0, maxChoices: 1.5 },
      { maxChoices: 'מספר הבחירות המקסימלי חייב להיות מספר שלם בין 1 ל-50' },
    ],
  ])('refuses %j', (input, fields) => {
    expect(fieldsOf(optionGroupInputSchema.safeParse(input))).toEqual(fields);
  });
});

describe('option input', () => {
  it.each([
    [{ price: '2' }, { name: 'נא להזין שם לתוספת' }],
    [{ name: 'x', price: '-2' }, { price: 'נא להזין תוספת מחיר תקינה (0 לתוספת ללא תשלום), עד שתי ספרות אחרי הנקודה' }],
    [
      { name: 'x', price: '2.555' },
      { price: 'נא להזין תוספת מחיר תקינה (0 לתוספת ללא תשלום), עד שתי ספרות אחרי הנקודה' },
    ],
    [{ name: 'x' }, { price: 'נא להזין תוספת מחיר תקינה (0 לתוספת ללא תשלום), עד שתי ספרות אחרי הנקודה' }],
  ])('refuses %j', (input, fields) => {
    expect(fieldsOf(optionInputSchema.safeParse(input))).toEqual(fields);
  });

  it('availability takes a boolean only', () => {
    expect(optionAvailabilitySchema.safeParse({ available: false }).success).toBe(true);
    expect(optionAvailabilitySchema.safeParse({ available: 'no' }).success).toBe(false);
  });

  it('an order is distinct server ids', () => {
    expect(optionOrderSchema.safeParse({ ids: [uuid(1), uuid(2)] }).success).toBe(true);
    expect(optionOrderSchema.safeParse({ ids: [uuid(1), uuid(1)] }).success).toBe(false);
    expect(optionOrderSchema.safeParse({ ids: [1, 2] }).success).toBe(false);
  });
});
