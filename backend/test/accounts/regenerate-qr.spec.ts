import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AdminAuditEntry, israelMonthOf, type LiveOrdersAnswer, type MonthlyReport } from '@tafrit/contracts';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, signInAdmin, type SignedInOwner, stepUp } from '../support/accounts.js';
import { createPayment, DINER_COOKIE, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { dinerPays, SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { RecentOrders } from '../../src/modules/ordering/persistence/recent-orders.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The built diner page in miniature (see test/diner/diner-page.spec.ts): enough for the server to render a menu page.
const DINER_HTML =
  '<!doctype html><html lang="he" dir="rtl"><head><title>תפריט</title></head><body><div id="root"></div></body></html>';
const SSR_RENDERER = `export function renderMenuMarkup(menu) { return '<h1>' + menu.business.departmentId + '</h1>'; }`;

let frontendDist: string;
let app: TestApp;
let store: EventStore;
let owner: SignedInOwner;
let shop: Shop;
/** One administrator session for the file: sign-in codes to the same phone are rate-limited. */
let adminToken: string;

beforeAll(async () => {
  frontendDist = mkdtempSync(join(tmpdir(), 'tafrit-regenerate-qr-'));
  writeFileSync(join(frontendDist, 'index.html'), DINER_HTML);
  writeFileSync(join(frontendDist, 'diner.html'), DINER_HTML);
  mkdirSync(join(frontendDist, 'ssr'));
  writeFileSync(join(frontendDist, 'ssr', 'diner.js'), SSR_RENDERER);
  app = await startTestApp({ FRONTEND_DIST: frontendDist });
  store = app.app.get(EVENT_STORE);
  owner = await registerOwner(app, { businessName: 'קפה הכרמל' });
  shop = await openShop(app, owner);
  adminToken = (await signInAdmin(app)).token;
  // A new address needs a fresh code (decision 036; test/accounts/step-up.spec.ts); five minutes cover this file.
  await stepUp(app, owner);
}, 90_000);
afterAll(async () => {
  await app.close();
  rmSync(frontendDist, { recursive: true, force: true });
});

const regenerate = (token?: string) =>
  call<{ success: boolean; data: { departmentId: string } }>(app, 'POST', '/api/business/regenerate-qr', {
    token,
    ip: '203.0.113.40',
  });
const menuApi = (departmentId: string) => call(app, 'GET', `/api/menu/${departmentId}`);
const dinerPage = (departmentId: string) => app.app.inject({ method: 'GET', url: `/menu/${departmentId}` });
const departmentOf = async (phone: string) =>
  (await app.database.em().fork().findOneOrFail(BusinessEntity, { phone })).departmentId;
const checkout = (departmentId: string) =>
  createPayment(app, departmentId, {
    items: [{ productId: shop.coffee.id, quantity: 1 }],
    amount: '14.50',
    ip: `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });

async function report(): Promise<MonthlyReport> {
  const answer = await call<{ data: MonthlyReport }>(app, 'GET', `/api/orders?month=${israelMonthOf(new Date())}`, {
    token: owner.token,
  });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function liveOrders(): Promise<LiveOrdersAnswer> {
  const answer = await call<{ data: LiveOrdersAnswer }>(app, 'GET', '/api/live-orders', { token: owner.token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** Asks again until `check` holds: the payment's projections may land a moment after the sandbox's answer. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a new public address for a leaked QR code', () => {
  it('only an owner may ask, and only for their own business', async () => {
    expect((await regenerate()).status).toBe(401);
    expect((await regenerate('not-a-token')).status).toBe(401);
    expect((await regenerate(adminToken)).status).toBe(401);

    // Another owner's token regenerates that owner's business: the victim's address and stream stay as they were.
    const before = await departmentOf(owner.phone);
    const versionBefore = (await store.readStream(`business-${owner.phone}`)).events.length;
    const intruder = await registerOwner(app);
    await stepUp(app, intruder);
    const intruderBefore = await departmentOf(intruder.phone);
    const answer = await regenerate(intruder.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.departmentId).not.toBe(intruderBefore);
    expect(await departmentOf(intruder.phone)).toBe(answer.body.data.departmentId);
    expect(await departmentOf(owner.phone)).toBe(before);
    expect((await store.readStream(`business-${owner.phone}`)).events).toHaveLength(versionBefore);
    expect((await menuApi(before)).status).toBe(200);
  });

  it('the old address stops answering at once (menu API, diner page, checkout), the new one works, orders stay', async () => {
    const oldId = shop.departmentId;
    // Warm every cache of the old address first: the menu, the diner page, and an order placed and paid through it.
    expect((await menuApi(oldId)).status).toBe(200);
    expect((await menuApi(oldId)).status).toBe(200);
    expect((await dinerPage(oldId)).statusCode).toBe(200);
    await dinerPays(app, shop);
    const paidBefore = await until(report, (data) => data.orders.length === 1);
    const liveBefore = await until(liveOrders, (data) => data.orders.length === 1);

    const answer = await regenerate(owner.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, data: { departmentId: expect.any(String) } });
    const newId = answer.body.data.departmentId;
    expect(newId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(newId).not.toBe(oldId);
    expect(await departmentOf(owner.phone)).toBe(newId);

    const oldMenu = await menuApi(oldId);
    expect(oldMenu.status).toBe(404);
    expect(oldMenu.body).toMatchObject({ success: false, code: 'menu.not_found' });
    expect((await dinerPage(oldId)).statusCode).toBe(404);
    const refused = await checkout(oldId);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ success: false });

    const newMenu = await menuApi(newId);
    expect(newMenu.status).toBe(200);
    expect((newMenu.body.data as { business: { departmentId: string } }).business.departmentId).toBe(newId);
    const page = await dinerPage(newId);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1>${newId}</h1>`);
    expect((await checkout(newId)).status).toBe(200);

    // The owner's report and live orders key on the business, not the address: the earlier order is still there.
    expect((await report()).orders.map((order) => order.orderNumber)).toEqual(
      paidBefore.orders.map((order) => order.orderNumber),
    );
    expect((await liveOrders()).orders.map((order) => order.orderId)).toEqual(
      liveBefore.orders.map((order) => order.orderId),
    );
    await dinerPays(app, { ...shop, departmentId: newId });
    await until(report, (data) => data.orders.length === 2);
  });

  it('is recorded on the business stream and shown in the audit with the address it came from', async () => {
    const previous = await departmentOf(owner.phone);
    const answer = await regenerate(owner.token);
    expect(answer.status).toBe(200);
    const events = (await store.readStream(`business-${owner.phone}`)).events;
    expect(events.at(-1)).toMatchObject({
      type: 'DepartmentIdRegenerated',
      data: { phone: owner.phone, departmentId: answer.body.data.departmentId, previousDepartmentId: previous },
      metadata: { actor: { kind: 'owner', id: owner.phone } },
    });

    const audit = await call<{ data: AdminAuditEntry[] }>(app, 'GET', '/api/admin/audit', { token: adminToken });
    expect(audit.status).toBe(200);
    const entry = audit.body.data.find(
      (line) => line.type === 'DepartmentIdRegenerated' && line.subject === owner.phone,
    );
    expect(entry).toMatchObject({
      admin: null,
      ip: '203.0.113.40',
      summary: 'החלפת כתובת התפריט וקוד ה־QR של \u2068קפה הכרמל\u2069',
    });
  });

  it('a diner whose order was placed at the old address still finds it there on the thank-you page', async () => {
    const before = await departmentOf(owner.phone);
    const placed = await checkout(before);
    expect(placed.status).toBe(200);
    expect((await payInSandbox(app, String(placed.body.paymentUrl), { number: SANDBOX_APPROVED_CARD })).status).toBe(
      303,
    );
    const session = placed.cookies[DINER_COOKIE]!.value;
    expect((await regenerate(owner.token)).status).toBe(200);

    // Past the moment this process answers from memory: the row itself is asked.
    const recent = app.app.get(RecentOrders);
    const clock = recent.now;
    recent.now = () => clock() + 60_000;
    try {
      const path = `/api/orders/${before}/${String(placed.body.orderNumber)}`;
      const mine = await call(app, 'GET', path, { cookies: { [DINER_COOKIE]: session } });
      expect(mine.status).toBe(200);
      expect(mine.body).toMatchObject({ success: true, data: { paymentStatus: 'paid' } });
      const waited = await call(app, 'GET', `${path}/wait`, { cookies: { [DINER_COOKIE]: session } });
      expect(waited.body).toMatchObject({ success: true, data: { paymentStatus: 'paid' } });
      // Still only for its own diner session.
      const other = await call(app, 'GET', path, {
        cookies: { [DINER_COOKIE]: '00000000-0000-4000-8000-000000000000' },
      });
      expect(other.status).toBe(404);
    } finally {
      recent.now = clock;
    }
  });
});
