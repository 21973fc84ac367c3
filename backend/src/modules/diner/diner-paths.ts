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

const ORDER_STEP = /^\/(?:cart|checkout|shopping-cart|shoppingcart|thank-you|thankyou)(?:\/([^/]+))?\/?$/;

/**
 * The steps after the menu (cart, checkout, thank-you), which the diner's app draws from what the device holds: the
 * department their path names (`/cart/{id}`), `undefined` when it names none (the app uses the stored one), `null`
 * for a malformed one. Not a step: `undefined` as a whole.
 */
export function orderStepOfPage(path: string): { department: string | null | undefined } | undefined {
  const step = ORDER_STEP.exec(path);
  if (!step) return undefined;
  if (step[1] === undefined) return { department: undefined };
  let id: string;
  try {
    id = decodeURIComponent(step[1]);
  } catch {
    return { department: null };
  }
  return { department: DEPARTMENT_ID.test(id) ? id : null };
}
