import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { alwaysOpen, messageFor } from '@tafrit/contracts';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { createPayment, openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Opening hours and the console's pause on the server (issue 18, decision 028): the public menu's `ordering`, its
// cached answer stamped again at a boundary, and create-payment refused with 409 business.ordering_closed while
// ordering is closed, by the server's clock. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
});
afterAll(async () => {
  await app?.close();
});
afterEach(async () => {
  jest.restoreAllMocks();
  await call(app, 'DELETE', '/api/business/ordering-pause', { token: owner.token });
  await call(app, 'PUT', '/api/business/opening-hours', { token: owner.token, body: alwaysOpen });
});

const menu = async () => {
  const answer = await call<{ data: { ordering: unknown } }>(app, 'GET', `/api/menu/${shop.departmentId}`);
  expect(answer.status).toBe(200);
  return { ordering: answer.body.data.ordering, etag: answer.headers.get('etag') };
};
const checkout = () =>
  createPayment(app, shop.departmentId, { items: [{ productId: shop.coffee.id, quantity: 1 }], amount: '14.50' });
const pause = (minutes: number | null) =>
  call(app, 'POST', '/api/business/ordering-pause', { token: owner.token, body: { minutes } });

describe('opening hours and the pause of new orders', () => {
  it('a business that set nothing is open, and its settings say so', async () => {
    expect((await menu()).ordering).toEqual({ open: true, reason: null, opensAt: null });
    const settings = await call(app, 'GET', '/api/business/opening-hours', { token: owner.token });
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      success: true,
      data: { hours: alwaysOpen, pause: null, ordering: { open: true } },
    });
    const { optionalDays } = (settings.body as { data: { optionalDays: { date: string; name: string }[] } }).data;
    expect(optionalDays.length).toBeGreaterThan(10);
  });

  it('a paused business refuses create-payment with 409 and a Hebrew message, and resuming opens it again', async () => {
    const before = await menu();
    const paused = await pause(15);
    expect(paused.status).toBe(200);
    const { ordering, etag } = await menu();
    expect(ordering).toMatchObject({ open: false, reason: 'paused', opensAt: expect.any(String) });
    expect(etag).not.toBe(before.etag);
    // Every language of the menu says the same.
    const english = await call<{ data: { ordering: unknown } }>(app, 'GET', `/api/menu/${shop.departmentId}?lang=en`);
    expect(english.body.data.ordering).toEqual(ordering);

    const refused = await checkout();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'business.ordering_closed',
      error: messageFor('business.ordering_closed'),
    });

    expect((await call(app, 'DELETE', '/api/business/ordering-pause', { token: owner.token })).status).toBe(200);
    expect((await menu()).ordering).toEqual({ open: true, reason: null, opensAt: null });
    expect((await checkout()).status).toBe(200);
  });

  it('a pause until resumed has no opening time', async () => {
    await pause(null);
    expect((await menu()).ordering).toEqual({ open: false, reason: 'paused', opensAt: null });
    expect((await checkout()).status).toBe(409);
  });

  it('the cached menu and the checkout open again by themselves when the pause ends, by the server’s clock', async () => {
    await pause(15);
    expect((await menu()).ordering).toMatchObject({ open: false });
    const later = Date.now() + 16 * 60_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    expect((await menu()).ordering).toEqual({ open: true, reason: null, opensAt: null });
    expect((await checkout()).status).toBe(200);
  });

  it('a week without hours is closed for hours; a closed date today is a closed day', async () => {
    const noHours = { ...alwaysOpen, weekly: [[], [], [], [], [], [], []] };
    expect((await call(app, 'PUT', '/api/business/opening-hours', { token: owner.token, body: noHours })).status).toBe(
      200,
    );
    expect((await menu()).ordering).toEqual({ open: false, reason: 'hours', opensAt: null });
    expect((await checkout()).body).toMatchObject({ code: 'business.ordering_closed' });

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
    const closedToday = { ...alwaysOpen, closedDates: [today] };
    await call(app, 'PUT', '/api/business/opening-hours', { token: owner.token, body: closedToday });
    expect((await menu()).ordering).toMatchObject({ open: false, reason: 'closed_day', opensAt: expect.any(String) });
  });

  it('refuses bad settings with 400 and Hebrew messages, changing nothing', async () => {
    const bad = await call(app, 'PUT', '/api/business/opening-hours', {
      token: owner.token,
      body: { ...alwaysOpen, weekly: [[{ from: '18:00', to: '09:00' }], [], [], [], [], [], []] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'validation.failed' });
    expect((await pause(45)).status).toBe(400);
    expect((await menu()).ordering).toMatchObject({ open: true });
  });

  it('only the signed-in owner reaches the settings', async () => {
    expect((await call(app, 'GET', '/api/business/opening-hours')).status).toBe(401);
    expect((await call(app, 'POST', '/api/business/ordering-pause', { body: { minutes: 15 } })).status).toBe(401);
  });
});
