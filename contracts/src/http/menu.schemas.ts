// Menu management (product-spec §2, §5, §7): one schema per request for the owner's forms and the server's 400s,
// and the response schemas that shape what leaves the server (the public menu above all: no private field).
import { z } from 'zod';
import '../zod-he.js';
import {
  type OwnerCategory,
  type OwnerProduct,
  PRODUCT_TAGS,
  type ProductTag,
  type PublicMenu,
} from '../menu-types.js';
import { validationMessagesHe as m } from '../messages.he.js';
import { parsePriceToAgorot } from '../money.js';

export const MENU_LIMITS = {
  categoryNameMax: 100,
  productNameMax: 200,
  descriptionMax: 1000,
  /** More categories than any real menu has; bounds the reorder request. */
  categoriesMax: 500,
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
  availabilityRequired: 'נא לציין אם המוצר זמין',
} as const;

/** `POST /api/categories`, `PUT /api/categories/{id}`. */
export const categoryInputSchema = z.object({
  name: z
    .string({ message: menuMessagesHe.categoryNameRequired })
    .trim()
    .min(1, menuMessagesHe.categoryNameRequired)
    .max(MENU_LIMITS.categoryNameMax, menuMessagesHe.categoryNameTooLong),
});
export type CategoryInput = z.output<typeof categoryInputSchema>;

/** `PATCH /api/categories/order`: every category id of the business, in the new order. */
export const categoryOrderSchema = z.object({
  ids: z
    .array(z.unknown(), { message: menuMessagesHe.orderInvalid })
    .max(MENU_LIMITS.categoriesMax, menuMessagesHe.orderInvalid)
    // One message for the whole list: the owner drags cards, there is no single id to point at.
    .refine(
      (ids) =>
        ids.every((id) => typeof id === 'number' && Number.isInteger(id) && id >= 1) &&
        new Set(ids).size === ids.length,
      menuMessagesHe.orderInvalid,
    )
    .transform((ids) => ids as number[]),
});
export type CategoryOrderInput = z.output<typeof categoryOrderSchema>;

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

/**
 * `POST /api/products`, `PUT /api/products/{id}`: multipart text fields (the image travels as a file part beside
 * them). The price stays a decimal string ("12.50"); money.ts turns it into agorot.
 */
export const productInputSchema = z.object({
  name: z
    .string({ message: menuMessagesHe.productNameRequired })
    .trim()
    .min(1, menuMessagesHe.productNameRequired)
    .max(MENU_LIMITS.productNameMax, menuMessagesHe.productNameTooLong),
  price: z
    .string({ message: menuMessagesHe.priceRequired })
    .trim()
    .min(1, menuMessagesHe.priceRequired)
    .refine((price) => parsePriceToAgorot(price) !== null, menuMessagesHe.priceInvalid),
  categoryId: z.coerce
    .number({ message: menuMessagesHe.categoryRequired })
    .int(menuMessagesHe.categoryRequired)
    .min(1, menuMessagesHe.categoryRequired)
    .max(2_147_483_647, menuMessagesHe.categoryRequired),
  description: z
    .string()
    .trim()
    .max(MENU_LIMITS.descriptionMax, menuMessagesHe.descriptionTooLong)
    .nullish()
    .transform((text) => (text ? text : null)),
  tags: tagsSchema.optional().transform((tags) => tags ?? []),
  /** PUT only: drop the current photo (ignored when a new image is sent with the same request). */
  removeImage: flagSchema.optional().transform((flag) => flag ?? false),
});
export type ProductInputRequest = z.input<typeof productInputSchema>;
export type ProductInput = z.output<typeof productInputSchema>;

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

export const publicProductSchema = z.object({
  id: z.number(),
  categoryId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.string(),
  image: productImageSchema,
  tags: z.array(tagSchema),
});

export const ownerProductSchema = publicProductSchema.extend({
  isActive: z.boolean(),
  createdAt: z.string(),
}) satisfies z.ZodType<OwnerProduct>;

/** `data` of `GET /api/menu/{departmentId}`: only these keys, at every level. */
export const publicMenuSchema = z.object({
  business: z.object({ businessName: z.string(), logo: z.string().nullable(), departmentId: z.string() }),
  categories: z.array(z.object({ id: z.number(), name: z.string(), order: z.number() })),
  products: z.array(publicProductSchema),
}) satisfies z.ZodType<PublicMenu>;
