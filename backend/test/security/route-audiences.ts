/**
 * Who may call each API route. The security specs compare this table with the routes the running app registered
 * (registered-routes.ts), so a route added without a line here fails them until someone decides who may call it.
 *
 * - `owner`: OwnerGuard, an owner token (an administrator's impersonation token is one);
 * - `admin`: AdminGuard, an administrator's token, never an owner's;
 * - `agent`: the printing agent's own credential (`Agent id:secret`), never a bearer token;
 * - `open`: no bearer token needed, for the reason given (the caller proves itself otherwise, or the data is public).
 */
export type Audience = 'owner' | 'admin' | 'agent' | 'open';

export interface RouteAccess {
  audience: Audience;
  /** Why an `open` route needs no token. */
  reason?: string;
}

const owner: RouteAccess = { audience: 'owner' };
const admin: RouteAccess = { audience: 'admin' };
const agent: RouteAccess = { audience: 'agent' };
const open = (reason: string): RouteAccess => ({ audience: 'open', reason });

export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  'GET /api/health/database': open('health check for load balancers; says nothing about any business'),
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
  'GET /api/printer/agent/status': agent,
  'POST /api/printer/agent/test-slip': agent,

  // The owner's own sign-ins (decision 036): a fresh code, and the list of sessions with a way to end them.
  'POST /api/auth/step-up': owner,
  'POST /api/auth/step-up/verify': owner,
  'GET /api/auth/sessions': owner,
  'DELETE /api/auth/sessions/:id': owner,
  'POST /api/auth/sessions/sign-out-others': owner,
  'GET /api/business/profile': owner,
  'PUT /api/business/profile': owner,
  'GET /api/business/diner-languages': owner,
  'PUT /api/business/diner-languages': owner,
  'GET /api/business/service-mode': owner,
  'PUT /api/business/service-mode': owner,
  'GET /api/business/auto-accept': owner,
  'PUT /api/business/auto-accept': owner,
  'GET /api/business/opening-hours': owner,
  'PUT /api/business/opening-hours': owner,
  'POST /api/business/ordering-pause': owner,
  'DELETE /api/business/ordering-pause': owner,
  'PUT /api/business/address': owner,
  'PUT /api/business/cardcom-password': owner,
  'GET /api/business/payment-options': owner,
  'PUT /api/business/payment-options': owner,
  'POST /api/business/logo': owner,
  'POST /api/business/regenerate-qr': owner,
  'GET /api/categories': owner,
  'POST /api/categories': owner,
  'PATCH /api/categories/order': owner,
  'PATCH /api/categories/:id/products/order': owner,
  'PUT /api/categories/:id': owner,
  'DELETE /api/categories/:id': owner,
  'GET /api/products': owner,
  'POST /api/products': owner,
  'PUT /api/products/:id': owner,
  'DELETE /api/products/:id': owner,
  'PATCH /api/products/:id/availability': owner,
  'POST /api/products/:id/duplicate': owner,
  'PUT /api/products/:id/option-groups/:groupId': owner,
  'DELETE /api/products/:id/option-groups/:groupId': owner,
  'PATCH /api/products/:id/option-groups/order': owner,
  'GET /api/option-groups': owner,
  'POST /api/option-groups': owner,
  'GET /api/option-groups/:id': owner,
  'PUT /api/option-groups/:id': owner,
  'DELETE /api/option-groups/:id': owner,
  'POST /api/option-groups/:id/options': owner,
  'PATCH /api/option-groups/:id/options/order': owner,
  'PUT /api/option-groups/:id/options/:optionId': owner,
  'DELETE /api/option-groups/:id/options/:optionId': owner,
  'PATCH /api/option-groups/:id/options/:optionId/availability': owner,
  'POST /api/printer/pairing-code': owner,
  'GET /api/printer/status': owner,
  'GET /api/printer/settings': owner,
  'PUT /api/printer/settings': owner,
  'POST /api/printer/test-print': owner,
  'GET /api/orders': owner,
  'GET /api/orders/csv': owner,
  'GET /api/platform-invoices': owner,
  'GET /api/live-orders': owner,
  'POST /api/live-orders/:orderId/status': owner,
  'POST /api/live-orders/:orderId/reprint': owner,
  'POST /api/live-orders/:orderId/decline': owner,
  'GET /api/menu-translations': owner,
  'PUT /api/menu-translations/:kind/:id': owner,
  'POST /api/orders/:departmentId|:orderId/refunds': owner,
  'GET /api/setup': owner,
  'POST /api/setup/actions': owner,
  'POST /api/setup/dismiss': owner,
  'POST /api/test-orders': owner,
  'POST /api/orders/:departmentId|:orderId/refunds/:refundId/credit': owner,
  // Who did what (issue 31): an order's timeline on the console and in the report, the owner's activity page.
  'GET /api/live-orders/:orderId/timeline': owner,
  'GET /api/reports/orders/:orderId/timeline': owner,
  'GET /api/team/activity': owner,

  'POST /api/admin/impersonate/:phone': admin,
  'GET /api/admin/businesses': admin,
  'DELETE /api/admin/businesses/:phone': admin,
  'PATCH /api/admin/businesses/:phone/toggle': admin,
  'POST /api/admin/businesses/:phone/reopen': admin,
  'GET /api/admin/audit': admin,
  'GET /api/admin/contact-submissions': admin,
  'GET /api/admin/debug': admin,
  'GET /api/admin/commissions/:month': admin,
  'GET /api/admin/commissions/:month/csv': admin,
  'GET /api/admin/commissions/:month/:phone/history': admin,
  'GET /api/admin/payouts/:month': admin,
  'POST /api/admin/payouts/:month': admin,
  'POST /api/admin/payouts/:month/transferred': admin,
  'GET /api/admin/payouts/:month/csv': admin,
  'GET /api/admin/payouts/:month/masav': admin,
  'GET /api/admin/platform-invoices/:month': admin,
  'POST /api/admin/platform-invoices/:month': admin,
  'GET /api/admin/terms': admin,
  'PUT /api/admin/terms': admin,
  'GET /api/admin/terms/history': admin,
};

export const routesOf = (audience: Audience): string[] =>
  Object.entries(ROUTE_ACCESS)
    .filter(([, access]) => access.audience === audience)
    .map(([key]) => key);

/** `METHOD /path` split back into its parts. */
export function splitKey(key: string): { method: string; path: string } {
  const [method = '', path = ''] = key.split(' ');
  return { method, path };
}
