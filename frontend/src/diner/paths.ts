// The diner's pages (product spec §2) and where their department comes from, without a router: a QR-code scan must
// download React and this app, nothing more. The server sends diner.html for exactly these paths.
import { parseDepartmentId } from '@/lib/department';

export type DinerPage = 'menu' | 'cart' | 'checkout' | 'thank-you';

export type DinerRoute =
  | {
      page: DinerPage;
      /** Undefined when none is known, or when the path names a malformed one (a not-found menu, never another's). */
      departmentId: string | undefined;
      /** `?table=4` on the menu's address: kept with the cart. */
      table: string | undefined;
      /** `?key=` beside the table: the shared table's secret from its poster (issue 34). */
      key?: string | undefined;
    }
  | { page: 'not-found' };

const PAGES: Record<string, DinerPage> = {
  menu: 'menu',
  order: 'menu',
  cart: 'cart',
  checkout: 'checkout',
  'shopping-cart': 'checkout',
  shoppingcart: 'checkout',
  'thank-you': 'thank-you',
  thankyou: 'thank-you',
};

/** Pages that may carry the department in the path (`/cart/demo`); the others take it from the query or device. */
const WITH_ID = new Set(['menu', 'cart', 'checkout', 'shopping-cart', 'thank-you']);
/** `/menu` alone is the owner's menu management (the main app), so the diner's menu needs an id there. */
const ID_REQUIRED = new Set(['menu']);

const TABLE = /^[A-Za-z0-9\u0590-\u05FF-]{1,10}$/;

/** The table's secret as the poster carries it (contracts' TABLE_KEY), else nothing. */
const TABLE_SECRET = /^[A-Za-z0-9_-]{16}$/;

export function parseTableSecret(value: string | null | undefined): string | undefined {
  return value && TABLE_SECRET.test(value) ? value : undefined;
}

export function parseTable(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  return text && TABLE.test(text) ? text : undefined;
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * `/menu/{id}`, `/order`, `/cart[/{id}]`, `/checkout[/{id}]`, `/shopping-cart[/{id}]`, `/shoppingcart`,
 * `/thank-you[/{id}]`, `/thankyou`. Without an id in the path the department is `?departmentId=`, else the one stored.
 */
export function parseDinerPath(pathname: string, search: string, storedDepartmentId: string | null): DinerRoute {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  const [name = '', id, ...rest] = segments;
  const page = Object.hasOwn(PAGES, name) ? PAGES[name] : undefined;
  if (!page || rest.length > 0) return { page: 'not-found' };
  const query = new URLSearchParams(search);
  const table = parseTable(query.get('table'));
  const key = table ? parseTableSecret(query.get('key')) : undefined;
  const shared = key ? { key } : {};
  if (id !== undefined) {
    if (!WITH_ID.has(name)) return { page: 'not-found' };
    const decoded = decode(id);
    return { page, departmentId: decoded === undefined ? undefined : parseDepartmentId(decoded), table, ...shared };
  }
  if (ID_REQUIRED.has(name)) return { page: 'not-found' };
  const departmentId =
    parseDepartmentId(query.get('departmentId') ?? undefined) ?? parseDepartmentId(storedDepartmentId);
  return { page, departmentId, table, ...shared };
}

/** The address of a diner page of a department. */
export function dinerHref(page: DinerPage, departmentId: string | undefined): string {
  const id = departmentId ? `/${encodeURIComponent(departmentId)}` : '';
  if (page === 'menu') return departmentId ? `/menu${id}` : '/order';
  return `/${page}${id}`;
}
