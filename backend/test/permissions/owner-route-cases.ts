import { alwaysOpen, israelMonthOf, ORDER_AHEAD_OFF, PAYMENT_OPTIONS_OFF } from '@tafrit/contracts';
import { newPhone, registrationForm, type SignedInOwner } from '../support/accounts.js';
import type { Shop } from '../support/checkout.js';
import { call, type ApiAnswer } from '../support/http-client.js';
import { createCategory, createProduct, pngOf } from '../support/menu.js';
import { recordOrder } from '../support/orders.js';
import { dinerPays } from '../support/paid-order.js';
import type { TestApp } from '../support/test-app.js';

/** The PIN each person chooses; the screen types the manager's. */
export const MANAGER_PIN = '1357';

/** Who tries the owner's routes: the three roles a person is invited with, and a paired kitchen screen. */
export const CALLERS = ['manager', 'kitchen', 'accountant', 'screen'] as const;
export type Caller = (typeof CALLERS)[number];

/** Real ids of the business's, so that a refused call names things that exist and an accepted one can succeed. */
export interface Ids {
  categoryId: number;
  productId: number;
  groupId: string;
  optionIds: string[];
  orderId: string;
  refundId: string;
  /** A person of the team (only the owner may change or remove them). */
  memberId: string;
  /** One of the owner's own sign-ins (only the owner may end it). */
  signInId: string;
  /** A promo code of the business's (issue 33). */
  promoCodeId: string;
}

export interface Business {
  app: TestApp;
  owner: SignedInOwner;
  shop: Shop;
  /** Made once; what a refused call names. */
  base: Ids;
  /** The manager's team id: the screen types their PIN. */
  managerId: string;
}

export interface RouteCase {
  /** The route, as ROUTE_ACCESS names it. */
  route: string;
  request: (business: Business, token: string, ids: Ids) => Promise<ApiAnswer>;
  /** Ids of its own for an accepted call that deletes, moves on or uses up what it names. */
  fresh?: (business: Business) => Promise<Partial<Ids>>;
  /** The error an accepted call answers when the route ran but cannot succeed here. */
  answers?: string;
  /** Callers whose role holds the permission but whom the route itself turns away, for what they are; and why. */
  refusedFor?: Partial<Record<Caller, string>>;
  /** Puts back what an accepted call changed that would stop the next cases. */
  undo?: (business: Business) => Promise<void>;
}

const asOwner = (business: Business) => ({ token: business.owner.token });

/** A promo code of the business's, made by its owner (issue 33). */
export async function freshPromoCode(business: Pick<Business, 'app' | 'owner'>): Promise<string> {
  const created = await call<{ data: { id: string } }>(business.app, 'POST', '/api/owner/promo-codes', {
    ...asOwner(business as Business),
    body: { code: `P${Math.random().toString(36).slice(2, 10)}`, rules: { kind: 'percent', percent: 10 } },
  });
  if (created.status !== 201) throw new Error(`the owner could not make a promo code: ${created.status}`);
  return created.body.data.id;
}

/** An empty category. */
const freshCategory = async (business: Business) => ({
  categoryId: await createCategory(business.app, business.owner, `קטגוריה ${Math.random()}`),
});

/** A product in the base category. */
const freshProduct = async (business: Business) => ({
  productId: (await createProduct(business.app, business.owner, { categoryId: business.base.categoryId })).id,
});

/** An option group of two options, on no product. */
export async function freshGroup(business: Business): Promise<{ groupId: string; optionIds: string[] }> {
  const group = await call<{ data: { id: string; options: { id: string }[] } }>(
    business.app,
    'POST',
    '/api/option-groups',
    {
      ...asOwner(business),
      body: {
        name: `קבוצה ${Math.random()}`,
        minChoices: 0,
        maxChoices: 2,
        options: [
          { name: 'שיבולת שועל', price: '2' },
          { name: 'שוט נוסף', price: '3' },
        ],
      },
    },
  );
  if (group.status !== 201) throw new Error(`option group failed: ${group.status}`);
  return { groupId: group.body.data.id, optionIds: group.body.data.options.map((option) => option.id) };
}

/** A fresh product with a fresh group on it, and nothing else. */
export async function freshProductWithGroup(business: Business) {
  const product = await freshProduct(business);
  const group = await freshGroup(business);
  await call(
    business.app,
    'PUT',
    `/api/products/${product.productId}/option-groups/${group.groupId}`,
    asOwner(business),
  );
  return { ...product, ...group };
}

const freshPaidOrder = async (business: Business) => ({
  orderId: (await dinerPays(business.app, business.shop)).orderId,
});

/** A paid order whose tax document waits for its allocation number (issue 32): ₪7,000 before VAT to a company. */
let waitingNumber = 800_000;
const freshWaitingDocument = async (business: Business) =>
  recordOrder(business.app, {
    businessPhone: business.owner.phone,
    departmentId: business.shop.departmentId,
    orderNumber: ++waitingNumber,
    lines: [{ productId: 1, name: 'מגש אירוח', unitPriceAgorot: 826_000, quantity: 1 }],
    invoiceFor: { name: 'חברת הדוגמה בע"מ', taxId: '512345679' },
    paidAt: new Date().toISOString(),
  });

/** A refund of ₪1 of the base order, by the owner. */
export async function freshRefund(business: Business, orderId = business.base.orderId): Promise<{ refundId: string }> {
  const refund = await call<{ data: { refundId: string } }>(business.app, 'POST', `/api/orders/${orderId}/refunds`, {
    ...asOwner(business),
    body: { amount: '1', reason: 'טעות' },
  });
  if (refund.status !== 200) throw new Error(`refund failed: ${refund.status} ${JSON.stringify(refund.body)}`);
  return { refundId: refund.body.data.refundId };
}

const month = israelMonthOf(new Date());
const get = (path: string) => (business: Business, token: string) => call(business.app, 'GET', path, { token });
const send =
  (method: string, path: (ids: Ids) => string, body?: (ids: Ids) => unknown) =>
  (business: Business, token: string, ids: Ids) =>
    call(business.app, method, path(ids), { token, ...(body ? { body: body(ids) } : {}) });
const at = (path: string) => () => path;

/**
 * One request per owner route, with what it takes to succeed. A refused call must change nothing, so each names real
 * things of the business; an accepted one that deletes or uses something up gets fresh ids of its own.
 */
export const ROUTE_CASES: RouteCase[] = [
  { route: 'POST /api/auth/step-up', request: send('POST', at('/api/auth/step-up')) },
  {
    route: 'POST /api/auth/step-up/verify',
    request: send('POST', at('/api/auth/step-up/verify'), () => ({ code: '123456' })),
  },
  { route: 'GET /api/auth/sessions', request: get('/api/auth/sessions') },
  { route: 'DELETE /api/auth/sessions/:id', request: send('DELETE', (ids) => `/api/auth/sessions/${ids.signInId}`) },
  { route: 'POST /api/auth/sessions/sign-out-others', request: send('POST', at('/api/auth/sessions/sign-out-others')) },
  {
    route: 'POST /api/auth/switch-business',
    // `own` opens the caller's own business, which no person of this team has: the route runs and finds nothing,
    // and the caller's sign-in (which a switch would end) stays for the next cases.
    request: send('POST', at('/api/auth/switch-business'), () => ({ id: 'own' })),
    answers: 'not_found',
    refusedFor: { screen: 'a screen belongs to the one business it was paired with' },
  },
  { route: 'GET /api/business/profile', request: get('/api/business/profile') },
  {
    route: 'PUT /api/business/profile',
    request: send('PUT', at('/api/business/profile'), () => (({ phone: _phone, ...form }) => form)(registrationForm())),
  },
  { route: 'GET /api/business/diner-languages', request: get('/api/business/diner-languages') },
  {
    route: 'PUT /api/business/diner-languages',
    request: send('PUT', at('/api/business/diner-languages'), () => ({ languages: ['en'] })),
  },
  { route: 'GET /api/business/service-mode', request: get('/api/business/service-mode') },
  {
    route: 'PUT /api/business/service-mode',
    request: send('PUT', at('/api/business/service-mode'), () => ({ serviceMode: 'table' })),
  },
  { route: 'GET /api/business/menu-address', request: get('/api/business/menu-address') },
  {
    route: 'PUT /api/business/menu-address',
    // Only the previews' line: an address claimed here would stay the business's for good.
    request: send('PUT', at('/api/business/menu-address'), () => ({ address: null, shareLine: 'קפה טוב' })),
  },
  { route: 'GET /api/business/auto-accept', request: get('/api/business/auto-accept') },
  {
    route: 'PUT /api/business/auto-accept',
    // Off, as it starts: the kitchen cases below accept new orders by hand.
    request: send('PUT', at('/api/business/auto-accept'), () => ({ enabled: false, readyInMinutes: null })),
  },
  { route: 'GET /api/business/order-ahead', request: get('/api/business/order-ahead') },
  {
    route: 'PUT /api/business/order-ahead',
    request: send('PUT', at('/api/business/order-ahead'), () => ({ ...ORDER_AHEAD_OFF, enabled: true })),
  },
  { route: 'GET /api/business/opening-hours', request: get('/api/business/opening-hours') },
  {
    route: 'PUT /api/business/opening-hours',
    // Always open: the diners of the cases below must be able to order whatever the day.
    request: send('PUT', at('/api/business/opening-hours'), () => alwaysOpen),
  },
  {
    route: 'POST /api/business/ordering-pause',
    request: send('POST', at('/api/business/ordering-pause'), () => ({ minutes: 15 })),
    undo: async (business) => {
      await call(business.app, 'DELETE', '/api/business/ordering-pause', asOwner(business));
    },
  },
  { route: 'DELETE /api/business/ordering-pause', request: send('DELETE', at('/api/business/ordering-pause')) },
  {
    route: 'PUT /api/business/address',
    request: send('PUT', at('/api/business/address'), () => ({ street: 'הרצל 12', city: 'חיפה' })),
  },
  {
    route: 'PUT /api/business/cardcom-password',
    request: send('PUT', at('/api/business/cardcom-password'), () => ({ apiPassword: 'someone-else' })),
  },
  { route: 'GET /api/owner/tax-authority', request: get('/api/owner/tax-authority') },
  {
    route: 'POST /api/owner/tax-authority/connect',
    request: send('POST', at('/api/owner/tax-authority/connect')),
    // This app has no TAX_AUTHORITY_* configuration: the route ran and said so.
    answers: 'tax_authority.not_configured',
  },
  { route: 'DELETE /api/owner/tax-authority', request: send('DELETE', at('/api/owner/tax-authority')) },
  { route: 'GET /api/business/payment-options', request: get('/api/business/payment-options') },
  {
    route: 'PUT /api/business/payment-options',
    request: send('PUT', at('/api/business/payment-options'), () => PAYMENT_OPTIONS_OFF),
  },
  {
    route: 'POST /api/business/logo',
    request: async (business, token) => {
      const form = new FormData();
      form.append('logo', new Blob([await pngOf(64, 64)], { type: 'image/png' }), 'logo.png');
      return call(business.app, 'POST', '/api/business/logo', { token, form });
    },
  },
  { route: 'POST /api/business/regenerate-qr', request: send('POST', at('/api/business/regenerate-qr')) },

  { route: 'GET /api/categories', request: get('/api/categories') },
  { route: 'POST /api/categories', request: send('POST', at('/api/categories'), () => ({ name: 'קינוחים' })) },
  {
    route: 'PATCH /api/categories/order',
    request: async (business, token) => {
      const listed = await call<{ data: { id: number }[] }>(business.app, 'GET', '/api/categories', asOwner(business));
      const ids = listed.body.data.map(({ id }) => id);
      return call(business.app, 'PATCH', '/api/categories/order', { token, body: { ids } });
    },
  },
  {
    route: 'PATCH /api/categories/:id/products/order',
    // A category of one product, whose order is that product.
    fresh: async (business) => {
      const { categoryId } = await freshCategory(business);
      return { categoryId, productId: (await createProduct(business.app, business.owner, { categoryId })).id };
    },
    request: send(
      'PATCH',
      (ids) => `/api/categories/${ids.categoryId}/products/order`,
      (ids) => ({ ids: [ids.productId] }),
    ),
  },
  {
    route: 'PUT /api/categories/:id',
    request: send(
      'PUT',
      (ids) => `/api/categories/${ids.categoryId}`,
      () => ({ name: 'שתייה קרה' }),
    ),
  },
  {
    route: 'DELETE /api/categories/:id',
    fresh: freshCategory,
    request: send('DELETE', (ids) => `/api/categories/${ids.categoryId}`),
  },
  { route: 'GET /api/products', request: get('/api/products') },
  {
    route: 'POST /api/products',
    request: send('POST', at('/api/products'), (ids) => ({ name: 'עוגה', price: '18', categoryId: ids.categoryId })),
  },
  {
    route: 'PUT /api/products/:id',
    request: send(
      'PUT',
      (ids) => `/api/products/${ids.productId}`,
      (ids) => ({ name: 'אספרסו כפול', price: '11', categoryId: ids.categoryId }),
    ),
  },
  {
    route: 'DELETE /api/products/:id',
    fresh: freshProduct,
    request: send('DELETE', (ids) => `/api/products/${ids.productId}`),
  },
  {
    route: 'PATCH /api/products/:id/availability',
    request: send(
      'PATCH',
      (ids) => `/api/products/${ids.productId}/availability`,
      () => ({ isActive: false }),
    ),
  },
  {
    route: 'POST /api/products/:id/duplicate',
    request: send('POST', (ids) => `/api/products/${ids.productId}/duplicate`),
  },
  {
    route: 'PUT /api/products/:id/option-groups/:groupId',
    fresh: freshGroup,
    request: send('PUT', (ids) => `/api/products/${ids.productId}/option-groups/${ids.groupId}`),
  },
  {
    route: 'DELETE /api/products/:id/option-groups/:groupId',
    fresh: freshProductWithGroup,
    request: send('DELETE', (ids) => `/api/products/${ids.productId}/option-groups/${ids.groupId}`),
  },
  {
    route: 'PATCH /api/products/:id/option-groups/order',
    fresh: freshProductWithGroup,
    request: send(
      'PATCH',
      (ids) => `/api/products/${ids.productId}/option-groups/order`,
      (ids) => ({ ids: [ids.groupId] }),
    ),
  },
  { route: 'GET /api/option-groups', request: get('/api/option-groups') },
  {
    route: 'POST /api/option-groups',
    request: send('POST', at('/api/option-groups'), () => ({ name: 'חלב', minChoices: 0, maxChoices: 1 })),
  },
  { route: 'GET /api/option-groups/:id', request: send('GET', (ids) => `/api/option-groups/${ids.groupId}`) },
  {
    route: 'PUT /api/option-groups/:id',
    request: send(
      'PUT',
      (ids) => `/api/option-groups/${ids.groupId}`,
      () => ({ name: 'תוספות', minChoices: 0, maxChoices: 2 }),
    ),
  },
  {
    route: 'DELETE /api/option-groups/:id',
    fresh: freshGroup,
    request: send('DELETE', (ids) => `/api/option-groups/${ids.groupId}`),
  },
  {
    route: 'POST /api/option-groups/:id/options',
    fresh: freshGroup,
    request: send(
      'POST',
      (ids) => `/api/option-groups/${ids.groupId}/options`,
      () => ({ name: 'סירופ', price: '1' }),
    ),
  },
  {
    route: 'PATCH /api/option-groups/:id/options/order',
    fresh: freshGroup,
    request: send(
      'PATCH',
      (ids) => `/api/option-groups/${ids.groupId}/options/order`,
      (ids) => ({ ids: [...ids.optionIds].reverse() }),
    ),
  },
  {
    route: 'PUT /api/option-groups/:id/options/:optionId',
    request: send(
      'PUT',
      (ids) => `/api/option-groups/${ids.groupId}/options/${ids.optionIds[0]}`,
      () => ({ name: 'שיבולת שועל', price: '0' }),
    ),
  },
  {
    route: 'DELETE /api/option-groups/:id/options/:optionId',
    fresh: freshGroup,
    request: send('DELETE', (ids) => `/api/option-groups/${ids.groupId}/options/${ids.optionIds[0]}`),
  },
  {
    route: 'PATCH /api/option-groups/:id/options/:optionId/availability',
    request: send(
      'PATCH',
      (ids) => `/api/option-groups/${ids.groupId}/options/${ids.optionIds[1]}/availability`,
      () => ({ available: false }),
    ),
  },
  { route: 'GET /api/menu-translations', request: get('/api/menu-translations') },
  {
    route: 'PUT /api/menu-translations/:kind/:id',
    request: send(
      'PUT',
      (ids) => `/api/menu-translations/product/${ids.productId}`,
      () => ({ en: { name: 'Espresso' } }),
    ),
  },

  // Without a paired printing agent the printing routes run and say so.
  { route: 'POST /api/printer/pairing-code', request: send('POST', at('/api/printer/pairing-code')) },
  { route: 'GET /api/printer/status', request: get('/api/printer/status') },
  { route: 'GET /api/printer/settings', request: get('/api/printer/settings') },
  {
    route: 'PUT /api/printer/settings',
    request: send('PUT', at('/api/printer/settings'), () => ({ paperWidth: '58mm' })),
  },
  {
    route: 'POST /api/printer/test-print',
    request: send('POST', at('/api/printer/test-print')),
    answers: 'printer.not_paired',
  },

  { route: 'GET /api/live-orders', request: get('/api/live-orders') },
  {
    route: 'POST /api/live-orders/:orderId/status',
    fresh: freshPaidOrder,
    request: send(
      'POST',
      (ids) => `/api/live-orders/${ids.orderId}/status`,
      () => ({ status: 'accepted' }),
    ),
  },
  {
    route: 'POST /api/live-orders/:orderId/reprint',
    request: send('POST', (ids) => `/api/live-orders/${ids.orderId}/reprint`),
    answers: 'printer.not_paired',
  },
  {
    route: 'POST /api/live-orders/:orderId/decline',
    fresh: freshPaidOrder,
    request: send(
      'POST',
      (ids) => `/api/live-orders/${ids.orderId}/decline`,
      () => ({ reason: 'נגמר החלב' }),
    ),
  },
  {
    route: 'POST /api/orders/:departmentId|:orderId/refunds',
    request: send(
      'POST',
      (ids) => `/api/orders/${ids.orderId}/refunds`,
      () => ({ amount: '1', reason: 'טעות' }),
    ),
  },
  {
    route: 'POST /api/orders/:departmentId|:orderId/refunds/:refundId/credit',
    fresh: (business) => freshRefund(business),
    request: send('POST', (ids) => `/api/orders/${ids.orderId}/refunds/${ids.refundId}/credit`),
  },

  { route: 'GET /api/orders/allocations', request: get('/api/orders/allocations') },
  {
    route: 'POST /api/orders/:departmentId|:orderId/allocation',
    fresh: freshWaitingDocument,
    request: send(
      'POST',
      (ids) => `/api/orders/${ids.orderId}/allocation`,
      () => ({ choice: 'manual', allocationNumber: '123456789' }),
    ),
  },
  { route: 'GET /api/orders', request: get(`/api/orders?month=${month}`) },
  { route: 'GET /api/orders/csv', request: get(`/api/orders/csv?month=${month}`) },
  ...(['sales', 'hours', 'products', 'months', 'sources', 'promos'] as const).map((data) => ({
    route: `GET /api/owner/numbers/${data}`,
    request: get(`/api/owner/numbers/${data}?from=${month}-01&to=${month}-01`),
  })),
  {
    route: 'GET /api/owner/numbers/csv',
    request: get(`/api/owner/numbers/csv?from=${month}-01&to=${month}-01&plot=days`),
  },
  { route: 'GET /api/platform-invoices', request: get(`/api/platform-invoices?month=${month}`) },
  {
    route: 'GET /api/bookkeeping/uniform-structure',
    request: get(`/api/bookkeeping/uniform-structure?from=${month}-01&to=${month}-01`),
  },
  { route: 'GET /api/bookkeeping/months/:month', request: get(`/api/bookkeeping/months/${month}`) },

  { route: 'GET /api/setup', request: get('/api/setup') },
  {
    route: 'POST /api/setup/actions',
    request: send('POST', at('/api/setup/actions'), () => ({ action: 'qr_printed' })),
  },
  { route: 'POST /api/setup/dismiss', request: send('POST', at('/api/setup/dismiss')) },
  { route: 'POST /api/test-orders', request: send('POST', at('/api/test-orders'), () => ({})) },

  { route: 'GET /api/team', request: get('/api/team') },
  { route: 'GET /api/team/activity', request: get('/api/team/activity') },
  {
    route: 'GET /api/live-orders/:orderId/timeline',
    request: send('GET', (ids) => `/api/live-orders/${ids.orderId}/timeline`),
  },
  {
    route: 'GET /api/reports/orders/:orderId/timeline',
    request: send('GET', (ids) => `/api/reports/orders/${ids.orderId}/timeline`),
  },
  {
    route: 'POST /api/team',
    request: send('POST', at('/api/team'), () => ({ phone: newPhone().local, name: 'אורח', role: 'manager' })),
  },
  { route: 'PUT /api/team/settings', request: send('PUT', at('/api/team/settings'), () => ({ idleHours: 12 })) },
  {
    route: 'PATCH /api/team/:id',
    request: send(
      'PATCH',
      (ids) => `/api/team/${ids.memberId}`,
      () => ({ role: 'manager' }),
    ),
  },
  { route: 'DELETE /api/team/:id', request: send('DELETE', (ids) => `/api/team/${ids.memberId}`) },
  { route: 'GET /api/owner/promo-codes', request: get('/api/owner/promo-codes') },
  { route: 'GET /api/business/tables', request: get('/api/business/tables') },
  {
    route: 'PUT /api/business/tables',
    request: send('PUT', at('/api/business/tables'), () => ({
      shared: true,
      numbers: [1, 2],
      idleMinutes: 90,
      unpaidShareMinutes: 15,
    })),
  },
  { route: 'POST /api/business/tables/renew-keys', request: send('POST', at('/api/business/tables/renew-keys')) },
  { route: 'GET /api/tables', request: get('/api/tables') },
  { route: 'GET /api/tables/waiting', request: get('/api/tables/waiting') },
  {
    route: 'POST /api/owner/promo-codes',
    request: send('POST', at('/api/owner/promo-codes'), () => ({
      code: `C${Math.random().toString(36).slice(2, 10)}`,
      rules: { kind: 'percent', percent: 10 },
    })),
  },
  {
    route: 'PUT /api/owner/promo-codes/:id',
    request: send(
      'PUT',
      (ids) => `/api/owner/promo-codes/${ids.promoCodeId}`,
      () => ({ kind: 'percent', percent: 15 }),
    ),
  },
  {
    route: 'POST /api/owner/promo-codes/:id/turn-off',
    request: send('POST', (ids) => `/api/owner/promo-codes/${ids.promoCodeId}/turn-off`),
  },
  {
    route: 'POST /api/owner/promo-codes/:id/turn-on',
    request: send('POST', (ids) => `/api/owner/promo-codes/${ids.promoCodeId}/turn-on`),
  },
  { route: 'POST /api/team/pairing-codes', request: send('POST', at('/api/team/pairing-codes')) },
  {
    route: 'PUT /api/team/me/pin',
    request: send('PUT', at('/api/team/me/pin'), () => ({ pin: MANAGER_PIN })),
    refusedFor: { screen: 'a screen is no person: a PIN is chosen on a person’s own sign-in' },
  },
  { route: 'GET /api/team/pin-people', request: get('/api/team/pin-people') },
  {
    route: 'POST /api/team/pin-grants',
    // The manager's PIN (chosen in beforeAll, and again by the case above), typed on the screen.
    request: (business, token) =>
      call(business.app, 'POST', '/api/team/pin-grants', {
        token,
        body: { memberId: business.managerId, pin: MANAGER_PIN },
      }),
    refusedFor: {
      manager: 'only a shared screen takes PINs: a person’s own phone already acts as that person',
      kitchen: 'only a shared screen takes PINs',
      accountant: 'only a shared screen takes PINs',
    },
  },
];
