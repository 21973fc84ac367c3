// Where the menu comes from. On /menu/{id} the server puts it into the page (`#menu-data`), so the first render needs
// no request; a page without it (/order with the stored department, a later visit to the menu from the cart) asks
// GET /api/menu/{id}. `#menu-status` tells an unknown or paused business apart without a request either. A menu is in
// one language (decision 023): the page's is the one the server drew it in; another is asked with `?lang=`.
import type { PublicMenu } from './menu-types';
import { isDinerLanguage, type DinerLanguage } from '@tafrit/contracts/languages';
import { readInlineJson } from './inline-data';
import type { DinerRoute } from './paths';

export type MenuState =
  | { status: 'ok'; menu: PublicMenu }
  | { status: 'not_found' }
  | { status: 'unavailable'; businessName: string }
  | { status: 'error' };

function isMenu(value: unknown): value is PublicMenu {
  if (typeof value !== 'object' || value === null) return false;
  const menu = value as Record<string, unknown>;
  return (
    typeof menu.business === 'object' &&
    menu.business !== null &&
    Array.isArray(menu.categories) &&
    Array.isArray(menu.products)
  );
}

/**
 * The menu page opened at its readable address (issue 33): the server drew the menu of its department into the page,
 * and that department's id is the one the cart, the table and the order are kept under.
 */
export function atMenuAddress(route: DinerRoute): DinerRoute {
  if (route.page !== 'menu' || !route.departmentId) return route;
  const menu = readInlineJson('menu-data');
  const address = route.departmentId.toLowerCase();
  return isMenu(menu) && menu.business.menuAddress === address
    ? { ...route, departmentId: menu.business.departmentId }
    : route;
}

/** The language a menu's names are written in (its untranslated ones aside): absent is the owner's Hebrew. */
export const menuLanguage = (menu: PublicMenu): DinerLanguage => menu.language ?? 'he';

/** What the server put into the page for this department (its menu only in `language` when one is given), if anything. */
export function readInlineMenu(departmentId: string, language?: DinerLanguage): MenuState | undefined {
  const menu = readInlineJson('menu-data');
  if (isMenu(menu) && menu.business.departmentId === departmentId) {
    return language === undefined || menuLanguage(menu) === language ? { status: 'ok', menu } : undefined;
  }
  const state = readInlineJson('menu-status') as { status?: unknown; businessName?: unknown; departmentId?: unknown };
  if (state?.departmentId !== departmentId) return undefined;
  if (state.status === 'not_found') return { status: 'not_found' };
  if (state.status === 'unavailable' && typeof state.businessName === 'string')
    return { status: 'unavailable', businessName: state.businessName };
  return undefined;
}

/**
 * GET /api/menu/{id}?lang=: `{ success, data }` on success, 404 for an unknown department, 409 or 423 for a paused one.
 * Hebrew is asked without `lang` (the owner's menu as written, the server's quickest answer).
 */
export async function fetchMenu(
  departmentId: string,
  language: DinerLanguage,
  signal?: AbortSignal,
): Promise<MenuState> {
  const query = language === 'he' ? '' : `?lang=${language}`;
  try {
    const response = await fetch(`/api/menu/${encodeURIComponent(departmentId)}${query}`, {
      headers: { accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
    const body = (await response.json().catch(() => null)) as {
      data?: unknown;
      code?: string;
      fields?: Record<string, string>;
    } | null;
    if (response.ok && isMenu(body?.data)) return { status: 'ok', menu: body.data };
    if (response.status === 404) return { status: 'not_found' };
    const businessName = (body?.data as { businessName?: unknown } | undefined)?.businessName;
    if (typeof businessName === 'string') return { status: 'unavailable', businessName };
    return { status: 'error' };
  } catch {
    return { status: 'error' };
  }
}

/**
 * The business's name and logo the server put into a step's page (cart, checkout, thank-you: `#business-data`), for
 * the header without asking for the whole menu.
 */
export function readInlineBusiness(departmentId: string): PublicMenu['business'] | undefined {
  const business = readInlineJson('business-data') as Partial<PublicMenu['business']> | undefined;
  if (business?.departmentId !== departmentId || typeof business.businessName !== 'string') return undefined;
  return {
    departmentId,
    businessName: business.businessName,
    logo: typeof business.logo === 'string' ? business.logo : null,
    ...(Array.isArray(business.languages) ? { languages: business.languages.filter(isDinerLanguage) } : {}),
    ...paymentsOf(business.payments),
  };
}

/** The checkout's offers as the page carried them (issue 17): only three booleans pass. */
function paymentsOf(value: unknown): Pick<PublicMenu['business'], 'payments'> {
  const payments = value as Partial<Record<'tips' | 'bit' | 'googlePay', unknown>> | null | undefined;
  if (!payments || typeof payments !== 'object') return {};
  return {
    payments: { tips: payments.tips === true, bit: payments.bit === true, googlePay: payments.googlePay === true },
  };
}
