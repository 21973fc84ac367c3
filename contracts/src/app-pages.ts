// The pages of the main single-page app (frontend/src/routes), for the server: it answers them 200 and every other
// page address 404 while still sending the app, which shows its own not-found page. Without the list the server
// answered 200 for any address, so link checkers and crawlers took a mistyped address for a page. The front end's
// router test keeps this list equal to its routes. The diner's pages (/menu/{id}, /cart, ...) are judged by the
// diner module on the server.
export const APP_PAGE_PATHS: readonly string[] = [
  '/',
  '/accessibility',
  '/terms-conditions',
  '/login',
  '/registration',
  '/success',
  '/menu',
  '/menu-management',
  '/orders',
  '/reports',
  // The accountant's files (issue 32).
  '/bookkeeping',
  '/numbers',
  '/settings',
  // The café's team (issue 31): the owner's team page, a member's own page, a kitchen screen's pairing.
  '/team',
  '/account',
  '/screen',
  '/activity',
  '/promo-codes',
  '/admin',
  '/admin-login',
  '/admin-dashboard',
];

const pages = new Set(APP_PAGE_PATHS);

/** Whether a path (no query) is one of the app's pages; trailing slashes and letter case do not matter to the router. */
export function isAppPagePath(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return pages.has((trimmed || '/').toLowerCase());
}
