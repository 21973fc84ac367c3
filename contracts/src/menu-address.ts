// A café's readable menu address (`/menu/cafe-hagefen`, issue 33) and where an order came from (a table's code, the
// window poster, a shared link). Plain functions without a schema library: the diner's page imports them and its
// bundle carries no zod (the schemas are in http/share.schemas.ts).

/** Shortest and longest readable address. */
export const MENU_ADDRESS_LIMITS = { min: 3, max: 40 } as const;

/**
 * The random department ids are 16 characters of base64url (`randomBytes(12)`, accounts' `newDepartmentId`). A
 * readable address is never 16 characters long, so a path segment of 16 characters is always a department id and the
 * two kinds of address can never be mistaken for each other, whatever the random bytes gave.
 */
export const RANDOM_DEPARTMENT_ID_LENGTH = 16;

/**
 * Words the product's own addresses use or may use (pages, the API, files), the diner's steps, and the demo café's
 * fixed department id: never a café's address.
 */
export const RESERVED_MENU_ADDRESSES: readonly string[] = [
  'api',
  'admin',
  'admin-login',
  'admin-dashboard',
  'assets',
  'static',
  'uploads',
  'public',
  'menu',
  'menu-management',
  'order',
  'orders',
  'cart',
  'checkout',
  'shopping-cart',
  'shoppingcart',
  'thank-you',
  'thankyou',
  'pay',
  'payment',
  'sandbox',
  'login',
  'logout',
  'registration',
  'register',
  'settings',
  'reports',
  'bookkeeping',
  'team',
  'account',
  'screen',
  'activity',
  'success',
  'demo',
  'health',
  'socket-io',
  'www',
  'app',
  'help',
  'support',
  'terms',
  'terms-conditions',
  'privacy',
  'accessibility',
  'index',
  'robots',
  'sitemap',
  'favicon',
  'manifest',
  'null',
  'undefined',
  'new',
  'edit',
  'tafrit',
];
const reserved = new Set(RESERVED_MENU_ADDRESSES);

/** Lower-case Latin letters and digits in words joined by single dashes. */
const ADDRESS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type MenuAddressProblem = 'length' | 'characters' | 'needs_dash' | 'random_shape' | 'reserved';

/** What an owner typed, as the address is kept: trimmed and in lower case. */
export const normalizeMenuAddress = (value: string): string => value.trim().toLowerCase();

/**
 * Why a (normalised) readable address is refused, or undefined when it is fine: 3 to 40 characters of `a-z`, `0-9`
 * and single dashes between them; with a dash, or shorter than 16 characters (so it reads as words, not as a code);
 * never exactly 16 (the random ids' length); not a reserved word.
 */
export function menuAddressProblem(address: string): MenuAddressProblem | undefined {
  if (address.length < MENU_ADDRESS_LIMITS.min || address.length > MENU_ADDRESS_LIMITS.max) return 'length';
  if (!ADDRESS.test(address)) return 'characters';
  if (address.length === RANDOM_DEPARTMENT_ID_LENGTH) return 'random_shape';
  if (!address.includes('-') && address.length >= RANDOM_DEPARTMENT_ID_LENGTH) return 'needs_dash';
  if (reserved.has(address)) return 'reserved';
  return undefined;
}

/** Whether a path segment may be a readable address at all (the server looks up no other). */
export const isMenuAddress = (address: string): boolean => menuAddressProblem(address) === undefined;

/** Where an order came from: a table's QR code, the window poster's, or a shared address (`?src=` its tag). */
export const ORDER_SOURCE_CHANNELS = ['table', 'window', 'link'] as const;
export type OrderSourceChannel = (typeof ORDER_SOURCE_CHANNELS)[number];
export interface OrderSource {
  channel: OrderSourceChannel;
  tag?: string;
}

/** A `?src=` tag as kept: 1 to 32 characters of lower-case letters, digits, `_` and `-`. */
export const SOURCE_TAG = /^[a-z0-9_-]{1,32}$/;
/** The window poster's `?src=`. */
export const WINDOW_SOURCE = 'window';

/**
 * Where a visit to the menu's address came from, read from its query: the table's code carries `?table=`, the window
 * poster `?src=window`, a shared address may carry `?src=TAG` (a tag that is not one is dropped: still a link).
 * Undefined when the query says nothing (the diner moved back to the menu: the source seen first stays).
 */
export function sourceOfVisit(query: { table?: string | null; src?: string | null }): OrderSource | undefined {
  if (query.table) return { channel: 'table' };
  if (query.src === undefined || query.src === null) return undefined;
  const tag = query.src.trim().toLowerCase();
  if (tag === WINDOW_SOURCE) return { channel: 'window' };
  return SOURCE_TAG.test(tag) ? { channel: 'link', tag } : { channel: 'link' };
}

/** How the reports name each channel (the owner's screen and the CSV). */
export const orderSourceLabelsHe: Readonly<Record<OrderSourceChannel, string>> = {
  table: 'QR בשולחן',
  window: 'פוסטר בחלון',
  link: 'קישור משותף',
};
/** An order placed before sources were recorded, or whose page did not say. */
export const UNKNOWN_SOURCE_HE = 'לא ידוע';
