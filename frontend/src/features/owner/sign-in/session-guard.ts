// beforeLoad of the business owner's pages. The route files load this module on demand, so the entry chunk that every
// diner downloads holds only the import() call; the code travels in the owner chunk with the screens.
import { ROLE_HOME, roleMay, type Permission, type Role } from '@tafrit/contracts/roles';
import { redirect } from '@tanstack/react-router';
import { currentRole, hasOwnerSession, sessionMember, takeImpersonationFromHash } from './handover';

export interface GuardLocation {
  pathname: string;
  searchStr: string;
  hash: string;
}

/**
 * What each console page needs of the role (issue 31): the screens hide what a role cannot do, the server decides.
 * A page missing here is the owner's alone, so a new page is closed to the team until it says otherwise.
 */
export const CONSOLE_PAGE_PERMISSIONS: Readonly<Record<string, Permission | readonly Permission[]>> = {
  '/orders': 'orders.live',
  '/menu': 'menu.read',
  '/menu-management': 'menu.read',
  '/reports': 'reports.read',
  // What sells (issue 33): whoever reads the reports.
  '/numbers': 'reports.read',
  // The accountant's files (issue 32): whoever reads the reports; not the kitchen.
  '/bookkeeping': 'reports.read',
  // A manager's settings; the kitchen and the accountant have none.
  '/settings': 'settings.read',
  '/team': 'team.manage',
  // Who did what: the owner's, as the team itself.
  '/activity': 'team.manage',
  '/account': 'self',
  // Promo codes (issue 33): prices are the menu editor's.
  '/promo-codes': 'menu.edit',
};

/** Whether `role` may open the console page at `pathname` (any of its permissions will do). */
export function roleMayOpen(role: Role, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const needed = CONSOLE_PAGE_PERMISSIONS[path] ?? 'team.manage';
  return (typeof needed === 'string' ? [needed] : needed).some((permission) => roleMay(role, permission));
}

/**
 * 1. An administrator's hand-over in the fragment is stored, then the same page is loaded again without it (a
 *    replace: the token never stays in the history).
 * 2. Without a business session, the page is /login (a kitchen screen's, /screen: it has no phone to sign in with).
 * 3. A page the role may not open sends it to its own first page (the kitchen's live orders, the reports).
 * None of it in the build's render, which has no device.
 */
export function requireOwnerSession(location: GuardLocation): void {
  // The build renders the console's frame and first screen with no device (scripts/prerender.mjs): nothing of a
  // session is in that HTML, and the browser runs this guard before it takes the HTML over (main.tsx).
  if (typeof window === 'undefined') return;
  if (takeImpersonationFromHash(location.hash)) {
    throw redirect({ href: `${location.pathname}${location.searchStr}`, replace: true });
  }
  if (!hasOwnerSession()) throw redirect({ to: signInPage(), replace: true });
  const role = currentRole();
  if (!roleMayOpen(role, location.pathname)) throw redirect({ to: ROLE_HOME[role], replace: true });
}

/** Where this device signs in again: a paired screen by a new code, anyone else by their phone. */
export function signInPage(): '/login' | '/screen' {
  return sessionMember.get()?.kind === 'screen' ? '/screen' : '/login';
}
