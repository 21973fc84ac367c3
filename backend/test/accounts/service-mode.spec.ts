import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { dinerPays } from '../support/paid-order.js';
import { openShop, type Shop } from '../support/checkout.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Settings' service (issue 18): table service or pickup at the counter, recorded as ServiceModeChosen, kept with each
// order placed after it (the thank-you page words a ready order by it).

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
});
afterAll(() => app.close());

const read = () => call(app, 'GET', '/api/business/service-mode', { token: owner.token });
const choose = (body: unknown) => call(app, 'PUT', '/api/business/service-mode', { token: owner.token, body });

describe('/api/business/service-mode', () => {
  it('is table service until the owner chooses, and keeps pickup once chosen', async () => {
    expect((await read()).body).toEqual({ success: true, data: { serviceMode: 'table' } });
    const chosen = await choose({ serviceMode: 'pickup' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ success: true, data: { serviceMode: 'pickup' } });
    expect((await read()).body).toEqual({ success: true, data: { serviceMode: 'pickup' } });
  });

  it('refuses anything else with the envelope and changes nothing', async () => {
    const before = (await read()).body;
    for (const body of [
      {},
      { serviceMode: 'delivery' },
      { serviceMode: 'pickup', extra: 1 },
      { serviceMode: 3 },
      'x',
    ]) {
      const refused = await choose(body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
    }
    expect((await read()).body).toEqual(before);
    expect((await call(app, 'GET', '/api/business/service-mode')).status).toBe(401);
  });

  it("records the service with an order placed after it: the order's read says pickup", async () => {
    await choose({ serviceMode: 'pickup' });
    const { orderId } = await dinerPays(app, shop);
    const live = await call(app, 'GET', '/api/live-orders', { token: owner.token });
    expect(live.status).toBe(200);
    const { orders } = live.body.data as { orders: { orderId: string; orderNumber: number }[] };
    const order = orders.find((each) => each.orderId === orderId);
    // The owner may read any order of the business by its number, as its diner does.
    const view = await call(app, 'GET', `/api/orders/${shop.departmentId}/${order!.orderNumber}`, {
      token: owner.token,
    });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ orderId, serviceMode: 'pickup', estimatedReadyAt: null });
  });
});
