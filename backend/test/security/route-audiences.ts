import type { Permission } from '@tafrit/contracts';

/**
 * Who may call each API route. The security specs compare this table with the routes the running app registered
 * (registered-routes.ts), so a route added without a line here fails them until someone decides who may call it.
 *
 * - `owner`: OwnerGuard, a token of the business (its owner, a team member or a paired screen; an administrator's
 *   impersonation token is one), whose role must hold the route's permission (issue 31): the permission named here
 *   is what the route's `@Permission` must say (route-permissions.spec.ts), so changing who may call a route is a
 *   change of this table too;
 * - `admin`: AdminGuard, an administrator's token, never an owner's;
 * - `agent`: the printing agent's own credential (`Agent id:secret`), never a bearer token;
 * - `open`: no bearer token needed, for the reason given (the caller proves itself otherwise, or the data is public);
 * - `operator`: the operator's own token from the configuration (`METRICS_TOKEN`), never a person's (decision 059).
 */
export type Audience = 'owner' | 'admin' | 'agent' | 'open' | 'operator';

export interface RouteAccess {
  audience: Audience;
  /** Why an `open` route needs no token. */
  reason?: string;
  /** What an `owner` route's caller's role must include (`ROLE_PERMISSIONS` in the contracts). */
  permission?: Permission;
}

const owner = (permission: Permission): RouteAccess => ({ audience: 'owner', permission });
const admin: RouteAccess = { audience: 'admin' };
const agent: RouteAccess = { audience: 'agent' };
const open = (reason: string): RouteAccess => ({ audience: 'open', reason });

export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  'GET /api/health/database': open('health check for load balancers; says nothing about any business'),
  // A load balancer's two questions (decision 059): whether the process serves, and whether to send it traffic.
  'GET /api/health/live': open('liveness for load balancers; says nothing about any business'),
  'GET /api/health/ready': open('readiness for load balancers: the database answers and the start is done'),
  'POST /api/register': open('sign-up'),
  'POST /api/send-otp': open('sign-in: answers the same for every phone'),
  'POST /api/verify-otp': open('sign-in: the one-time code is the proof'),
  'POST /api/auth/refresh': open('the HttpOnly refresh cookie is the proof'),
  'POST /api/auth/logout': open('ends whatever cookie or token came; always succeeds'),
  'POST /api/admin/send-otp': open('administrator sign-in'),
  'POST /api/admin/verify-otp': open('administrator sign-in: the one-time code is the proof'),
  'POST /api/cardcom/create-payment': open("the diner's checkout; prices come from the menu, never the client"),
  'POST /api/cardcom/webhook': open("the provider's call; its result is asked back from the provider"),
  'POST /api/contact': open('the public contact form'),
  'GET /api/terms': open('the published terms of use'),
  'GET /api/menu/:departmentId': open('the public menu a QR code points to; misses are rate-limited'),
  // The shared table (issue 34, decision 055): the poster's key is the proof; every refusal is one 404.
  'GET /api/tables/:departmentId/:table': open("the table's secret key from its poster; the diner's session cookie"),
  'PUT /api/tables/:departmentId/:table/me': open("the table's secret key; the diner's own session names them"),
  'POST /api/tables/:departmentId/:table/lines': open("the table's secret key; priced from the menu, never the client"),
  'PATCH /api/tables/:departmentId/:table/lines/:lineId': open(
    "the table's secret key; only the session that added the line changes it",
  ),
  'DELETE /api/tables/:departmentId/:table/lines/:lineId': open(
    "the table's secret key; only the session that added the line removes it",
  ),
  'PUT /api/tables/:departmentId/:table/notes': open("the table's secret key; anyone at the table writes the notes"),
  // Pay at the end (issue 34, part 3): the table's key; the charge only by the diner whose card is held.
  'POST /api/tables/:departmentId/:table/tab': open("the table's secret key; a diner holds their own card"),
  'POST /api/tables/:departmentId/:table/rounds': open("the table's secret key; anyone at the table sends a round"),
  'POST /api/tables/:departmentId/:table/tab/charge': open("the table's secret key and the held card's own session"),
  'POST /api/menu/:departmentId/promo-check': open(
    "the diner's cart asks what a promo code takes off; rate-limited, priced from the menu, records nothing",
  ),
  'GET /api/orders/:departmentId|:orderId/latest': open("the diner's own session cookie picks the order"),
  'GET /api/orders/:departmentId|:orderId/:orderNumber': open(
    "the diner's session cookie, or the business's owner token",
  ),
  'GET /api/orders/:departmentId|:orderId/:orderNumber/wait': open(
    "the diner's session cookie, or the business's owner token",
  ),
  'PUT /api/orders/:departmentId|:orderId/ready-sms': open(
    "the diner's own session cookie: only the order's diner gives a number for its ready SMS",
  ),
  'GET /api/invoice/:orderId': open("the link's 256-bit token, or the business's owner token"),
  'GET /api/invoice/:orderId/credits/:refundId': open("the order's link token, or the business's owner token"),
  'GET /api/platform-invoice/:month/:phone': open(
    "the link's token over the business and month, given only to that business's owner and the administrator",
  ),
  'POST /api/printer/pair': open('the pairing code the owner made is the proof; rate-limited per address'),
  'POST /api/devices/pair': open(
    'a kitchen screen: the single-use code the owner or a manager made is the proof; rate-limited per address',
  ),
  'GET /api/printer/agent/status': agent,
  'POST /api/printer/agent/test-slip': agent,

  // The owner's own sign-ins (decision 036): a fresh code, and the list of sessions with a way to end them.
  'POST /api/auth/step-up': owner('business.owner'),
  'POST /api/auth/step-up/verify': owner('business.owner'),
  // The business's grant at the Tax Authority, for allocation numbers (decision 047).
  'GET /api/owner/tax-authority': owner('settings.read'),
  'POST /api/owner/tax-authority/connect': owner('settings.edit'),
  'DELETE /api/owner/tax-authority': owner('settings.edit'),
  'GET /api/owner/tax-authority/callback': open(
    "the browser back from the Tax Authority: the single-use state, bound to the seller and to the browser's cookie, " +
      'is the proof; rate-limited per address',
  ),
  'GET /api/auth/sessions': owner('team.manage'),
  'DELETE /api/auth/sessions/:id': owner('team.manage'),
  'POST /api/auth/sessions/sign-out-others': owner('team.manage'),
  'GET /api/business/profile': owner('business.owner'),
  'PUT /api/business/profile': owner('business.owner'),
  'GET /api/business/diner-languages': owner('settings.read'),
  'PUT /api/business/diner-languages': owner('settings.edit'),
  'GET /api/business/service-mode': owner('settings.read'),
  'PUT /api/business/service-mode': owner('settings.edit'),
  'GET /api/business/menu-address': owner('settings.read'),
  'PUT /api/business/menu-address': owner('settings.edit'),
  'GET /api/business/auto-accept': owner('settings.read'),
  'PUT /api/business/auto-accept': owner('settings.edit'),
  'GET /api/business/order-ahead': owner('settings.read'),
  'PUT /api/business/order-ahead': owner('settings.edit'),
  'GET /api/business/opening-hours': owner('settings.read'),
  'PUT /api/business/opening-hours': owner('settings.edit'),
  'POST /api/business/ordering-pause': owner('settings.edit'),
  'DELETE /api/business/ordering-pause': owner('settings.edit'),
  'PUT /api/business/address': owner('business.owner'),
  'PUT /api/business/cardcom-password': owner('business.owner'),
  'GET /api/business/payment-options': owner('settings.read'),
  'PUT /api/business/payment-options': owner('settings.edit'),
  'POST /api/business/logo': owner('settings.edit'),
  'POST /api/business/regenerate-qr': owner('business.owner'),
  'GET /api/categories': owner('menu.read'),
  'POST /api/categories': owner('menu.edit'),
  'PATCH /api/categories/order': owner('menu.edit'),
  'PATCH /api/categories/:id/products/order': owner('menu.edit'),
  'PUT /api/categories/:id': owner('menu.edit'),
  'DELETE /api/categories/:id': owner('menu.edit'),
  'GET /api/products': owner('menu.read'),
  'POST /api/products': owner('menu.edit'),
  'PUT /api/products/:id': owner('menu.edit'),
  'DELETE /api/products/:id': owner('menu.edit'),
  'PATCH /api/products/:id/availability': owner('menu.availability'),
  'POST /api/products/:id/duplicate': owner('menu.edit'),
  'PUT /api/products/:id/option-groups/:groupId': owner('menu.edit'),
  'DELETE /api/products/:id/option-groups/:groupId': owner('menu.edit'),
  'PATCH /api/products/:id/option-groups/order': owner('menu.edit'),
  'GET /api/option-groups': owner('menu.read'),
  'POST /api/option-groups': owner('menu.edit'),
  'GET /api/option-groups/:id': owner('menu.read'),
  'PUT /api/option-groups/:id': owner('menu.edit'),
  'DELETE /api/option-groups/:id': owner('menu.edit'),
  'POST /api/option-groups/:id/options': owner('menu.edit'),
  'PATCH /api/option-groups/:id/options/order': owner('menu.edit'),
  'PUT /api/option-groups/:id/options/:optionId': owner('menu.edit'),
  'DELETE /api/option-groups/:id/options/:optionId': owner('menu.edit'),
  'PATCH /api/option-groups/:id/options/:optionId/availability': owner('menu.availability'),
  'POST /api/printer/pairing-code': owner('printer.manage'),
  'GET /api/printer/status': owner('printer.status'),
  'GET /api/printer/settings': owner('printer.manage'),
  'PUT /api/printer/settings': owner('printer.manage'),
  'POST /api/printer/test-print': owner('printer.manage'),
  'GET /api/orders': owner('reports.read'),
  'GET /api/orders/csv': owner('reports.read'),
  'GET /api/owner/numbers/sales': owner('reports.read'),
  'GET /api/owner/numbers/hours': owner('reports.read'),
  'GET /api/owner/numbers/products': owner('reports.read'),
  'GET /api/owner/numbers/months': owner('reports.read'),
  'GET /api/owner/numbers/sources': owner('reports.read'),
  'GET /api/owner/numbers/promos': owner('reports.read'),
  'GET /api/owner/numbers/csv': owner('reports.read'),
  'GET /api/platform-invoices': owner('reports.read'),
  'GET /api/bookkeeping/uniform-structure': owner('reports.read'),
  'GET /api/bookkeeping/months/:month': owner('reports.read'),
  'GET /api/live-orders': owner('orders.live'),
  'POST /api/live-orders/:orderId/status': owner('orders.live'),
  'POST /api/live-orders/:orderId/reprint': owner('orders.live'),
  'POST /api/live-orders/:orderId/decline': owner('orders.live'),
  'GET /api/menu-translations': owner('menu.read'),
  'PUT /api/menu-translations/:kind/:id': owner('menu.edit'),
  // Documents waiting for an allocation number (issue 32, decision 049): the list, and the owner's number or choice.
  'GET /api/orders/allocations': owner('reports.read'),
  'POST /api/orders/:departmentId|:orderId/allocation': owner('refunds'),
  'POST /api/orders/:departmentId|:orderId/refunds': owner('refunds'),
  'GET /api/setup': owner('settings.read'),
  'POST /api/setup/actions': owner('settings.edit'),
  'POST /api/setup/dismiss': owner('settings.edit'),
  'POST /api/test-orders': owner('settings.edit'),
  'POST /api/orders/:departmentId|:orderId/refunds/:refundId/credit': owner('refunds'),

  // The café's team (issue 31, decision 043): the owner's alone, but for a screen's pairing code (a manager's too),
  // one's own PIN and business, and the PIN pad of a shared screen.
  'GET /api/team': owner('team.manage'),
  'POST /api/team': owner('team.manage'),
  'PUT /api/team/settings': owner('team.manage'),
  'PATCH /api/team/:id': owner('team.manage'),
  'DELETE /api/team/:id': owner('team.manage'),
  'POST /api/team/pairing-codes': owner('screens.pair'),
  'PUT /api/team/me/pin': owner('self'),
  'GET /api/team/pin-people': owner('orders.live'),
  'POST /api/team/pin-grants': owner('self'),
  'POST /api/auth/switch-business': owner('self'),
  // Who did what (issue 31): an order's timeline on the console and in the report, the owner's activity page.
  'GET /api/live-orders/:orderId/timeline': owner('orders.live'),
  'GET /api/reports/orders/:orderId/timeline': owner('reports.read'),
  'GET /api/team/activity': owner('team.manage'),
  // Promo codes (issue 33, decision 052): a price is the menu editor's.
  'GET /api/owner/promo-codes': owner('menu.edit'),
  'POST /api/owner/promo-codes': owner('menu.edit'),
  'PUT /api/owner/promo-codes/:id': owner('menu.edit'),
  'POST /api/owner/promo-codes/:id/turn-off': owner('menu.edit'),
  'POST /api/owner/promo-codes/:id/turn-on': owner('menu.edit'),
  // The shared tables (issue 34, decision 055): settings, as every setting of the business.
  'GET /api/business/tables': owner('settings.read'),
  'PUT /api/business/tables': owner('settings.edit'),
  'POST /api/business/tables/renew-keys': owner('settings.edit'),
  'GET /api/tables': owner('settings.read'),
  // The tables waiting for payment, shown on the live console above the orders (issue 34).
  'GET /api/tables/waiting': owner('orders.live'),

  'POST /api/admin/impersonate/:phone': admin,
  'GET /api/admin/businesses': admin,
  'DELETE /api/admin/businesses/:phone': admin,
  'PATCH /api/admin/businesses/:phone/toggle': admin,
  'POST /api/admin/businesses/:phone/reopen': admin,
  'GET /api/admin/audit': admin,
  'GET /api/admin/contact-submissions': admin,
  'GET /api/admin/debug': admin,
  'GET /api/admin/backup': admin,
  'GET /api/admin/commissions/:month': admin,
  'GET /api/admin/commissions/:month/csv': admin,
  'GET /api/admin/commissions/:month/:phone/history': admin,
  'GET /api/admin/payouts/:month': admin,
  'POST /api/admin/payouts/:month': admin,
  'POST /api/admin/payouts/:month/transferred': admin,
  'GET /api/admin/payouts/:month/csv': admin,
  'GET /api/admin/payouts/:month/masav': admin,
  'GET /api/admin/platform-invoices/:month': admin,
  'GET /api/admin/bookkeeping/uniform-structure': admin,
  'POST /api/admin/platform-invoices/:month': admin,
  'GET /api/admin/terms': admin,
  'PUT /api/admin/terms': admin,
  'GET /api/admin/terms/history': admin,
  // The platform's own grant at the Tax Authority (decision 047).
  // The platform's commission invoices waiting for an allocation number (decision 049).
  'GET /api/admin/platform-allocations': admin,
  'POST /api/admin/platform-allocations/:phone/:month': admin,
  'GET /api/admin/tax-authority': admin,
  'POST /api/admin/tax-authority/connect': admin,
  'DELETE /api/admin/tax-authority': admin,
};

/**
 * Routes outside /api that answer to the operator rather than to a person (the API's table above is compared with the
 * app's /api routes only). metrics.spec.ts checks each is registered and refuses a request without its token.
 */
export const OPERATOR_ROUTE_ACCESS: Record<string, RouteAccess> = {
  'GET /metrics': {
    audience: 'operator',
    reason: "Prometheus' scrape: `Authorization: Bearer` with METRICS_TOKEN; 404 when no token is configured",
  },
};

/** The permission the table names for an owner route; undefined for any other. */
export const permissionOfRoute = (key: string): Permission | undefined => ROUTE_ACCESS[key]?.permission;

export const routesOf = (audience: Audience): string[] =>
  Object.entries(ROUTE_ACCESS)
    .filter(([, access]) => access.audience === audience)
    .map(([key]) => key);

/** `METHOD /path` split back into its parts. */
export function splitKey(key: string): { method: string; path: string } {
  const [method = '', path = ''] = key.split(' ');
  return { method, path };
}
