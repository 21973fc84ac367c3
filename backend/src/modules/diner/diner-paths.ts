// The paths the diner's page answers (product spec §2), as frontend/src/diner/paths.ts reads them. `/menu` alone is
// the owner's menu management, in the main app.

const DEPARTMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const DINER_PATH =
  /^\/(?:menu\/[^/]+|order|cart(?:\/[^/]+)?|checkout(?:\/[^/]+)?|shopping-cart(?:\/[^/]+)?|shoppingcart|thank-you(?:\/[^/]+)?|thankyou)\/?$/;
const MENU_PAGE = /^\/menu\/([^/]+)\/?$/;

export function isDinerPath(path: string): boolean {
  return DINER_PATH.test(path);
}

/**
 * The department whose menu a page shows, when the server can tell: `/menu/{id}` and `/order?departmentId={id}`.
 * `null` means the page names a department that cannot exist (a malformed id in the path); `undefined` means the
 * page is not a menu page, or names none (`/order` alone uses the one stored on the device).
 */
export function departmentOfPage(url: string): string | null | undefined {
  const [path = '/', query = ''] = url.split('?', 2);
  const menu = MENU_PAGE.exec(path);
  if (menu?.[1] !== undefined) {
    let id: string;
    try {
      id = decodeURIComponent(menu[1]);
    } catch {
      return null;
    }
    return DEPARTMENT_ID.test(id) ? id : null;
  }
  if (path === '/order' || path === '/order/') {
    const id = new URLSearchParams(query).get('departmentId');
    // A malformed query value is ignored by the app too (it falls back to the stored department): not a 404.
    return id !== null && DEPARTMENT_ID.test(id) ? id : undefined;
  }
  return undefined;
}

const ORDER_STEP = /^\/(cart|checkout|shopping-cart|shoppingcart|thank-you|thankyou)(?:\/([^/]+))?\/?$/;
const STEP_OF: Record<string, OrderStep> = {
  cart: 'cart',
  checkout: 'checkout',
  'shopping-cart': 'checkout',
  shoppingcart: 'checkout',
  'thank-you': 'thank-you',
  thankyou: 'thank-you',
};

export type OrderStep = 'cart' | 'checkout' | 'thank-you';

/**
 * The steps after the menu (cart, checkout, thank-you), which the diner's app draws from what the device holds: the
 * department their path names (`/cart/{id}`), `undefined` when it names none (the app uses the stored one), `null`
 * for a malformed one. Not a step: `undefined` as a whole.
 */
export function orderStepOfPage(path: string): { page: OrderStep; department: string | null | undefined } | undefined {
  const match = ORDER_STEP.exec(path);
  const page = match?.[1] === undefined ? undefined : STEP_OF[match[1]];
  if (!match || !page) return undefined;
  if (match[2] === undefined) return { page, department: undefined };
  let id: string;
  try {
    id = decodeURIComponent(match[2]);
  } catch {
    return { page, department: null };
  }
  return { page, department: DEPARTMENT_ID.test(id) ? id : null };
}
