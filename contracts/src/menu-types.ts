// The menu's shapes as plain types and constants, with no zod: the diner's page imports them (`import type`) and the
// tag labels without pulling a validator into its bundle. The request schemas live in http/menu.schemas.ts.
import type { DinerLanguage } from './languages.js';
import type { PublicOrderAhead } from './order-ahead.js';

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
  he?: HebrewFallback;
}

/**
 * In a menu asked for in another language (`?lang=ar|en|ru`, decision 023): the item's texts that have no translation
 * and are answered in Hebrew, so the diner marks exactly those `lang="he"`. Absent when every text is translated, and
 * always absent in a Hebrew menu.
 */
export type HebrewFallback = ('name' | 'description')[];

/**
 * `GET /api/menu/{departmentId}`: one option of a group as diners see it. `price` is the added price, a decimal string
 * like the product's ("2.00", "0.00" for a free choice such as "בלי בצל"); `available` is false while it is sold out.
 */
export interface PublicOption {
  id: string;
  name: string;
  price: string;
  available: boolean;
  /** Chosen in the diner's sheet when it opens: a convenience of the sheet, never a server rule. */
  isDefault: boolean;
  he?: HebrewFallback;
}

/**
 * `GET /api/menu/{departmentId}`: an option group on a product (issue 16's contract): the diner picks at least
 * `minChoices` and at most `maxChoices` of its options (`minChoices` 0 is optional, `maxChoices` 1 is a single choice).
 * `without` marks a group of "without" choices (free, shown apart on the kitchen's slip).
 */
export interface PublicOptionGroup {
  id: string;
  name: string;
  minChoices: number;
  maxChoices: number;
  without: boolean;
  options: PublicOption[];
  he?: HebrewFallback;
}

/** The fields of a product that diners and owners both see. */
export interface ProductBase {
  id: number;
  categoryId: number;
  name: string;
  description: string | null;
  price: string;
  image: ProductImage | null;
  tags: ProductTag[];
}

/** `GET /api/menu/{departmentId}`: a product as diners see it. `price` is a decimal string ("12.50"). */
export interface PublicProduct extends ProductBase {
  /** The product's option groups in the owner's order (empty when it has none). */
  optionGroups: PublicOptionGroup[];
  he?: HebrewFallback;
  /** Sold out for today (the owner's switch): the diner sees it, marked, and cannot add it. Absent: orderable. */
  soldOut?: true;
}

/** The public face of a business: never its phone, e-mail, ID number or bank details (DESIGN.md §6). */
export interface PublicBusiness {
  businessName: string;
  logo: string | null;
  departmentId: string;
  /** The languages the business offers its diners, Hebrew first (decision 023); absent: all of them. */
  languages?: DinerLanguage[];
  /** What the checkout offers beside a card (issue 17): the tip, Bit, Google Pay; absent: nothing. */
  payments?: { tips: boolean; bit: boolean; googlePay: boolean };
  /** The readable address the owner chose (`/menu/{menuAddress}`, issue 33); absent: only the random one. */
  menuAddress?: string;
  /** The owner's line for link previews (issue 33); absent: the first categories' names are used. */
  shareLine?: string;
}

/** Why ordering is closed (decision 028): outside the day's hours, a closed date, Shabbat, a holiday, a live pause. */
export type OrderingClosedReason = 'hours' | 'closed_day' | 'shabbat' | 'holiday' | 'paused';

/** Whether a diner may order now, why not (null while open), and when it opens next (ISO, or null: unknown). */
export interface OrderingState {
  open: boolean;
  reason: OrderingClosedReason | null;
  opensAt: string | null;
}

/** `data` of `GET /api/menu/{departmentId}`. */
export interface PublicMenu {
  /** The language asked for (`?lang=ar|en|ru`); absent: the menu as the owner wrote it, in Hebrew. */
  language?: 'ar' | 'en' | 'ru';
  business: PublicBusiness;
  categories: PublicCategory[];
  products: PublicProduct[];
  /** Whether ordering is open at the moment of the answer (browsing always is). */
  ordering: OrderingState;
  /** Order ahead (issue 33): absent, or `enabled: false`, where the café takes no pickup orders ahead. */
  orderAhead?: PublicOrderAhead;
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
export interface OwnerProduct extends ProductBase {
  isActive: boolean;
  /** ISO 8601. */
  createdAt: string;
  /** The ids of the option groups attached to it, in the order diners see them. */
  optionGroupIds: string[];
}

/** `GET /api/option-groups` and friends: an option of one of the owner's groups. */
export interface OwnerOption {
  id: string;
  name: string;
  /** The added price, a decimal string in shekels ("2.00"); kept in agorot. */
  price: string;
  available: boolean;
  isDefault: boolean;
}

/** `GET /api/option-groups` and friends: an option group of the signed-in owner's business, shared by products. */
export interface OwnerOptionGroup {
  id: string;
  name: string;
  minChoices: number;
  maxChoices: number;
  without: boolean;
  options: OwnerOption[];
  /** The products it is attached to (ascending ids). */
  productIds: number[];
}
