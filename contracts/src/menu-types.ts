// The menu's shapes as plain types and constants, with no zod: the diner's page imports them (`import type`) and the
// tag labels without pulling a validator into its bundle. The request schemas live in http/menu.schemas.ts.

/** Dietary and kashrut tags a product may carry, in the order the owner's form shows them. */
export const PRODUCT_TAGS = [
  'vegan',
  'vegetarian',
  'gluten_free',
  'spicy',
  'kosher_meat',
  'kosher_dairy',
  'kosher_parve',
] as const;
export type ProductTag = (typeof PRODUCT_TAGS)[number];

/** What people read for each tag. */
export const productTagLabelsHe: Readonly<Record<ProductTag, string>> = {
  vegan: 'טבעוני',
  vegetarian: 'צמחוני',
  gluten_free: 'ללא גלוטן',
  spicy: 'חריף',
  kosher_meat: 'כשר בשרי',
  kosher_dairy: 'כשר חלבי',
  kosher_parve: 'כשר פרווה',
};

/** A product photo in two widths (about 400 and 800 pixels, WebP): public paths under /uploads/products/. */
export interface ProductImage {
  small: string;
  large: string;
}

/** `GET /api/menu/{departmentId}`: a category as diners see it. */
export interface PublicCategory {
  id: number;
  name: string;
  order: number;
}

/** `GET /api/menu/{departmentId}`: an active product as diners see it. `price` is a decimal string ("12.50"). */
export interface PublicProduct {
  id: number;
  categoryId: number;
  name: string;
  description: string | null;
  price: string;
  image: ProductImage | null;
  tags: ProductTag[];
}

/** The public face of a business: never its phone, e-mail, ID number or bank details (DESIGN.md §6). */
export interface PublicBusiness {
  businessName: string;
  logo: string | null;
  departmentId: string;
}

/** `data` of `GET /api/menu/{departmentId}`. */
export interface PublicMenu {
  business: PublicBusiness;
  categories: PublicCategory[];
  products: PublicProduct[];
}

/** `GET /api/categories` and friends: a category of the signed-in owner's business. */
export interface OwnerCategory {
  id: number;
  name: string;
  order: number;
  /** ISO 8601. */
  createdAt: string;
}

/** `GET /api/products` and friends: a product of the signed-in owner's business, active or sold out. */
export interface OwnerProduct extends PublicProduct {
  isActive: boolean;
  /** ISO 8601. */
  createdAt: string;
}
