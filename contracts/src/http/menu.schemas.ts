// Menu management (product-spec §2, §5, §7): one schema per request for the owner's forms and the server's 400s,
// and the response schemas that shape what leaves the server (the public menu above all: no private field).
import { z } from 'zod';
import '../zod-he.js';
import {
  type OwnerCategory,
  type OwnerOptionGroup,
  type OwnerProduct,
  PRODUCT_TAGS,
  type ProductTag,
  type PublicMenu,
  type PublicOptionGroup,
} from '../menu-types.js';
import { validationMessagesHe as m } from '../messages.he.js';
import { agorotToDecimalString, parsePriceToAgorot } from '../money.js';
import { withoutDirectionControls } from '../text.js';
import { dinerLanguages } from '../languages.js';
import { orderingStateSchema } from './opening-hours.schemas.js';

export const MENU_LIMITS = {
  categoryNameMax: 100,
  productNameMax: 200,
  descriptionMax: 1000,
  /** More categories than any real menu has; bounds the reorder request. */
  categoriesMax: 500,
  /** More products than any real category has; bounds the reorder request. */
  productsPerCategoryMax: 500,
  optionGroupNameMax: 100,
  optionNameMax: 100,
  /** Options in one group, groups on one product, groups of one business: more than any café needs. */
  optionsPerGroupMax: 50,
  groupsPerProductMax: 20,
  groupsPerBusinessMax: 200,
} as const;

export const menuMessagesHe = {
  categoryNameRequired: m.categoryNameRequired,
  categoryNameTooLong: `שם הקטגוריה יכול להכיל עד ${MENU_LIMITS.categoryNameMax} תווים`,
  productNameRequired: m.productNameRequired,
  productNameTooLong: `שם המוצר יכול להכיל עד ${MENU_LIMITS.productNameMax} תווים`,
  priceRequired: m.priceRequired,
  priceInvalid: m.priceInvalid,
  categoryRequired: m.categoryRequired,
  descriptionTooLong: 'התיאור יכול להכיל עד 1,000 תווים',
  tagInvalid: 'תגית לא מוכרת',
  orderInvalid: 'יש לשלוח את כל הקטגוריות של העסק, כל אחת פעם אחת',
  productOrderInvalid: 'יש לשלוח את כל המוצרים של הקטגוריה, כל אחד פעם אחת',
  availabilityRequired: 'נא לציין אם המוצר זמין',
  optionGroupNameRequired: 'נא להזין שם לקבוצת התוספות',
  optionGroupNameTooLong: `שם הקבוצה יכול להכיל עד ${MENU_LIMITS.optionGroupNameMax} תווים`,
  optionGroupNameTaken: 'כבר יש קבוצת תוספות בשם הזה',
  optionNameRequired: 'נא להזין שם לתוספת',
  optionNameTooLong: `שם התוספת יכול להכיל עד ${MENU_LIMITS.optionNameMax} תווים`,
  optionNameTaken: 'כבר יש בקבוצה תוספת בשם הזה',
  optionPriceInvalid: 'נא להזין תוספת מחיר תקינה (0 לתוספת ללא תשלום), עד שתי ספרות אחרי הנקודה',
  minChoicesInvalid: `מספר הבחירות המינימלי חייב להיות מספר שלם בין 0 ל-${MENU_LIMITS.optionsPerGroupMax}`,
  maxChoicesInvalid: `מספר הבחירות המקסימלי חייב להיות מספר שלם בין 1 ל-${MENU_LIMITS.optionsPerGroupMax}`,
  minAboveMax: 'המינימום אינו יכול להיות גדול מהמקסימום',
  tooManyOptions: `בקבוצה יכולות להיות עד ${MENU_LIMITS.optionsPerGroupMax} תוספות`,
  tooManyGroupsOnProduct: `למוצר אפשר לצרף עד ${MENU_LIMITS.groupsPerProductMax} קבוצות תוספות`,
  tooManyGroups: `לעסק יכולות להיות עד ${MENU_LIMITS.groupsPerBusinessMax} קבוצות תוספות`,
  tooManyDefaults: 'יש יותר ברירות מחדל ממספר הבחירות המקסימלי של הקבוצה',
  withoutIsFree: 'בקבוצת "בלי" כל הבחירות ללא תוספת מחיר',
  optionOrderInvalid: 'יש לשלוח את כל התוספות של הקבוצה, כל אחת פעם אחת',
  groupOrderInvalid: 'יש לשלוח את כל קבוצות התוספות של המוצר, כל אחת פעם אחת',
  optionAvailabilityRequired: 'נא לציין אם התוספת זמינה',
} as const;

/** `POST /api/categories`, `PUT /api/categories/{id}`. */
export const categoryInputSchema = z.object({
  name: z
    .string({ message: menuMessagesHe.categoryNameRequired })
    .overwrite(withoutDirectionControls)
    .trim()
    .min(1, menuMessagesHe.categoryNameRequired)
    .max(MENU_LIMITS.categoryNameMax, menuMessagesHe.categoryNameTooLong),
});
export type CategoryInput = z.output<typeof categoryInputSchema>;

/** A list of row ids in a new order: positive 32-bit integers, each once, at most `max` of them. */
const rowIdOrderSchema = (message: string, max: number) =>
  z.object({
    ids: z
      .array(z.unknown(), { message })
      .max(max, message)
      // One message for the whole list: the owner drags cards, there is no single id to point at.
      .refine(
        (ids) =>
          ids.every((id) => typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= 2_147_483_647) &&
          new Set(ids).size === ids.length,
        message,
      )
      .transform((ids) => ids as number[]),
  });

/** `PATCH /api/categories/order`: every category id of the business, in the new order. */
export const categoryOrderSchema = rowIdOrderSchema(menuMessagesHe.orderInvalid, MENU_LIMITS.categoriesMax);
export type CategoryOrderInput = z.output<typeof categoryOrderSchema>;

/** `PATCH /api/categories/{id}/products/order`: every product id of the category, in the new order. */
export const productOrderSchema = rowIdOrderSchema(
  menuMessagesHe.productOrderInvalid,
  MENU_LIMITS.productsPerCategoryMax,
);
export type ProductOrderInput = z.output<typeof productOrderSchema>;

const tagSchema = z.enum(PRODUCT_TAGS, { message: menuMessagesHe.tagInvalid });
const isProductTag = (tag: string): tag is ProductTag => (PRODUCT_TAGS as readonly string[]).includes(tag);

/** Tags arrive comma-separated from a multipart form ("vegan,spicy") or as a list from JSON; duplicates fold. */
const tagsSchema = z
  .union([z.string(), z.array(z.string())], { message: menuMessagesHe.tagInvalid })
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((tag) => tag.trim()).filter((tag) => tag !== ''),
  )
  // One message on `tags` itself (not on `tags.1`): the form shows it beside the whole tag picker.
  .refine((tags) => tags.every((tag) => isProductTag(tag)), menuMessagesHe.tagInvalid)
  .transform((tags): ProductTag[] => PRODUCT_TAGS.filter((tag) => tags.includes(tag)));

/** "true" from a form field, true from JSON. */
const flagSchema = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

/** A price the schema has already accepted, as the decimal string every reader expects ('12,5' -> '12.50'). */
const canonicalPrice = (price: string): string => agorotToDecimalString(parsePriceToAgorot(price) as number);

/**
 * `POST /api/products`, `PUT /api/products/{id}`: multipart text fields (the image travels as a file part beside
 * them). The price stays a decimal string ("12.50"); money.ts turns it into agorot.
 */
export const productInputSchema = z.object({
  name: z
    .string({ message: menuMessagesHe.productNameRequired })
    .overwrite(withoutDirectionControls)
    .trim()
    .min(1, menuMessagesHe.productNameRequired)
    .max(MENU_LIMITS.productNameMax, menuMessagesHe.productNameTooLong),
  price: z
    .string({ message: menuMessagesHe.priceRequired })
    .trim()
    .min(1, menuMessagesHe.priceRequired)
    .refine((price) => parsePriceToAgorot(price) !== null, menuMessagesHe.priceInvalid)
    // '12,5' leaves as '12.50': whoever reads the parsed price sees one spelling.
    .transform(canonicalPrice),
  categoryId: z.coerce
    .number({ message: menuMessagesHe.categoryRequired })
    .int(menuMessagesHe.categoryRequired)
    .min(1, menuMessagesHe.categoryRequired)
    .max(2_147_483_647, menuMessagesHe.categoryRequired),
  description: z
    .string()
    .overwrite(withoutDirectionControls)
    .trim()
    .max(MENU_LIMITS.descriptionMax, menuMessagesHe.descriptionTooLong)
    .nullish()
    // Absent keeps the saved description on an edit (a client that sends only what it changes clears nothing);
    // an empty string or null clears it.
    .transform((text) => (text === undefined ? undefined : text ? text : null)),
  tags: tagsSchema.optional().transform((tags) => tags ?? []),
  /** PUT only: drop the current photo (ignored when a new image is sent with the same request). */
  removeImage: flagSchema.optional().transform((flag) => flag ?? false),
});
export type ProductInputRequest = z.input<typeof productInputSchema>;
export type ProductInput = z.output<typeof productInputSchema>;

// Option groups and options (issue 16). Ids are UUIDs made by the server; a group is the owner's, shared by products.

/** An option's or a group's id: a UUID as the server writes it. */
export const OPTION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isOptionId = (value: unknown): value is string =>
  typeof value === 'string' && OPTION_ID_PATTERN.test(value);

/** An added price in shekels as typed ("2", "2.50", "0"), or a number from JSON: kept as a decimal string. */
const optionPriceSchema = z
  .union([z.string(), z.number()], { message: menuMessagesHe.optionPriceInvalid })
  .transform((price) => String(price).trim())
  .refine((price) => parsePriceToAgorot(price) !== null, menuMessagesHe.optionPriceInvalid)
  .transform(canonicalPrice);

const choicesCount = (message: string, min: number) =>
  z.coerce.number({ message }).int(message).min(min, message).max(MENU_LIMITS.optionsPerGroupMax, message);

/** `POST /api/option-groups/{id}/options`, `PUT /api/option-groups/{id}/options/{optionId}`. */
export const optionInputSchema = z.object({
  name: z
    .string({ message: menuMessagesHe.optionNameRequired })
    .overwrite(withoutDirectionControls)
    .trim()
    .min(1, menuMessagesHe.optionNameRequired)
    .max(MENU_LIMITS.optionNameMax, menuMessagesHe.optionNameTooLong),
  price: optionPriceSchema,
  isDefault: flagSchema.optional().transform((flag) => flag ?? false),
  /** Ignored by an edit: availability has its own request (sold out for today). */
  available: flagSchema.optional().transform((flag) => flag ?? true),
});
export type OptionInputRequest = z.input<typeof optionInputSchema>;
export type OptionInput = z.output<typeof optionInputSchema>;

const optionGroupFields = z.object({
  name: z
    .string({ message: menuMessagesHe.optionGroupNameRequired })
    .overwrite(withoutDirectionControls)
    .trim()
    .min(1, menuMessagesHe.optionGroupNameRequired)
    .max(MENU_LIMITS.optionGroupNameMax, menuMessagesHe.optionGroupNameTooLong),
  minChoices: choicesCount(menuMessagesHe.minChoicesInvalid, 0),
  maxChoices: choicesCount(menuMessagesHe.maxChoicesInvalid, 1),
  without: flagSchema.optional().transform((flag) => flag ?? false),
});

const minNotAboveMax = (group: { minChoices: number; maxChoices: number }) => group.minChoices <= group.maxChoices;

/** `PUT /api/option-groups/{id}`: rename and change the rules; every product using the group follows. */
export const optionGroupInputSchema = optionGroupFields.refine(minNotAboveMax, {
  message: menuMessagesHe.minAboveMax,
  path: ['minChoices'],
});
export type OptionGroupInputRequest = z.input<typeof optionGroupInputSchema>;
export type OptionGroupInput = z.output<typeof optionGroupInputSchema>;

/** `POST /api/option-groups`: a new group, with its first options if the owner typed them. */
export const newOptionGroupSchema = optionGroupFields
  .extend({
    options: z
      .array(optionInputSchema)
      .max(MENU_LIMITS.optionsPerGroupMax, menuMessagesHe.tooManyOptions)
      .optional()
      .transform((options) => options ?? []),
  })
  .refine(minNotAboveMax, { message: menuMessagesHe.minAboveMax, path: ['minChoices'] });
export type NewOptionGroupRequest = z.input<typeof newOptionGroupSchema>;
export type NewOptionGroupInput = z.output<typeof newOptionGroupSchema>;

/** `PATCH /api/option-groups/{id}/options/{optionId}/availability`: false means sold out for now. */
export const optionAvailabilitySchema = z.object({
  available: z.boolean({ message: menuMessagesHe.optionAvailabilityRequired }),
});
export type OptionAvailabilityInput = z.output<typeof optionAvailabilitySchema>;

const idOrderSchema = (message: string) =>
  z.object({
    ids: z
      .array(z.unknown(), { message })
      .max(MENU_LIMITS.optionsPerGroupMax, message)
      .refine((ids) => ids.every((id) => isOptionId(id)) && new Set(ids).size === ids.length, message)
      .transform((ids) => ids as string[]),
  });

/** `PATCH /api/option-groups/{id}/options/order`: every option id of the group, in the new order. */
export const optionOrderSchema = idOrderSchema(menuMessagesHe.optionOrderInvalid);
/** `PATCH /api/products/{id}/option-groups/order`: every group id attached to the product, in the new order. */
export const productOptionGroupOrderSchema = idOrderSchema(menuMessagesHe.groupOrderInvalid);
export type IdOrderInput = z.output<typeof optionOrderSchema>;

/** `PATCH /api/products/{id}/availability`: false means sold out for now. */
export const availabilitySchema = z.object({
  isActive: z.boolean({ message: menuMessagesHe.availabilityRequired }),
});
export type AvailabilityInput = z.output<typeof availabilitySchema>;

// Response schemas: the server shapes every answer with these, so a field added to a row never leaks by accident.

const productImageSchema = z.object({ small: z.string(), large: z.string() }).nullable();

export const ownerCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  order: z.number(),
  createdAt: z.string(),
}) satisfies z.ZodType<OwnerCategory>;

const productBaseSchema = z.object({
  id: z.number(),
  categoryId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.string(),
  image: productImageSchema,
  tags: z.array(tagSchema),
});

/** The texts of an item answered in Hebrew in a translated menu (`HebrewFallback`). */
const hebrewFallbackSchema = z.array(z.enum(['name', 'description'])).optional();

export const publicOptionGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  minChoices: z.number(),
  maxChoices: z.number(),
  without: z.boolean(),
  options: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      price: z.string(),
      available: z.boolean(),
      isDefault: z.boolean(),
      he: hebrewFallbackSchema,
    }),
  ),
  he: hebrewFallbackSchema,
}) satisfies z.ZodType<PublicOptionGroup>;

export const publicProductSchema = productBaseSchema.extend({
  optionGroups: z.array(publicOptionGroupSchema),
  he: hebrewFallbackSchema,
  /** Sold out for today (the owner's switch): shown, not orderable. Absent: orderable. */
  soldOut: z.literal(true).optional(),
});

export const ownerProductSchema = productBaseSchema.extend({
  isActive: z.boolean(),
  createdAt: z.string(),
  optionGroupIds: z.array(z.string()),
}) satisfies z.ZodType<OwnerProduct>;

export const ownerOptionGroupSchema = publicOptionGroupSchema.extend({
  productIds: z.array(z.number()),
}) satisfies z.ZodType<OwnerOptionGroup>;

/** `data` of `GET /api/menu/{departmentId}`: only these keys, at every level. */
export const publicMenuSchema = z.object({
  language: z.enum(['ar', 'en', 'ru']).optional(),
  business: z.object({
    businessName: z.string(),
    logo: z.string().nullable(),
    departmentId: z.string(),
    languages: z.array(z.enum(dinerLanguages)).optional(),
    /** What the checkout offers beside a card (issue 17); absent: nothing. */
    payments: z.object({ tips: z.boolean(), bit: z.boolean(), googlePay: z.boolean() }).optional(),
    /** Issue 33: the readable address and the preview's line; absent: none chosen. */
    menuAddress: z.string().optional(),
    shareLine: z.string().optional(),
  }),
  categories: z.array(z.object({ id: z.number(), name: z.string(), order: z.number(), he: hebrewFallbackSchema })),
  products: z.array(publicProductSchema),
  ordering: orderingStateSchema,
  orderAhead: z
    .object({
      enabled: z.boolean(),
      asap: z.boolean(),
      estimateMinutes: z.number(),
      slots: z.array(z.object({ at: z.string(), available: z.boolean() })),
    })
    .optional(),
}) satisfies z.ZodType<PublicMenu>;
