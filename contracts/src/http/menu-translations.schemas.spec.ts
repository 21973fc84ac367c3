import { describe, expect, it } from 'vitest';
import { zodIssuesToFields } from '../validation.js';
import {
  menuTranslationsInputSchema,
  publicMenuQuerySchema,
  translationMessagesHe,
} from './menu-translations.schemas.js';
import { publicMenuSchema } from './menu.schemas.js';

const fieldsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : zodIssuesToFields(result.error as Parameters<typeof zodIssuesToFields>[0]);

describe('menu translations input', () => {
  it('trims each language and turns an empty field into no translation', () => {
    expect(
      menuTranslationsInputSchema('product').parse({
        en: { name: '  Latte ', description: '' },
        ru: { name: '', description: '  Кофе с молоком ' },
      }),
    ).toEqual({
      en: { name: 'Latte', description: null },
      ru: { name: null, description: 'Кофе с молоком' },
    });
  });

  it('leaves out a language that was not sent (it keeps its translation)', () => {
    expect(menuTranslationsInputSchema('category').parse({ ar: { name: 'مشروبات' } })).toEqual({
      ar: { name: 'مشروبات', description: null },
    });
  });

  it("keeps Hebrew's limits, per kind", () => {
    expect(fieldsOf(menuTranslationsInputSchema('category').safeParse({ en: { name: 'x'.repeat(101) } }))).toEqual({
      'en.name': translationMessagesHe.nameTooLong(100),
    });
    expect(menuTranslationsInputSchema('product').safeParse({ en: { name: 'x'.repeat(200) } }).success).toBe(true);
    expect(
      fieldsOf(menuTranslationsInputSchema('product').safeParse({ ru: { description: 'x'.repeat(1001) } })),
    ).toEqual({ 'ru.description': translationMessagesHe.descriptionTooLong });
  });

  it('refuses a description for an item that has none, and text that is not a string', () => {
    expect(fieldsOf(menuTranslationsInputSchema('option').safeParse({ en: { description: 'Oat' } }))).toEqual({
      'en.description': translationMessagesHe.noDescription,
    });
    expect(fieldsOf(menuTranslationsInputSchema('optionGroup').safeParse({ en: { name: 7 } }))).toEqual({
      'en.name': translationMessagesHe.notText,
    });
  });

  it('ignores Hebrew and unknown keys (Hebrew is the menu itself)', () => {
    expect(menuTranslationsInputSchema('category').parse({ he: { name: 'שתייה' }, fr: { name: 'Boissons' } })).toEqual(
      {},
    );
  });
});

describe('the public menu in a language', () => {
  it('takes he, ar, en or ru as lang and refuses anything else', () => {
    expect(publicMenuQuerySchema.parse({ lang: 'en' })).toEqual({ lang: 'en' });
    expect(publicMenuQuerySchema.parse({})).toEqual({});
    for (const lang of ['fr', '', 'EN', ['en', 'ru']]) {
      expect(publicMenuQuerySchema.safeParse({ lang }).success).toBe(false);
    }
  });

  it('answers the language and, per item, the texts left in Hebrew', () => {
    const menu = {
      language: 'en',
      business: { businessName: 'קפה', logo: null, departmentId: 'demo' },
      categories: [{ id: 1, name: 'Hot drinks', order: 0 }],
      products: [
        {
          id: 2,
          categoryId: 1,
          name: 'הפוך',
          description: null,
          price: '14.00',
          image: null,
          tags: [],
          optionGroups: [],
          he: ['name'],
        },
      ],
      ordering: { open: true, reason: null, opensAt: null },
    };
    expect(publicMenuSchema.parse(menu)).toEqual(menu);
    expect(publicMenuSchema.safeParse({ ...menu, language: 'he' }).success).toBe(false);
    expect(
      publicMenuSchema.safeParse({ ...menu, categories: [{ id: 1, name: 'x', order: 0, he: ['price'] }] }).success,
    ).toBe(false);
  });
});
