import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AdminBusinessRow, israelMonthOf } from '@tafrit/contracts';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { UserSessionEntity } from '../../src/modules/accounts/persistence/user-session.entity.js';
import { CategoryEntity } from '../../src/modules/menu/persistence/category.entity.js';
import { ProductEntity } from '../../src/modules/menu/persistence/product.entity.js';
import { OrderEntity } from '../../src/modules/ordering/projections/order.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import type { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { paymentProcessors, takeOverRunner } from '../invoicing/support.js';
import {
  CONFIGURED_ADMIN,
  newPhone,
  OWNER_COOKIE,
  registerOwner,
  registrationForm,
  signInAdmin,
  latestCode,
  smsLog,
  type SignedInOwner,
} from '../support/accounts.js';
import { createPayment, openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { createProduct, pngOf } from '../support/menu.js';
import { recordOrder } from '../support/orders.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The administrator's account management (issue 7): the list with this month's figures, pause and activation (the
// public menu, the diner's page and create-payment stop at once), and closing an account (sessions, menu and images
// gone; orders, invoices and events kept). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.

// The built diner.html in miniature, so the diner's page (/menu/{departmentId}) is served too.
const DINER_HTML =
  '<!doctype html><html lang="he" dir="rtl"><head><title>תפריט</title></head><body><div id="root"></div></body></html>';

let frontendDist: string;
let app: TestApp;
let store: EventStore;
let runner: ProcessorRunner;
let processors: ReturnType<typeof paymentProcessors>;
let adminToken: string;

beforeAll(async () => {
  frontendDist = mkdtempSync(join(tmpdir(), 'tafrit-admin-dist-'));
  writeFileSync(join(frontendDist, 'index.html'), DINER_HTML);
  writeFileSync(join(frontendDist, 'diner.html'), DINER_HTML);
  app = await startTestApp({ FRONTEND_DIST: frontendDist });
  store = app.app.get(EVENT_STORE);
  processors = paymentProcessors(app);
  runner = await takeOverRunner(app, []);
  adminToken = (await signInAdmin(app)).token;
});
afterAll(async () => {
  await app?.close();
  rmSync(frontendDist, { recursive: true, force: true });
});

const ADMIN_IP = '10.7.0.9';
const list = (token = adminToken) => call<{ data: AdminBusinessRow[] }>(app, 'GET', '/api/admin/businesses', { token });
const toggle = (phone: string, body: unknown, token = adminToken) =>
  call(app, 'PATCH', `/api/admin/businesses/${encodeURIComponent(phone)}/toggle`, { token, body, ip: ADMIN_IP });
const close = (phone: string, token = adminToken) =>
  call(app, 'DELETE', `/api/admin/businesses/${encodeURIComponent(phone)}`, { token, ip: ADMIN_IP });
const reopen = (phone: string, token = adminToken) =>
  call(app, 'POST', `/api/admin/businesses/${encodeURIComponent(phone)}/reopen`, { token, ip: ADMIN_IP });
const menu = (departmentId: string) => call(app, 'GET', `/api/menu/${departmentId}`, { ip: '10.8.0.1' });
const dinerPage = (departmentId: string) =>
  app.app.inject({ method: 'GET', url: `/menu/${departmentId}`, headers: { 'x-forwarded-for': '10.8.0.2' } });
const pay = (shop: Shop) =>
  createPayment(app, shop.departmentId, { items: [{ productId: shop.coffee.id, quantity: 1 }], amount: '14.50' });
const eventsOf = async (phone: string) => (await store.readStream(`business-${phone}`)).events;
const localOf = (e164: string) => `0${e164.slice(4, 6)}-${e164.slice(6)}`;
const rowOf = (rows: AdminBusinessRow[], phone: string) => rows.find((row) => row.phone === phone);

async function shopOf(): Promise<{ owner: SignedInOwner; shop: Shop }> {
  const owner = await registerOwner(app);
  return { owner, shop: await openShop(app, owner) };
}

describe('the admin account routes need an admin token', () => {
  it('refuse no token and an owner token, with 401', async () => {
    const owner = await registerOwner(app);
    for (const token of ['', owner.token]) {
      const answers = [
        await list(token),
        await toggle(owner.phone, { isActive: false }, token),
        await close(owner.phone, token),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({ success: false, code: 'auth.unauthenticated' });
      }
    }
    // Nothing happened to the business.
    expect((await eventsOf(owner.phone)).map((event) => event.type)).toEqual(['BusinessRegistered']);
  });

  it('refuse an owner token that an administrator opened (impersonation)', async () => {
    const owner = await registerOwner(app);
    const opened = await call(app, 'POST', `/api/admin/impersonate/${owner.phone}`, { token: adminToken });
    const inside = (opened.body.data as { token: string }).token;
    expect((await list(inside)).status).toBe(401);
    expect((await toggle(owner.phone, { isActive: false }, inside)).status).toBe(401);
    expect((await close(owner.phone, inside)).status).toBe(401);
  });
});

describe('the list of accounts', () => {
  it('shows every account newest first with the fields of the spec and nothing private', async () => {
    const first = await registerOwner(app, { businessName: 'קפה ראשון', fullName: 'רות לוי' });
    const second = await registerOwner(app, { businessName: 'קפה שני' });
    const answer = await list();
    expect(answer.status).toBe(200);
    const rows = answer.body.data;
    const created = rows.map((row) => row.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(rows.findIndex((row) => row.phone === second.phone)).toBeLessThan(
      rows.findIndex((row) => row.phone === first.phone),
    );
    const row = rowOf(rows, first.phone);
    const business = await app.database.em().fork().findOneOrFail(BusinessEntity, { phone: first.phone });
    expect(row).toEqual({
      phone: first.phone,
      businessName: 'קפה ראשון',
      fullName: 'רות לוי',
      email: business.email,
      departmentId: business.departmentId,
      isActive: true,
      closedAt: null,
      createdAt: new Date(business.createdAt).toISOString(),
      monthOrders: 0,
      monthSales: '0.00',
    });
  });

  it("counts this Israel month's paid orders and sales only", async () => {
    const owner = await registerOwner(app);
    const { departmentId } = await app.database.em().fork().findOneOrFail(BusinessEntity, { phone: owner.phone });
    const now = new Date().toISOString();
    const base = { businessPhone: owner.phone, departmentId };
    // Two paid this month (41.00 each with the default lines), one unpaid, one paid 40 days ago.
    await recordOrder(app, { ...base, orderNumber: 1, placedAt: now, paidAt: now });
    await recordOrder(app, { ...base, orderNumber: 2, placedAt: now, paidAt: now });
    await recordOrder(app, { ...base, orderNumber: 3, placedAt: now });
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await recordOrder(app, { ...base, orderNumber: 4, placedAt: longAgo, paidAt: longAgo });
    const row = rowOf((await list()).body.data, owner.phone);
    expect(row).toMatchObject({ monthOrders: 2, monthSales: '82.00' });
  });
});

describe('pausing and activating an account', () => {
  it('stops the public menu, the diner page and create-payment at once, and activating restores them', async () => {
    const { owner, shop } = await shopOf();
    expect((await menu(shop.departmentId)).status).toBe(200);
    expect((await dinerPage(shop.departmentId)).statusCode).toBe(200);
    expect((await pay(shop)).status).toBe(200);

    const paused = await toggle(owner.phone, { isActive: false });
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ phone: owner.phone, isActive: false, closedAt: null });
    const pausedMenu = await menu(shop.departmentId);
    expect(pausedMenu.status).toBe(404);
    expect(pausedMenu.body).toMatchObject({ success: false, code: 'menu.unavailable' });
    expect((await dinerPage(shop.departmentId)).statusCode).toBe(404);
    const refused = await pay(shop);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'menu.unavailable' });

    const activated = await toggle(owner.phone, { isActive: true });
    expect(activated.status).toBe(200);
    expect(activated.body.data).toMatchObject({ isActive: true });
    expect((await menu(shop.departmentId)).status).toBe(200);
    expect((await dinerPage(shop.departmentId)).statusCode).toBe(200);
    expect((await pay(shop)).status).toBe(200);
  });

  it('records BusinessPaused and BusinessActivated with the admin, the address and the time; a repeat records nothing', async () => {
    const owner = await registerOwner(app);
    await toggle(localOf(owner.phone), { isActive: false });
    await toggle(owner.phone, { isActive: false });
    await toggle(owner.phone, { isActive: true });
    await toggle(owner.phone, { isActive: true });
    const events = await eventsOf(owner.phone);
    expect(events.map((event) => event.type)).toEqual(['BusinessRegistered', 'BusinessPaused', 'BusinessActivated']);
    for (const event of events.slice(1)) {
      expect(event).toMatchObject({
        data: { phone: owner.phone, adminPhone: CONFIGURED_ADMIN.e164, ip: ADMIN_IP, at: expect.any(String) },
        metadata: { actor: { kind: 'admin', id: CONFIGURED_ADMIN.e164 } },
      });
    }
    const row = await app.database.em().fork().findOneOrFail(BusinessEntity, { phone: owner.phone });
    expect(row).toMatchObject({ isActive: true, streamVersion: 3 });
  });

  it('leaves the paused owner signed in: the console answers isActive false', async () => {
    const owner = await registerOwner(app);
    await toggle(owner.phone, { isActive: false });
    const profile = await call(app, 'GET', '/api/business/profile', { token: owner.token });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ business: { phone: owner.phone, isActive: false } });
    expect(
      (await call(app, 'POST', '/api/auth/refresh', { cookies: { [OWNER_COOKIE]: owner.refreshCookie } })).status,
    ).toBe(200);
  });

  it('refuses a body without isActive (400) and an unknown or malformed phone (404)', async () => {
    const owner = await registerOwner(app);
    const invalid = await toggle(owner.phone, { isActive: 'no' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'validation.failed', fields: { isActive: expect.any(String) } });
    const unknown = await toggle(newPhone().e164, { isActive: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'not_found' });
    expect((await toggle('not-a-phone', { isActive: false })).status).toBe(404);
    // The path is read before the body: a malformed phone with a malformed body is the same 404.
    expect((await toggle('not-a-phone', {})).status).toBe(404);
  });
});

describe('closing an account', () => {
  it('revokes its sessions, removes its menu, photos and logo; the public menu and payments are gone', async () => {
    const { owner, shop } = await shopOf();
    const categoryId = (await app.database.em().fork().findOneOrFail(CategoryEntity, { businessId: owner.phone })).id;
    const photo = await createProduct(app, owner, { categoryId, image: { bytes: await pngOf(600, 400) } });
    const form = new FormData();
    form.append('logo', new Blob([await pngOf(64, 64)], { type: 'image/png' }), 'logo.png');
    const logo = (
      (await call(app, 'POST', '/api/business/logo', { token: owner.token, form })).body.data as {
        business: { logo: string };
      }
    ).business.logo;
    const image = photo.image as { small: string; large: string };
    const fileOf = (url: string) => join(app.config.dataDir, url);
    for (const url of [image.small, image.large, logo]) expect(existsSync(fileOf(url))).toBe(true);
    expect((await menu(shop.departmentId)).status).toBe(200);

    const answer = await close(localOf(owner.phone));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ phone: owner.phone, isActive: false, closedAt: expect.any(String) });

    // Signed out everywhere: the access token and the refresh cookie are dead.
    expect((await call(app, 'GET', '/api/business/profile', { token: owner.token })).status).toBe(401);
    const refresh = await call(app, 'POST', '/api/auth/refresh', { cookies: { [OWNER_COOKIE]: owner.refreshCookie } });
    expect(refresh.status).toBe(401);
    const sessions = await app.database.em().fork().find(UserSessionEntity, { userId: owner.phone, audience: 'owner' });
    expect(sessions.every((session) => session.isRevoked)).toBe(true);
    expect(sessions.some((session) => session.revokedReason === 'business_closed')).toBe(true);

    // The menu and its files are gone.
    const em = app.database.em().fork();
    expect(await em.count(CategoryEntity, { businessId: owner.phone })).toBe(0);
    expect(await em.count(ProductEntity, { businessId: owner.phone })).toBe(0);
    for (const url of [image.small, image.large, logo]) expect(existsSync(fileOf(url))).toBe(false);
    expect((await em.findOneOrFail(BusinessEntity, { phone: owner.phone })).logo).toBeNull();
    const gone = await menu(shop.departmentId);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 'menu.not_found' });
    expect((await dinerPage(shop.departmentId)).statusCode).toBe(404);
    const refused = await pay(shop);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'menu.not_found' });
  });

  it('keeps its orders and invoices: the orders row, the invoice page and the month figures stay', async () => {
    const owner = await registerOwner(app, { businessName: 'קפה שנסגר' });
    const { departmentId } = await app.database.em().fork().findOneOrFail(BusinessEntity, { phone: owner.phone });
    const now = new Date().toISOString();
    const { orderId } = await recordOrder(app, {
      businessPhone: owner.phone,
      departmentId,
      orderNumber: 1,
      placedAt: now,
      paidAt: now,
    });
    await runner.runUntilIdle();
    expect((await call(app, 'GET', processors.links.urlFor(orderId))).status).toBe(200);

    expect((await close(owner.phone)).status).toBe(200);

    const order = await app.database.em().fork().findOneOrFail(OrderEntity, { id: orderId });
    expect(order).toMatchObject({ businessId: owner.phone, paymentStatus: 'paid', totalAmount: '41.00' });
    const invoice = await call<string>(app, 'GET', processors.links.urlFor(orderId));
    expect(invoice.status).toBe(200);
    expect(invoice.body).toContain('קפה שנסגר');
    expect((await store.readStream(`order-${orderId}`)).events.map((event) => event.type)).toContain('InvoiceIssued');
    const row = rowOf((await list()).body.data, owner.phone);
    expect(row).toMatchObject({ isActive: false, closedAt: expect.any(String), monthOrders: 1, monthSales: '41.00' });
  });

  it('records BusinessClosed with the admin and the address; closing again records nothing and answers 200', async () => {
    const owner = await registerOwner(app);
    expect((await close(owner.phone)).status).toBe(200);
    expect((await close(owner.phone)).status).toBe(200);
    const events = await eventsOf(owner.phone);
    expect(events.map((event) => event.type)).toEqual(['BusinessRegistered', 'BusinessClosed']);
    expect(events[1]).toMatchObject({
      data: { phone: owner.phone, adminPhone: CONFIGURED_ADMIN.e164, ip: ADMIN_IP, at: expect.any(String) },
      metadata: { actor: { kind: 'admin', id: CONFIGURED_ADMIN.e164 } },
    });
  });

  it('a closed account can be neither paused nor activated (403), nor opened as the business (404)', async () => {
    const owner = await registerOwner(app);
    await close(owner.phone);
    for (const isActive of [true, false]) {
      const answer = await toggle(owner.phone, { isActive });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ success: false, code: 'auth.forbidden' });
    }
    expect((await call(app, 'POST', `/api/admin/impersonate/${owner.phone}`, { token: adminToken })).status).toBe(404);
  });

  it('its owner cannot sign in again, and its phone and e-mail stay reserved while it is closed', async () => {
    const form = registrationForm();
    const registered = await call(app, 'POST', '/api/register', { body: form, ip: '10.6.0.1' });
    const phone = (registered.body.data as { business: { phone: string } }).business.phone;
    await close(phone);
    const before = smsLog(app).filter((line) => line.to === phone).length;
    expect((await call(app, 'POST', '/api/send-otp', { body: { phone }, ip: '10.6.0.2' })).status).toBe(200);
    // The same answer as for any phone, but no code goes out to a closed business.
    expect(smsLog(app).filter((line) => line.to === phone)).toHaveLength(before);
    const again = await call(app, 'POST', '/api/register', { body: form, ip: '10.6.0.3' });
    expect(again.status).toBe(409);
    const otherPhone = await call(app, 'POST', '/api/register', {
      body: { ...form, phone: newPhone().local },
      ip: '10.6.0.4',
    });
    expect(otherPhone.status).toBe(409);
    expect(otherPhone.body).toMatchObject({ code: 'business.email_taken' });
  });

  it('answers 404 for an unknown or malformed phone', async () => {
    const unknown = await close(newPhone().local);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'not_found' });
    expect((await close('12345')).status).toBe(404);
  });
});

describe('reopening a closed account', () => {
  it('needs an admin token: none or an owner token is 401', async () => {
    const owner = await registerOwner(app);
    await close(owner.phone);
    expect((await reopen(owner.phone, '')).status).toBe(401);
    expect((await reopen(owner.phone, owner.token)).status).toBe(401);
    expect(rowOf((await list()).body.data, owner.phone)?.closedAt).toEqual(expect.any(String));
  });

  it('gives the owner the account back: the same phone signs in, orders and invoices are there, the menu is empty', async () => {
    const { owner, shop } = await shopOf();
    const { orderId } = await recordOrder(app, {
      businessPhone: owner.phone,
      departmentId: shop.departmentId,
      orderNumber: 1,
      placedAt: new Date().toISOString(),
      paidAt: new Date().toISOString(),
    });
    await runner.runUntilIdle();
    await close(owner.phone);

    const answer = await reopen(localOf(owner.phone));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ phone: owner.phone, isActive: true, closedAt: null });

    // The phone is the account's again: a code is sent, and it signs the owner in.
    const ip = '10.6.1.1';
    expect((await call(app, 'POST', '/api/send-otp', { body: { phone: owner.phone }, ip })).status).toBe(200);
    const code = latestCode(app, owner.phone);
    const signedIn = await call(app, 'POST', '/api/verify-otp', { body: { phone: owner.phone, code }, ip });
    expect(signedIn.status).toBe(200);
    const token = (signedIn.body.data as { token: string }).token;
    const profile = await call(app, 'GET', '/api/business/profile', { token });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ business: { phone: owner.phone, isActive: true } });
    // The sessions of before the closing stay dead.
    expect((await call(app, 'GET', '/api/business/profile', { token: owner.token })).status).toBe(401);

    // Orders and invoices were kept; the menu was removed at closing and starts empty.
    const month = israelMonthOf(new Date());
    const orders = await call<{ data: unknown }>(app, 'GET', `/api/orders?month=${month}`, { token });
    expect(orders.status).toBe(200);
    expect(JSON.stringify(orders.body.data)).toContain(orderId);
    expect((await call(app, 'GET', processors.links.urlFor(orderId))).status).toBe(200);
    expect(await app.database.em().fork().count(CategoryEntity, { businessId: owner.phone })).toBe(0);
    expect((await menu(shop.departmentId)).status).toBe(200);
  });

  it('gives its phone and e-mail back with the account: the open row holds them, and they cannot be registered twice', async () => {
    const form = registrationForm();
    const registered = await call(app, 'POST', '/api/register', { body: form, ip: '10.6.2.1' });
    const phone = (registered.body.data as { business: { phone: string } }).business.phone;
    await close(phone);
    expect((await reopen(phone)).status).toBe(200);
    const row = await app.database.em().fork().findOneOrFail(BusinessEntity, { phone });
    expect(row).toMatchObject({ email: form.email, isActive: true, closedAt: null });
    const again = await call(app, 'POST', '/api/register', { body: form, ip: '10.6.2.2' });
    expect(again.status).toBe(409);
  });

  it('records BusinessReopened with the admin and the address, shown in the audit; reopening an open account records nothing', async () => {
    const owner = await registerOwner(app, { businessName: 'קפה שחזר' });
    expect((await reopen(owner.phone)).status).toBe(200);
    await close(owner.phone);
    expect((await reopen(owner.phone)).status).toBe(200);
    expect((await reopen(owner.phone)).status).toBe(200);
    const events = await eventsOf(owner.phone);
    expect(events.map((event) => event.type)).toEqual(['BusinessRegistered', 'BusinessClosed', 'BusinessReopened']);
    expect(events[2]).toMatchObject({
      data: { phone: owner.phone, adminPhone: CONFIGURED_ADMIN.e164, ip: ADMIN_IP, at: expect.any(String) },
      metadata: { actor: { kind: 'admin', id: CONFIGURED_ADMIN.e164 } },
    });
    const audit = await call<{ data: { type: string; subject: string; summary: string; ip: string }[] }>(
      app,
      'GET',
      '/api/admin/audit',
      { token: adminToken },
    );
    expect(
      audit.body.data.find((entry) => entry.type === 'BusinessReopened' && entry.subject === owner.phone),
    ).toMatchObject({ summary: 'פתיחה מחדש של החשבון \u2068קפה שחזר\u2069', ip: ADMIN_IP });
    // Reopened, it takes the admin's other commands again.
    expect((await toggle(owner.phone, { isActive: false })).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed phone', async () => {
    expect((await reopen(newPhone().local)).status).toBe(404);
    expect((await reopen('12345')).status).toBe(404);
  });
});
