import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import {
  israelMonthOf,
  ORDER_AHEAD_OFF,
  israelMonthRange,
  type LiveOrdersAnswer,
  type PairAnswer,
  type PairingCodeAnswer,
  shiftMonth,
  type SlipPrintPayload,
} from '@tafrit/contracts';
import { IssuePlatformDocumentCommand } from '../../src/modules/commissions/application/platform-invoice-commands.js';
import { PlatformInvoiceLinks } from '../../src/modules/commissions/application/platform-invoice-links.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { recordOrder } from '../support/orders.js';
import type { Socket } from 'socket.io-client';
import {
  newPhone,
  registerOwner,
  registrationForm,
  signInAdmin,
  signInOnceMore,
  type SignedInOwner,
} from '../support/accounts.js';
import { createPayment, DINER_COOKIE, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call, type ApiAnswer } from '../support/http-client.js';
import { createCategory, createProduct } from '../support/menu.js';
import { dinerPays, SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { openSocket, request, TEST_AGENT_INFO } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { footprintOf, settledFootprint } from './business-footprint.js';
import { apiRoutes, fillPath, tableGaps } from './registered-routes.js';
import { ROUTE_ACCESS, routesOf, splitKey } from './route-audiences.js';
import { bounded } from '../support/bounded-close.js';

// Business B (the victim) has a menu, a paid order with its invoice and slip; business A (the intruder) uses B's ids.
let app: TestApp;
let victim: SignedInOwner;
let intruder: SignedInOwner;
/** The intruder's business opened by an administrator: an owner token like any other, it must reach no further. */
let impersonated: string;
let adminToken: string;
let shop: Shop;
let victimOrder: { orderId: string; orderNumber: number };
/** The diner session cookie of the diner who paid the victim's order. */
let dinerSession: string;
let intruderCategoryId: number;
const VICTIM_NAME = 'מאפיית הקורבן';

beforeAll(async () => {
  app = await startTestApp();
  victim = await registerOwner(app, { businessName: VICTIM_NAME });
  intruder = await registerOwner(app);
  adminToken = (await signInAdmin(app)).token;
  impersonated = (
    (await call(app, 'POST', `/api/admin/impersonate/${intruder.phone}`, { token: adminToken })).body.data as {
      token: string;
    }
  ).token;
  shop = await openShop(app, victim);
  intruderCategoryId = await createCategory(app, intruder, 'של הפורץ');
  const checkout = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity: 1 }],
    amount: '14.50',
  });
  dinerSession = checkout.cookies[DINER_COOKIE]?.value ?? '';
  const paid = await payInSandbox(app, String(checkout.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
  if (paid.status >= 400 || !dinerSession) throw new Error(`the diner could not pay: ${paid.status}`);
  const live = await call<{ data: LiveOrdersAnswer }>(app, 'GET', '/api/live-orders', { token: victim.token });
  const [order] = live.body.data.orders;
  if (!order) throw new Error('the paid order is not on the live console');
  victimOrder = { orderId: order.orderId, orderNumber: order.orderNumber };
  // Both have a printer online, so a reprint is refused for the order, not for want of a printer.
  victimAgent = await connectAgent(victim);
  intruderAgent = await connectAgent(intruder);
  // The invoice, the receipt and the slip are made in the background: wait for them so only the attack can change B.
  await settledFootprint(app, victim.phone, ({ events }) =>
    ['InvoiceIssued', 'SlipPrinted'].every((type) => events.some((event) => event.endsWith(` ${type}`))),
  );
}, 120_000);
// Closing waits for the app's open work (processors, sockets, a held request) to end: on a loaded two-core machine
// that took longer than Jest's default 30 s twice, so the hook gets the set-up's allowance.
afterAll(async () => {
  victimAgent?.socket.close();
  intruderAgent?.socket.close();
  await bounded('the app', app.close(), 60_000);
}, 120_000);

interface ConnectedAgent {
  socket: Socket;
  /** Every slip pushed to this agent. */
  slips: SlipPrintPayload[];
}
let victimAgent: ConnectedAgent;
let intruderAgent: ConnectedAgent;

/** Pairs a printing agent for the business and connects it; it reports each order's first slip printed. */
async function connectAgent(owner: SignedInOwner): Promise<ConnectedAgent> {
  const code = await call<{ data: PairingCodeAnswer }>(app, 'POST', '/api/printer/pairing-code', {
    token: owner.token,
  });
  const paired = await call<{ data: PairAnswer }>(app, 'POST', '/api/printer/pair', {
    body: { code: code.body.data.code, agent: TEST_AGENT_INFO },
  });
  const { agentId, agentSecret } = paired.body.data;
  const socket = await openSocket(app, '/agent', { agentId, secret: agentSecret, agent: TEST_AGENT_INFO });
  const slips: SlipPrintPayload[] = [];
  socket.on('slip.print', (slip: SlipPrintPayload) => {
    slips.push(slip);
    // Reprints are not acknowledged: the order's slip is printed already.
    if (!/-r\d+$/.test(slip.slipId)) void request(socket, 'slip.ack', { slipId: slip.slipId, status: 'printed' });
  });
  return { socket, slips };
}

/** Keeps both agents online (the sweep marks a silent agent offline) and lets their writes settle. */
async function printersOnline(): Promise<void> {
  for (const agent of [victimAgent, intruderAgent]) await request(agent.socket, 'agent.heartbeat', {});
  await settledFootprint(app, victim.phone, () => true);
}

/** The victim's platform commission invoice of last month (decision 025): a paid order then, and the invoice issued. */
const lastMonth = shiftMonth(israelMonthOf(new Date()), -1);
let platformInvoiced = false;
async function victimPlatformInvoice(): Promise<void> {
  if (platformInvoiced) return;
  platformInvoiced = true;
  const paidAt = new Date(israelMonthRange(lastMonth).start.getTime() + 86_400_000).toISOString();
  await recordOrder(app, {
    businessPhone: victim.phone,
    departmentId: shop.departmentId,
    orderNumber: 9_001,
    placedAt: paidAt,
    paidAt,
  });
  await app.app.get(ProcessorRunner).runUntilIdle();
  const request = { now: new Date(), correlationId: 'tenant-isolation', actor: { kind: 'system' as const } };
  await app.app.get(CommandBus).execute(new IssuePlatformDocumentCommand(victim.phone, lastMonth, request));
}

interface Attack {
  /** The route attacked, as in ROUTE_ACCESS. */
  route: string;
  name: string;
  /** The request, made with the intruder's token; the victim's own token makes the same request as a control. */
  request: (token: string) => Promise<ApiAnswer>;
  /** Ids made just for this case, so a control that deletes does not take them from the others. */
  prepare?: () => Promise<void>;
  /** A control other than the same request with the victim's token. */
  control?: () => Promise<ApiAnswer>;
  /** After a control that moved something on (a kitchen step), so the next run asks for the next move. */
  afterControl?: () => void;
}

/** The sign-in (session family) of the victim's that the intruder tries to end. */
let victimSignIn = '';
/** A fresh paid order of the victim's (and a refund of it), for the cases whose control refunds or cancels it. */
const spareOrder = { orderId: '', refundId: '' };
/** The diner's order whose ready SMS the intruder tries to set (decision 033). */
let readySmsOrder = { orderId: '', session: '' };
const freshPaidOrder = async () => {
  spareOrder.orderId = (await dinerPays(app, shop)).orderId;
  spareOrder.refundId = '';
};
/** A paid order of the victim's whose tax document waits for its allocation number (issue 32). */
let waitingNumber = 900_000;
const freshWaitingDocument = async () => {
  ({ orderId: spareOrder.orderId } = await recordOrder(app, {
    businessPhone: victim.phone,
    departmentId: shop.departmentId,
    orderNumber: ++waitingNumber,
    lines: [{ productId: 1, name: 'מגש אירוח', unitPriceAgorot: 826_000, quantity: 1 }],
    invoiceFor: { name: 'חברת הדוגמה בע"מ', taxId: '512345679' },
    paidAt: new Date().toISOString(),
  }));
  spareOrder.refundId = '';
};
const freshRefund = async () => {
  await freshPaidOrder();
  const refund = await call<{ data: { refundId: string } }>(app, 'POST', `/api/orders/${spareOrder.orderId}/refunds`, {
    token: victim.token,
    body: { amount: '1', reason: 'טעות' },
  });
  if (refund.status !== 200) throw new Error(`the victim could not refund: ${refund.status}`);
  spareOrder.refundId = refund.body.data.refundId;
};

// Fresh objects of the victim's for the cases whose control deletes or edits them.
const spare = { categoryId: 0, productId: 0, groupId: '', optionIds: [] as string[] };
const freshVictimMenu = async () => {
  spare.categoryId = await createCategory(app, victim, `קטגוריה ${Math.random()}`);
  spare.productId = (await createProduct(app, victim, { categoryId: spare.categoryId })).id;
};
/** A fresh product of the victim's with a fresh option group of two options on it (decision 020). */
const freshVictimOptions = async () => {
  await freshVictimMenu();
  const group = await call<{ data: { id: string; options: { id: string }[] } }>(app, 'POST', '/api/option-groups', {
    token: victim.token,
    body: {
      name: `קבוצה ${Math.random()}`,
      minChoices: 0,
      maxChoices: 2,
      options: [
        { name: 'שיבולת שועל', price: '2' },
        { name: 'שוט נוסף', price: '3' },
      ],
    },
  });
  spare.groupId = group.body.data.id;
  spare.optionIds = group.body.data.options.map((option) => option.id);
  await call(app, 'PUT', `/api/products/${spare.productId}/option-groups/${spare.groupId}`, { token: victim.token });
};
const spareOption = () => `/api/option-groups/${spare.groupId}/options/${spare.optionIds[0]}`;

/** A person of the victim's team, invited afresh for the cases whose control changes or removes them (issue 31). */
let spareMember = '';
const freshVictimMember = async () => {
  const invited = await call<{ data: { id: string } }>(app, 'POST', '/api/team', {
    token: victim.token,
    body: { phone: newPhone().local, name: 'יוסי', role: 'kitchen' },
  });
  if (invited.status >= 300) throw new Error(`the victim could not invite: ${invited.status}`);
  spareMember = invited.body.data.id;
};

/** A promo code of the victim's, made afresh for the cases whose control changes it (issue 33). */
let victimPromo = '';
const freshVictimPromo = async () => {
  const created = await call<{ data: { id: string } }>(app, 'POST', '/api/owner/promo-codes', {
    token: victim.token,
    body: { code: `V${Math.random().toString(36).slice(2, 10)}`, rules: { kind: 'percent', percent: 10 } },
  });
  if (created.status >= 300) throw new Error(`the victim could not make a promo code: ${created.status}`);
  victimPromo = created.body.data.id;
};

const productBody = (categoryId: number) => ({ name: 'גנוב', price: '1', categoryId });
const KITCHEN_STEPS = ['accepted', 'ready', 'served'] as const;
let kitchenStep = 0;

const ATTACKS: Attack[] = [
  {
    route: 'PUT /api/categories/:id',
    name: "rename the victim's category",
    prepare: freshVictimMenu,
    request: (token) => call(app, 'PUT', `/api/categories/${spare.categoryId}`, { token, body: { name: 'x' } }),
  },
  {
    route: 'DELETE /api/categories/:id',
    name: "delete the victim's category",
    prepare: freshVictimMenu,
    request: (token) => call(app, 'DELETE', `/api/categories/${spare.categoryId}`, { token }),
  },
  {
    route: 'PATCH /api/categories/order',
    name: "reorder with the victim's category in the list",
    prepare: freshVictimMenu,
    request: async (token) => {
      const own = await call<{ data: { id: number }[] }>(app, 'GET', '/api/categories', { token });
      const ids = own.body.data.map(({ id }) => id).reverse();
      return call(app, 'PATCH', '/api/categories/order', {
        token,
        body: { ids: ids.includes(spare.categoryId) ? ids : [...ids, spare.categoryId] },
      });
    },
  },
  {
    route: 'PUT /api/products/:id',
    name: "edit the victim's product",
    prepare: freshVictimMenu,
    request: (token) =>
      call(app, 'PUT', `/api/products/${spare.productId}`, {
        token,
        body: productBody(token === victim.token ? spare.categoryId : intruderCategoryId),
      }),
  },
  {
    route: 'PUT /api/products/:id',
    name: "move the intruder's own product into the victim's category",
    prepare: freshVictimMenu,
    request: async (token) => {
      const owner = token === victim.token ? victim : intruder;
      const own = await createProduct(app, owner, {
        categoryId: token === victim.token ? spare.categoryId : intruderCategoryId,
      });
      return call(app, 'PUT', `/api/products/${own.id}`, { token, body: productBody(spare.categoryId) });
    },
  },
  {
    route: 'POST /api/products',
    name: "add a product to the victim's category",
    prepare: freshVictimMenu,
    request: (token) => call(app, 'POST', '/api/products', { token, body: productBody(spare.categoryId) }),
  },
  {
    route: 'DELETE /api/products/:id',
    name: "delete the victim's product",
    prepare: freshVictimMenu,
    request: (token) => call(app, 'DELETE', `/api/products/${spare.productId}`, { token }),
  },
  {
    route: 'PATCH /api/categories/:id/products/order',
    name: "reorder the victim's category's products",
    prepare: freshVictimMenu,
    request: (token) =>
      call(app, 'PATCH', `/api/categories/${spare.categoryId}/products/order`, {
        token,
        body: { ids: [spare.productId] },
      }),
  },
  {
    route: 'POST /api/products/:id/duplicate',
    name: "duplicate the victim's product",
    prepare: freshVictimMenu,
    request: (token) => call(app, 'POST', `/api/products/${spare.productId}/duplicate`, { token }),
  },
  {
    route: 'PATCH /api/products/:id/availability',
    name: "mark the victim's product sold out",
    prepare: freshVictimMenu,
    request: (token) =>
      call(app, 'PATCH', `/api/products/${spare.productId}/availability`, { token, body: { isActive: false } }),
  },
  {
    route: 'GET /api/option-groups/:id',
    name: "read the victim's option group",
    prepare: freshVictimOptions,
    request: (token) => call(app, 'GET', `/api/option-groups/${spare.groupId}`, { token }),
  },
  {
    route: 'PUT /api/option-groups/:id',
    name: "rename the victim's option group",
    prepare: freshVictimOptions,
    request: (token) =>
      call(app, 'PUT', `/api/option-groups/${spare.groupId}`, {
        token,
        body: { name: `x ${Math.random()}`, minChoices: 0, maxChoices: 1 },
      }),
  },
  {
    route: 'DELETE /api/option-groups/:id',
    name: "delete the victim's option group",
    prepare: freshVictimOptions,
    request: (token) => call(app, 'DELETE', `/api/option-groups/${spare.groupId}`, { token }),
  },
  {
    route: 'POST /api/option-groups/:id/options',
    name: "add an option to the victim's group",
    prepare: freshVictimOptions,
    request: (token) =>
      call(app, 'POST', `/api/option-groups/${spare.groupId}/options`, { token, body: { name: 'גנוב', price: '0' } }),
  },
  {
    route: 'PATCH /api/option-groups/:id/options/order',
    name: "reorder the victim's options",
    prepare: freshVictimOptions,
    request: (token) =>
      call(app, 'PATCH', `/api/option-groups/${spare.groupId}/options/order`, {
        token,
        body: { ids: [...spare.optionIds].reverse() },
      }),
  },
  {
    route: 'PUT /api/option-groups/:id/options/:optionId',
    name: "change the price of the victim's option",
    prepare: freshVictimOptions,
    request: (token) => call(app, 'PUT', spareOption(), { token, body: { name: 'שיבולת שועל', price: '0' } }),
  },
  {
    route: 'PUT /api/option-groups/:id/options/:optionId',
    name: "edit the victim's option through the intruder's own group",
    prepare: freshVictimOptions,
    request: async (token) => {
      const owner = token === victim.token ? victim : intruder;
      const own = await call<{ data: { id: string } }>(app, 'POST', '/api/option-groups', {
        token,
        body: { name: `שלי ${Math.random()}`, minChoices: 0, maxChoices: 1 },
      });
      // The victim's control edits its own option through its own group.
      const groupId = owner === victim ? spare.groupId : own.body.data.id;
      return call(app, 'PUT', `/api/option-groups/${groupId}/options/${spare.optionIds[0]}`, {
        token,
        body: { name: 'x', price: '0' },
      });
    },
  },
  {
    route: 'DELETE /api/option-groups/:id/options/:optionId',
    name: "remove the victim's option",
    prepare: freshVictimOptions,
    request: (token) => call(app, 'DELETE', spareOption(), { token }),
  },
  {
    route: 'PATCH /api/option-groups/:id/options/:optionId/availability',
    name: "mark the victim's option sold out",
    prepare: freshVictimOptions,
    request: (token) => call(app, 'PATCH', `${spareOption()}/availability`, { token, body: { available: false } }),
  },
  {
    route: 'PUT /api/products/:id/option-groups/:groupId',
    name: "attach the victim's group to the victim's product",
    prepare: async () => {
      await freshVictimOptions();
      await call(app, 'DELETE', `/api/products/${spare.productId}/option-groups/${spare.groupId}`, {
        token: victim.token,
      });
    },
    request: (token) => call(app, 'PUT', `/api/products/${spare.productId}/option-groups/${spare.groupId}`, { token }),
  },
  {
    route: 'PUT /api/products/:id/option-groups/:groupId',
    name: "attach the intruder's own group to the victim's product",
    prepare: freshVictimOptions,
    request: async (token) => {
      const own = await call<{ data: { id: string } }>(app, 'POST', '/api/option-groups', {
        token,
        body: { name: `שלי ${Math.random()}`, minChoices: 0, maxChoices: 1 },
      });
      return call(app, 'PUT', `/api/products/${spare.productId}/option-groups/${own.body.data.id}`, { token });
    },
  },
  {
    route: 'PUT /api/products/:id/option-groups/:groupId',
    name: "attach the victim's group to the intruder's own product",
    prepare: freshVictimOptions,
    request: async (token) => {
      const owner = token === victim.token ? victim : intruder;
      const own = await createProduct(app, owner, {
        categoryId: owner === victim ? spare.categoryId : intruderCategoryId,
      });
      return call(app, 'PUT', `/api/products/${own.id}/option-groups/${spare.groupId}`, { token });
    },
  },
  {
    route: 'DELETE /api/products/:id/option-groups/:groupId',
    name: "take the victim's group off the victim's product",
    prepare: freshVictimOptions,
    request: (token) =>
      call(app, 'DELETE', `/api/products/${spare.productId}/option-groups/${spare.groupId}`, { token }),
  },
  {
    route: 'PATCH /api/products/:id/option-groups/order',
    name: "reorder the victim's product's groups",
    prepare: freshVictimOptions,
    request: (token) =>
      call(app, 'PATCH', `/api/products/${spare.productId}/option-groups/order`, {
        token,
        body: { ids: [spare.groupId] },
      }),
  },
  {
    route: 'POST /api/live-orders/:orderId/reprint',
    name: "print the victim's order again",
    prepare: printersOnline,
    request: (token) => call(app, 'POST', `/api/live-orders/${victimOrder.orderId}/reprint`, { token }),
  },
  {
    route: 'POST /api/live-orders/:orderId/status',
    name: "move the victim's order to the next kitchen step",
    request: (token) =>
      call(app, 'POST', `/api/live-orders/${victimOrder.orderId}/status`, {
        token,
        body: { status: KITCHEN_STEPS[kitchenStep] },
      }),
    afterControl: () => {
      kitchenStep += 1;
    },
  },
  {
    route: 'GET /api/invoice/:orderId',
    name: "open the victim's invoice",
    request: (token) => call(app, 'GET', `/api/invoice/${victimOrder.orderId}`, { token }),
  },
  {
    route: 'GET /api/orders/:departmentId|:orderId/:orderNumber',
    name: "read the victim's order by its number",
    request: (token) => call(app, 'GET', `/api/orders/${shop.departmentId}/${victimOrder.orderNumber}`, { token }),
  },
  {
    route: 'GET /api/orders/:departmentId|:orderId/:orderNumber/wait',
    name: "wait for the victim's order by its number",
    // Settled orders answer at once: the victim's order is paid and invoiced.
    request: (token) => call(app, 'GET', `/api/orders/${shop.departmentId}/${victimOrder.orderNumber}/wait`, { token }),
  },
  {
    route: 'GET /api/orders/:departmentId|:orderId/latest',
    name: "read the latest order of the victim's department",
    request: (token) => call(app, 'GET', `/api/orders/${shop.departmentId}/latest`, { token }),
    // Only the diner's own session reads it, not even the business's owner.
    control: () =>
      call(app, 'GET', `/api/orders/${shop.departmentId}/latest`, { cookies: { [DINER_COOKIE]: dinerSession } }),
  },
  {
    route: 'PUT /api/menu-translations/:kind/:id',
    name: "translate the victim's product",
    request: (token) =>
      call(app, 'PUT', `/api/menu-translations/product/${shop.coffee.id}`, {
        token,
        body: { en: { name: `Coffee ${Math.random()}` } },
      }),
  },
  {
    route: 'POST /api/orders/:departmentId|:orderId/refunds',
    name: "refund the victim's paid order",
    prepare: freshPaidOrder,
    request: (token) =>
      call(app, 'POST', `/api/orders/${spareOrder.orderId}/refunds`, { token, body: { amount: '1', reason: 'טעות' } }),
  },
  {
    route: 'POST /api/orders/:departmentId|:orderId/allocation',
    name: "type an allocation number for the victim's document waiting for one",
    prepare: freshWaitingDocument,
    request: (token) =>
      call(app, 'POST', `/api/orders/${spareOrder.orderId}/allocation`, {
        token,
        body: { choice: 'manual', allocationNumber: '123456789' },
      }),
  },
  {
    route: 'POST /api/orders/:departmentId|:orderId/refunds/:refundId/credit',
    name: "ask again for the credit document of the victim's refund",
    prepare: freshRefund,
    request: (token) =>
      call(app, 'POST', `/api/orders/${spareOrder.orderId}/refunds/${spareOrder.refundId}/credit`, { token }),
  },
  {
    route: 'GET /api/invoice/:orderId/credits/:refundId',
    name: "open the credit document of the victim's refund",
    prepare: freshRefund,
    request: (token) =>
      call(app, 'GET', `/api/invoice/${spareOrder.orderId}/credits/${spareOrder.refundId}`, { token }),
  },
  {
    route: 'POST /api/live-orders/:orderId/decline',
    name: "decline (cancel and refund) the victim's new order",
    prepare: freshPaidOrder,
    request: (token) =>
      call(app, 'POST', `/api/live-orders/${spareOrder.orderId}/decline`, { token, body: { reason: 'נגמר' } }),
  },
  {
    route: 'PUT /api/orders/:departmentId|:orderId/ready-sms',
    name: "give a number for the ready SMS of the victim's diner's order",
    // A fresh order of a fresh diner each time (the victim's first order moves on to ready with the kitchen's case).
    prepare: async () => {
      const placed = await createPayment(app, shop.departmentId, {
        items: [{ productId: shop.croissant.id, quantity: 1 }],
        amount: '12.00',
      });
      readySmsOrder = { orderId: String(placed.body.orderId), session: placed.cookies[DINER_COOKIE]?.value ?? '' };
    },
    request: (token) =>
      call(app, 'PUT', `/api/orders/${readySmsOrder.orderId}/ready-sms`, { token, body: { phone: '054-7654321' } }),
    // Only the order's own diner session gives a number, not even the business's owner.
    control: () =>
      call(app, 'PUT', `/api/orders/${readySmsOrder.orderId}/ready-sms`, {
        body: { phone: '054-7654321' },
        cookies: { [DINER_COOKIE]: readySmsOrder.session },
      }),
  },
  {
    route: 'GET /api/platform-invoice/:month/:phone',
    name: "open the victim's platform commission invoice with its own link's token",
    prepare: victimPlatformInvoice,
    // The page takes no bearer token: each business holds the link of its own invoice, and the intruder swaps in the
    // victim's phone. The victim's own link is the control.
    request: (token) => {
      const links = app.app.get(PlatformInvoiceLinks);
      const own = new URL(links.urlFor(token === victim.token ? victim.phone : intruder.phone, lastMonth), app.url);
      return call(app, 'GET', `/api/platform-invoice/${lastMonth}/${encodeURIComponent(victim.phone)}${own.search}`);
    },
  },
  {
    route: 'DELETE /api/auth/sessions/:id',
    name: "sign out one of the victim's devices",
    // A sign-in of the victim's own for each run: the control ends it.
    prepare: async () => {
      const device = await signInOnceMore(app, victim.phone);
      const listed = await call<{ data: { sessions: { id: string; current: boolean }[] } }>(
        app,
        'GET',
        '/api/auth/sessions',
        { token: device.token },
      );
      victimSignIn = listed.body.data.sessions.find((session) => session.current)?.id ?? '';
    },
    request: (token) => call(app, 'DELETE', `/api/auth/sessions/${victimSignIn}`, { token }),
  },
  {
    route: 'GET /api/live-orders/:orderId/timeline',
    name: "read who moved the victim's order, from the console",
    request: (token) => call(app, 'GET', `/api/live-orders/${victimOrder.orderId}/timeline`, { token }),
  },
  {
    route: 'GET /api/reports/orders/:orderId/timeline',
    name: "read who moved the victim's order, from the report",
    request: (token) => call(app, 'GET', `/api/reports/orders/${victimOrder.orderId}/timeline`, { token }),
  },
  {
    route: 'PATCH /api/team/:id',
    name: "give the victim's team member another role",
    prepare: freshVictimMember,
    request: (token) => call(app, 'PATCH', `/api/team/${spareMember}`, { token, body: { role: 'manager' } }),
  },
  {
    route: 'DELETE /api/team/:id',
    name: "remove the victim's team member",
    prepare: freshVictimMember,
    request: (token) => call(app, 'DELETE', `/api/team/${spareMember}`, { token }),
  },
  {
    route: 'PUT /api/owner/promo-codes/:id',
    name: "change the victim's promo code",
    prepare: freshVictimPromo,
    request: (token) =>
      call(app, 'PUT', `/api/owner/promo-codes/${victimPromo}`, { token, body: { kind: 'percent', percent: 90 } }),
  },
  {
    route: 'POST /api/owner/promo-codes/:id/turn-off',
    name: "turn the victim's promo code off",
    prepare: freshVictimPromo,
    request: (token) => call(app, 'POST', `/api/owner/promo-codes/${victimPromo}/turn-off`, { token }),
  },
  {
    route: 'POST /api/owner/promo-codes/:id/turn-on',
    name: "turn the victim's promo code on again",
    prepare: async () => {
      await freshVictimPromo();
      await call(app, 'POST', `/api/owner/promo-codes/${victimPromo}/turn-off`, { token: victim.token });
    },
    request: (token) => call(app, 'POST', `/api/owner/promo-codes/${victimPromo}/turn-on`, { token }),
  },
  {
    route: 'GET /api/printer/status',
    name: "read the victim's printer status by ?businessId",
    request: (token) =>
      call(app, 'GET', `/api/printer/status?businessId=${encodeURIComponent(victim.phone)}`, { token }),
  },
];

describe("one business using another's ids", () => {
  it('covers every API route that takes an id: each is attacked below, admin-only, or public by design', () => {
    const attacked = new Set(ATTACKS.map((attack) => attack.route));
    const withIds = apiRoutes(app)
      .filter((route) => route.path.includes(':'))
      .map((route) => route.key);
    const uncovered = withIds.filter(
      (key) => !attacked.has(key) && !routesOf('admin').includes(key) && !(key in PUBLIC_IDS) && !(key in NOT_IDS),
    );
    expect(uncovered).toEqual([]);
    // And no line of the tables names a route that no longer exists.
    const registered = apiRoutes(app).map((route) => route.key);
    expect(tableGaps(registered, [...attacked, ...Object.keys(PUBLIC_IDS)]).stale).toEqual([]);
  });

  describe.each([
    ['its own token', () => intruder.token],
    ['an impersonation token for it', () => impersonated],
  ])('with %s', (_label, intruderToken) => {
    it.each(ATTACKS.map((attack) => [`${attack.route}: ${attack.name}`, attack] as const))(
      'cannot %s: 404 and nothing of the victim changes',
      async (_name, attack) => {
        await attack.prepare?.();
        // Settled first: the previous attack's control (a kitchen step by the victim) and this one's preparation (a
        // paid order's invoice, slip and receipt) may still be reaching the read models through the processors.
        // Drained to the log's end, then steady (a slip's acknowledgement comes back from the agent's socket).
        await app.app.get(ProcessorRunner).runUntilIdle();
        const before = await settledFootprint(app, victim.phone, () => true);
        const answer = await attack.request(intruderToken());
        expect([403, 404]).toContain(answer.status);
        if (typeof answer.body === 'object') expect(answer.body).toMatchObject({ success: false });
        expect(JSON.stringify(answer.body)).not.toContain(VICTIM_NAME);
        expect(await footprintOf(app, victim.phone)).toEqual(before);
        expect(intruderAgent.slips.filter((slip) => slip.orderId === victimOrder.orderId)).toEqual([]);
        // The control: the very same request by the victim is accepted, so the ids were real and the request sound.
        const control = await (attack.control ? attack.control() : attack.request(victim.token));
        expect(control.status).toBeLessThan(300);
        attack.afterControl?.();
      },
    );
  });

  it('gets only its own data from every owner route without an id, whatever business ids it adds', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const foreign = { businessId: victim.phone, businessPhone: victim.phone, departmentId: shop.departmentId };
    const query = new URLSearchParams({ ...foreign, month }).toString();
    const bodies: Record<string, unknown> = {
      'PUT /api/business/profile': (({ phone: _phone, ...form }) => form)(registrationForm()),
      'PUT /api/business/diner-languages': { languages: ['en'] },
      'PUT /api/business/service-mode': { serviceMode: 'pickup' },
      'PUT /api/business/menu-address': { address: 'intruder-cafe', shareLine: 'של הפורץ' },
      'PUT /api/business/auto-accept': { enabled: true, readyInMinutes: 10 },
      'PUT /api/business/order-ahead': { ...ORDER_AHEAD_OFF, enabled: true },
      'PUT /api/business/opening-hours': {
        weekly: null,
        closedDates: ['2030-01-01'],
        shabbat: { enabled: true, city: 'Haifa' },
        closedOptionalDays: [],
      },
      'POST /api/business/ordering-pause': { minutes: 15 },
      'PUT /api/business/address': { street: 'הרצל 12', city: 'חיפה' },
      'PUT /api/business/cardcom-password': { apiPassword: 'intruder-password' },
      'PUT /api/business/payment-options': { tipsEnabled: true, bitEnabled: true, googlePayEnabled: true },
      'POST /api/categories': { name: 'שלי' },
      'PATCH /api/categories/order': { ids: [intruderCategoryId] },
      'POST /api/products': productBody(intruderCategoryId),
      'POST /api/option-groups': { name: 'של הפורץ', minChoices: 0, maxChoices: 1 },
      'PUT /api/printer/settings': { paperWidth: '58mm' },
      'POST /api/team': { phone: newPhone().local, name: 'של הפורץ', role: 'kitchen' },
      'PUT /api/team/settings': { idleHours: 8 },
      'PUT /api/team/me/pin': { pin: '4321' },
      'POST /api/owner/promo-codes': { code: 'INTRUDER', rules: { kind: 'percent', percent: 10 } },
      'PUT /api/business/tables': { shared: true, numbers: [1], idleMinutes: 90, unpaidShareMinutes: 15 },
      // A team id of the victim's: the intruder's phone belongs to no team of the victim's, so nothing opens.
      'POST /api/auth/switch-business': { id: spareMember },
    };
    // Signing out the intruder's other devices would end the impersonation session the later cases use; what it can
    // reach is tested on its own below.
    const routes = routesOf('owner').filter(
      (key) => (!key.includes(':') || key in NOT_IDS) && key !== 'POST /api/auth/sessions/sign-out-others',
    );
    expect(routes.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const key of routes) {
      const { method, path: template } = splitKey(key);
      const path = fillPath(template, { month });
      // The loop may outlast the 45 s after which the sweep marks a silent printer offline (on a busy machine): a
      // heartbeat before each footprint keeps that change out of the route's window.
      for (const agent of [victimAgent, intruderAgent]) await request(agent.socket, 'agent.heartbeat', {});
      const before = await footprintOf(app, victim.phone);
      const answer = await call(app, method, method === 'GET' ? `${path}?${query}` : path, {
        token: intruder.token,
        ...(method === 'GET' ? {} : { body: { ...(bodies[key] as object), ...foreign } }),
      });
      const text = JSON.stringify(answer.body);
      if (answer.status >= 500) problems.push(`${key} answered ${answer.status}`);
      for (const secret of [VICTIM_NAME, victimOrder.orderId, shop.departmentId]) {
        if (text.includes(secret)) problems.push(`${key} told ${secret}`);
      }
      const after = await footprintOf(app, victim.phone);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        // Say what changed, so that a failure names its table.
        const tables = Object.keys({ ...before.rows, ...after.rows }).filter(
          (table) => JSON.stringify(before.rows[table]) !== JSON.stringify(after.rows[table]),
        );
        const events = after.events.filter((event) => !before.events.includes(event));
        problems.push(`${key} changed the victim's data: ${JSON.stringify({ tables, events })}`);
      }
    }
    expect(problems).toEqual([]);
    // Two footprints of every table per route, over some sixty routes: minutes on a busy machine.
  }, 300_000);
});

describe("signing out one's other devices", () => {
  it("ends only the caller's own sign-ins, never another business's", async () => {
    const device = await signInOnceMore(app, victim.phone);
    const stranger = await registerOwner(app);
    const answer = await call(app, 'POST', '/api/auth/sessions/sign-out-others', { token: stranger.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ signedOut: 0 });
    expect((await call(app, 'GET', '/api/business/profile', { token: device.token })).status).toBe(200);
    expect((await call(app, 'GET', '/api/business/profile', { token: victim.token })).status).toBe(200);
  });
});

describe('tokens of one audience never open routes of another', () => {
  // Values that match each path parameter's shape and name nothing that exists.
  const params = {
    id: 987654,
    phone: '0501112233',
    month: '2020-01',
    orderId: '00000000-0000-4000-8000-000000000000',
    groupId: '00000000-0000-4000-8000-000000000001',
    optionId: '00000000-0000-4000-8000-000000000002',
    refundId: '00000000-0000-4000-8000-000000000003',
    kind: 'product',
  };
  const send = (key: string, token?: string) => {
    const { method, path } = splitKey(key);
    return call(app, method, fillPath(path, params), {
      ...(token ? { token } : {}),
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
    });
  };

  it('knows every API route: each one is in the table of audiences', () => {
    const gaps = tableGaps(
      apiRoutes(app).map((route) => route.key),
      Object.keys(ROUTE_ACCESS),
    );
    expect(gaps).toEqual({ unlisted: [], stale: [] });
  });

  it.each(routesOf('admin'))('%s refuses no token, owner tokens and impersonation tokens', async (key) => {
    for (const token of [undefined, intruder.token, impersonated]) {
      const answer = await send(key, token);
      expect({ status: answer.status, body: answer.body }).toMatchObject({
        status: 401,
        body: { success: false, code: 'auth.unauthenticated' },
      });
    }
    // An administrator's token does get past the guard (whatever the handler then says of these made-up values).
    expect((await send(key, adminToken)).status).not.toBe(401);
  });

  it.each(routesOf('owner'))("%s refuses no token and an administrator's own token", async (key) => {
    for (const token of [undefined, adminToken]) {
      const answer = await send(key, token);
      expect({ status: answer.status, body: answer.body }).toMatchObject({
        status: 401,
        body: { success: false, code: 'auth.unauthenticated' },
      });
    }
    // The administrator acts as a business only through impersonation, which the guard lets through.
    expect((await send(key, impersonated)).status).not.toBe(401);
  });

  it.each(routesOf('agent'))('%s refuses owner and administrator bearer tokens', async (key) => {
    for (const token of [intruder.token, impersonated, adminToken]) {
      const answer = await send(key, token);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ success: false });
    }
  });
});

/**
 * Routes whose path parameter names no object of anyone's (a month), so there is no other business's id to try: they
 * answer the signed-in business's own data, and are tried with the routes without an id above.
 */
const NOT_IDS: Record<string, string> = {
  'GET /api/bookkeeping/months/:month': "the accountant's month of the signed-in business (issue 32)",
};

/** Routes whose ids are public by design, and why no business needs to be protected from another there. */
const PUBLIC_IDS: Record<string, string> = {
  'GET /api/menu/:departmentId': 'the public menu of any business is public: it is what its QR code opens',
  'POST /api/menu/:departmentId/promo-check':
    "the diner's check of a promo code against that menu: public like the menu, and it changes nothing",
  // The shared table (issue 34, decision 055): no token opens it, only the table's secret key from its poster, and every
  // refusal is one 404; a diner's lines are theirs by their session cookie (shared-table.spec.ts).
  'GET /api/tables/:departmentId/:table': "a shared table's state: opened by the poster's secret key, not a token",
  'PUT /api/tables/:departmentId/:table/me': "a diner's name at a shared table: the poster's key and their session",
  'POST /api/tables/:departmentId/:table/lines': "a line at a shared table: the poster's key and the diner's session",
  'PATCH /api/tables/:departmentId/:table/lines/:lineId': "a diner's own line: only the session that added it",
  'DELETE /api/tables/:departmentId/:table/lines/:lineId': "a diner's own line: only the session that added it",
  'PUT /api/tables/:departmentId/:table/notes': "a shared table's notes: the poster's key",
  'POST /api/tables/:departmentId/:table/tab': "a shared table's card hold: the poster's key",
  'POST /api/tables/:departmentId/:table/rounds': "a shared table's round: the poster's key",
  'POST /api/tables/:departmentId/:table/tab/charge': "a tab's held card: the poster's key and the holder's session",
};
