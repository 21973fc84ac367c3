// The diner's cart (product spec §3, §4): kept on the device per department as `cart_{departmentId}`, a list of
// { productId, name, price, quantity }, with `remarks_{departmentId}` and the table of the QR code. Pure functions for
// the rules, and a small store the screens subscribe to. Prices shown here are a preview: the server reprices.
import {
  cart as cartStorage,
  readString,
  remarks as remarksStorage,
  remove,
  storageKeys,
  writeString,
} from '@/lib/storage';
import { cartLineKey } from '@tafrit/contracts/option-pricing';
import { toStorableText, truncateCodePoints } from '@tafrit/contracts/text';
import { isDinerLanguage, type DinerLanguage } from '@tafrit/contracts/languages';
import { priceToAgorot, type Agorot } from './money';

/**
 * A chosen option as the line keeps it: the id is what the server is sent; the name, added price and `without` are
 * kept so the cart, checkout and thank-you pages (and the server drawing them from the cookie) can show the choice
 * without the menu.
 */
export interface CartOption {
  id: string;
  name: string;
  price: Agorot;
  without?: boolean;
  /** The language of `name` as the menu showed it (the owner's translation); absent: Hebrew. */
  lang?: DinerLanguage;
}

export interface CartLine {
  productId: number;
  name: string;
  /** One unit with its options, as the menu gave it ("12.50"); a number on devices that stored one. */
  price: string | number;
  quantity: number;
  /** The choices of the product's sheet, in the product's order; absent for a product without options. */
  options?: CartOption[];
  /**
   * The language of `name` as the menu showed it (decision 023): the line keeps the name it was added with, so the
   * cart and checkout mark it in its own language whatever the page's is now. Absent: Hebrew (and every older cart).
   */
  lang?: DinerLanguage;
}

/** `{ lang }` for a name in another language than Hebrew, nothing for Hebrew (a line stores no default). */
export const langOf = (lang: unknown): { lang?: DinerLanguage } =>
  typeof lang === 'string' && lang !== 'he' && isDinerLanguage(lang) ? { lang } : {};
const isLang = (lang: unknown) => lang === undefined || (typeof lang === 'string' && isDinerLanguage(lang));

/** Lines are one per product and set of choices (contracts' cartLineKey): the same coffee with oat milk is another. */
export const lineKey = (line: Pick<CartLine, 'productId' | 'options'>): string =>
  cartLineKey(line.productId, line.options?.map((option) => option.id) ?? []);

const MAX_LINE_OPTIONS = 60;
const OPTION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isOption(value: unknown): value is CartOption {
  if (typeof value !== 'object' || value === null) return false;
  const option = value as Record<string, unknown>;
  return (
    typeof option.id === 'string' &&
    OPTION_ID.test(option.id) &&
    typeof option.name === 'string' &&
    option.name.length <= 100 &&
    typeof option.price === 'number' &&
    Number.isSafeInteger(option.price) &&
    option.price >= 0 &&
    (option.without === undefined || typeof option.without === 'boolean') &&
    isLang(option.lang)
  );
}

function areOptions(value: unknown): value is CartOption[] | undefined {
  if (value === undefined) return true;
  if (!Array.isArray(value) || value.length > MAX_LINE_OPTIONS || !value.every(isOption)) return false;
  return new Set(value.map((option) => option.id)).size === value.length;
}

export const MAX_QUANTITY = 99;
export const MAX_REMARKS = 500;

export const tableKey = (departmentId: string) => `table_${departmentId}`;

function isLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.productId === 'number' &&
    Number.isSafeInteger(line.productId) &&
    typeof line.name === 'string' &&
    (typeof line.price === 'string' || typeof line.price === 'number') &&
    priceToAgorot(line.price) !== null &&
    typeof line.quantity === 'number' &&
    Number.isInteger(line.quantity) &&
    line.quantity >= 1 &&
    areOptions(line.options) &&
    isLang(line.lang)
  );
}

/** A line of only the known fields (an option list only when there are choices). */
function cleanLine({ productId, name, price, quantity, options, lang }: CartLine): CartLine {
  const line: CartLine = { productId, name, price, quantity: Math.min(quantity, MAX_QUANTITY), ...langOf(lang) };
  if (options && options.length > 0) {
    line.options = options.map(({ id, name, price, without, lang }) => ({
      id,
      name,
      price,
      ...(without ? { without } : {}),
      ...langOf(lang),
    }));
  }
  return line;
}

/** The stored lines; anything unreadable is dropped, quantities are kept within 1-99, one line per product and choice. */
export function loadCart(departmentId: string): CartLine[] {
  const lines: CartLine[] = [];
  for (const value of cartStorage.get<unknown>(departmentId)) {
    if (!isLine(value) || lines.some((line) => lineKey(line) === lineKey(value))) continue;
    lines.push(cleanLine(value));
  }
  return lines;
}

export function saveCart(departmentId: string, lines: readonly CartLine[]): void {
  if (lines.length === 0) cartStorage.clear(departmentId);
  else cartStorage.set(departmentId, lines);
  writeCartCookie(departmentId, lines);
}

// The cart's copy in a cookie, for the server: with it, the cart, checkout and thank-you pages come drawn with their
// lines (server.tsx), as the menu does, instead of waiting for the app. The device's storage stays the cart; the
// cookie follows every change, and a page the server drew is hydrated from the very same cookie (main.tsx, app.tsx).

/** The cookie of a department's cart: `cart_{departmentId}` (a department id is letters, digits, `_` and `-`). */
export const cartCookieName = (departmentId: string) => `cart_${departmentId}`;
/** Beyond this (a very long order) no cookie is kept: the pages are then drawn by the app, as without one. */
const MAX_COOKIE_VALUE = 3000;
const MAX_COOKIE_LINES = 60;

// A line's choices travel with their names and prices (`[id, name, agorot, 1 if "without"]`), not as ids alone: the
// server draws the step with the business's header only (DinerPages.stepPage gives the renderer no menu), and asking
// it for the menu would put the menu's build on the path of every private cart page. Names cost a few dozen bytes per
// choice, well within the cookie's limit for a usual order; a longer order gets no cookie, as before.

/**
 * The lines as the cookie's value: base64url of `[[productId, quantity, price, name, options?, lang?], ...]` (options
 * null when a line in another language has none; an option `[id, name, agorot, without, lang?]`); undefined if too long.
 */
export function encodeCartCookie(lines: readonly CartLine[]): string | undefined {
  const json = JSON.stringify(
    lines.map((line) => {
      const entry: unknown[] = [line.productId, line.quantity, String(line.price), line.name];
      const options = line.options && line.options.length > 0 ? line.options : undefined;
      if (options || line.lang) {
        entry.push(
          options?.map((option) => [
            option.id,
            option.name,
            option.price,
            option.without ? 1 : 0,
            ...(option.lang ? [option.lang] : []),
          ]) ?? null,
        );
      }
      if (line.lang) entry.push(line.lang);
      return entry;
    }),
  );
  let binary = '';
  for (const byte of new TextEncoder().encode(json)) binary += String.fromCharCode(byte);
  const value = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return value.length <= MAX_COOKIE_VALUE && lines.length <= MAX_COOKIE_LINES ? value : undefined;
}

/**
 * The lines of a cookie's value, each checked as a stored cart's; undefined when anything in it is not a cart. A line
 * whose choices are not valid (an id that is no option id, a repeated one) is dropped alone: the rest is still the cart.
 */
export function decodeCartCookie(value: string): CartLine[] | undefined {
  if (value.length === 0 || value.length > MAX_COOKIE_VALUE || !/^[A-Za-z0-9_-]+$/.test(value)) return undefined;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const entries = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
    if (!Array.isArray(entries) || entries.length === 0 || entries.length > MAX_COOKIE_LINES) return undefined;
    const lines: CartLine[] = [];
    for (const entry of entries) {
      if (!Array.isArray(entry) || entry.length < 4 || entry.length > 6) return undefined;
      const [productId, quantity, price, name, chosen, lang] = entry as unknown[];
      const line = { productId, name, price, quantity, ...(lang === undefined ? {} : { lang }) };
      if (!isLine(line) || typeof name !== 'string' || name.length > 200 || line.quantity > MAX_QUANTITY)
        return undefined;
      const options = optionsOfCookie(chosen);
      if (options === null) continue;
      const full = cleanLine({ ...line, options });
      if (lines.some((other) => lineKey(other) === lineKey(full))) return undefined;
      lines.push(full);
    }
    return lines;
  } catch {
    return undefined;
  }
}

/** A cookie line's choices (undefined when it has none), or null when they are not valid choices. */
function optionsOfCookie(chosen: unknown): CartOption[] | undefined | null {
  if (chosen === undefined || chosen === null) return undefined;
  if (!Array.isArray(chosen) || chosen.length === 0) return null;
  const options = chosen.map((entry: unknown) => {
    if (!Array.isArray(entry) || entry.length < 4 || entry.length > 5) return null;
    const [id, name, price, without, lang] = entry as unknown[];
    if (without !== 0 && without !== 1) return null;
    return { id, name, price, without: without === 1, ...(lang === undefined ? {} : { lang }) };
  });
  return areOptions(options) ? options : null;
}

/** The department's cart in a `Cookie` header (the server's, or `document.cookie`). */
export function cartFromCookies(cookies: string | undefined, departmentId: string): CartLine[] | undefined {
  const name = `${cartCookieName(departmentId)}=`;
  for (const part of (cookies ?? '').split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(name)) return decodeCartCookie(cookie.slice(name.length));
  }
  return undefined;
}

function writeCartCookie(departmentId: string, lines: readonly CartLine[]): void {
  if (typeof document === 'undefined') return;
  const value = lines.length > 0 ? encodeCartCookie(lines) : undefined;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    value === undefined
      ? `${cartCookieName(departmentId)}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${cartCookieName(departmentId)}=${value}; Path=/; Max-Age=${7 * 24 * 3600}; SameSite=Lax${secure}`;
}

/**
 * Adding increments the line's quantity or adds a line (at most 99 of one product); a product without options, its
 * name in `lang` (the menu's, or Hebrew when it has no translation).
 */
export function addOne(
  lines: readonly CartLine[],
  product: { id: number; name: string; price: string },
  lang: DinerLanguage = 'he',
): CartLine[] {
  return addLine(lines, { productId: product.id, name: product.name, price: product.price, quantity: 1, lang });
}

/** The sheet's line joins the same product with the same choices (quantities added, at most 99), or is a new line. */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const key = lineKey(line);
  const existing = lines.find((other) => lineKey(other) === key);
  if (!existing) return [...lines, cleanLine(line)];
  return setQuantity(lines, key, existing.quantity + line.quantity);
}

/**
 * An edited line (the sheet reopened from the cart) takes the place of the line it was; when its new choices are those
 * of another line, the two become one, where that other line was.
 */
export function replaceLine(lines: readonly CartLine[], key: string, line: CartLine): CartLine[] {
  const newKey = lineKey(line);
  if (newKey === key || !lines.some((other) => lineKey(other) === newKey)) {
    return lines.map((other) => (lineKey(other) === key ? cleanLine(line) : other));
  }
  return addLine(
    lines.filter((other) => lineKey(other) !== key),
    line,
  );
}

/** Minus on the menu: one less, and the line goes at zero (the product's line without options). */
export function removeOne(lines: readonly CartLine[], productId: number): CartLine[] {
  const key = cartLineKey(productId);
  const existing = lines.find((line) => lineKey(line) === key);
  return existing ? setQuantity(lines, key, existing.quantity - 1) : [...lines];
}

/**
 * The cart page sets an exact quantity of a line (its lineKey; a product id names its line without options): 0
 * removes the line, above 99 is 99, anything not a whole number is ignored.
 */
export function setQuantity(lines: readonly CartLine[], key: string | number, quantity: number): CartLine[] {
  if (!Number.isInteger(quantity)) return [...lines];
  const target = String(key);
  if (quantity <= 0) return lines.filter((line) => lineKey(line) !== target);
  const capped = Math.min(quantity, MAX_QUANTITY);
  return lines.map((line) => (lineKey(line) === target ? { ...line, quantity: capped } : line));
}

export function itemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function lineTotal(line: CartLine): Agorot {
  return (priceToAgorot(line.price) ?? 0) * line.quantity;
}

export function cartTotal(lines: readonly CartLine[]): Agorot {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** How many of a product the cart holds, all its choices together. */
export function quantityOf(lines: readonly CartLine[], productId: number): number {
  return lines.reduce((sum, line) => (line.productId === productId ? sum + line.quantity : sum), 0);
}

// Remarks are limited in characters as people count them (code points, as the server counts them): an emoji is one
// character, and a cut never leaves half of one, which the server refuses as text it cannot store.
export function loadRemarks(departmentId: string): string {
  return truncateCodePoints(toStorableText(remarksStorage.get(departmentId)), MAX_REMARKS);
}

export function saveRemarks(departmentId: string, text: string): void {
  const value = truncateCodePoints(toStorableText(text), MAX_REMARKS);
  if (value) remarksStorage.set(departmentId, value);
  else remarksStorage.clear(departmentId);
}

export function loadTable(departmentId: string): string | undefined {
  return readString(tableKey(departmentId)) || undefined;
}

export function saveTable(departmentId: string, table: string): void {
  writeString(tableKey(departmentId), table);
}

export function clearTable(departmentId: string): void {
  remove(tableKey(departmentId));
}

export interface CartStore {
  getLines(): CartLine[];
  subscribe(listener: () => void): () => void;
  update(change: (lines: readonly CartLine[]) => CartLine[]): CartLine[];
}

/**
 * One department's cart, kept in step with the device: every change is stored at once (a reload keeps the cart), and
 * a change made in another tab of the same menu shows here too. While nobody watches, a read checks the device first
 * (one getItem): a screen that mounts later must not start from lines another tab or a test has since replaced.
 */
export function createCartStore(departmentId: string): CartStore {
  const key = storageKeys.cart(departmentId);
  let stored = readString(key);
  let lines = loadCart(departmentId);
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  /** Re-reads the device when it holds something else than what the lines came from; same lines otherwise. */
  const refresh = (): boolean => {
    const now = readString(key);
    if (now === stored) return false;
    stored = now;
    lines = loadCart(departmentId);
    return true;
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== key) return;
    if (refresh()) emit();
  };
  return {
    getLines: () => {
      if (listeners.size === 0) refresh();
      return lines;
    },
    subscribe(listener) {
      if (listeners.size === 0) {
        // Nobody watched while the device may have changed (another tab, a test): start from what it holds.
        refresh();
        globalThis.addEventListener?.('storage', onStorage);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) globalThis.removeEventListener?.('storage', onStorage);
      };
    },
    update(change) {
      lines = change(lines);
      saveCart(departmentId, lines);
      stored = readString(key);
      emit();
      return lines;
    },
  };
}
