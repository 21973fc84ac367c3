// The owner's translations of their own menu text (issue 16, decision 023): a category's, a product's, an option
// group's and an option's name, and a product's description, in each language a diner may read besides Hebrew.
// The limits are Hebrew's; an empty field is "no translation" (the diner then reads the Hebrew, marked as such).
import { z } from 'zod';
import '../zod-he.js';
import type { OfferableLanguage } from '../languages.js';
import { MENU_LIMITS } from './menu.schemas.js';
import { withoutDirectionControls } from '../text.js';

/** The kinds of menu item the owner names: only a product has a description. */
export const translatableKinds = ['category', 'product', 'optionGroup', 'option'] as const;
export type TranslatableKind = (typeof translatableKinds)[number];
export const isTranslatableKind = (value: unknown): value is TranslatableKind =>
  typeof value === 'string' && (translatableKinds as readonly string[]).includes(value);

const nameMaxOf: Readonly<Record<TranslatableKind, number>> = {
  category: MENU_LIMITS.categoryNameMax,
  product: MENU_LIMITS.productNameMax,
  optionGroup: MENU_LIMITS.optionGroupNameMax,
  option: MENU_LIMITS.optionNameMax,
};

export const translationMessagesHe = {
  nameTooLong: (max: number) => `התרגום יכול להכיל עד ${max.toLocaleString('en-US')} תווים`,
  descriptionTooLong: 'תרגום התיאור יכול להכיל עד 1,000 תווים',
  notText: 'נא להזין טקסט',
  noDescription: 'לפריט הזה אין תיאור לתרגם',
} as const;

/** One language's text of one item: null where the owner left it empty (no translation). */
export interface MenuItemTranslation {
  name: string | null;
  description: string | null;
}
export type MenuItemTranslations = Partial<Record<OfferableLanguage, MenuItemTranslation>>;

/** Trimmed; empty or missing is null. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ message: translationMessagesHe.notText })
    .overwrite(withoutDirectionControls)
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((text) => (text ? text : null));

const languageTextSchema = (kind: TranslatableKind) =>
  z.object({
    name: optionalText(nameMaxOf[kind], translationMessagesHe.nameTooLong(nameMaxOf[kind])),
    description:
      kind === 'product'
        ? optionalText(MENU_LIMITS.descriptionMax, translationMessagesHe.descriptionTooLong)
        : // Only a product has a description: text for another kind is refused, not silently dropped.
          z
            .union([z.null(), z.literal('')], { message: translationMessagesHe.noDescription })
            .optional()
            .transform(() => null),
  });

const itemSchema = (kind: TranslatableKind) =>
  z.object({
    ar: languageTextSchema(kind).optional(),
    en: languageTextSchema(kind).optional(),
    ru: languageTextSchema(kind).optional(),
  });

const schemas: Readonly<Record<TranslatableKind, ReturnType<typeof itemSchema>>> = {
  category: itemSchema('category'),
  product: itemSchema('product'),
  optionGroup: itemSchema('optionGroup'),
  option: itemSchema('option'),
};

/**
 * `PUT /api/menu-translations/{kind}/{id}`: the item's text in the languages sent (`{ en: { name, description } }`);
 * a language left out keeps what it had, a language sent with empty fields drops its translation.
 */
export const menuTranslationsInputSchema = (kind: TranslatableKind) => schemas[kind];

/** `GET /api/menu-translations`: every translated item of the business. */
export interface OwnerMenuTranslation {
  kind: TranslatableKind;
  /** A category's or a product's number as text, a group's or an option's UUID. */
  id: string;
  translations: MenuItemTranslations;
}

const translationTextSchema = z.object({ name: z.string().nullable(), description: z.string().nullable() });

/** One item's translations as the server answers them (`PUT` answers this; `GET` a list of `ownerMenuTranslationSchema`). */
export const menuItemTranslationsSchema = z.object({
  ar: translationTextSchema.optional(),
  en: translationTextSchema.optional(),
  ru: translationTextSchema.optional(),
});

export const ownerMenuTranslationSchema = z.object({
  kind: z.enum(translatableKinds),
  id: z.string(),
  translations: menuItemTranslationsSchema,
});

/**
 * The query of `GET /api/menu/{departmentId}`: `lang` asks for the owner's translations (names and descriptions in
 * that language, each text without one in Hebrew and listed in the item's `he`); none or `he` is the menu as written.
 * Another value is refused (400), so a typo never silently reads as Hebrew. Other parameters are ignored.
 */
export const publicMenuQuerySchema = z.object({
  lang: z.enum(['he', 'ar', 'en', 'ru'], { message: 'שפה לא מוכרת' }).optional(),
});
