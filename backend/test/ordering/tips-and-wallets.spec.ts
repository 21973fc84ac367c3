import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { israelMonthOf, type MonthlyReport, type PaymentOptions } from '@tafrit/contracts';
import { BusinessReader } from '../../src/modules/accounts/index.js';
import { draftPayout } from '../../src/modules/commissions/application/payout-batch.query.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { EVENT_STORE } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { createPayment, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 17 on the server: the owner's payment options, a diner's tip and Bit in the sandbox, and where both show.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
// Two coffees at ₪14.50 and a croissant at ₪12.00: ₪41.00 of items.
const items = (s: Shop) => [
  { productId: s.coffee.id, quantity: 2 },
  { productId: s.croissant.id, quantity: 1 },
];
let ip = 0;
const nextIp = () => `10.88.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
});
afterAll(() => app?.close());

const choose = (options: PaymentOptions) =>
  call<{ data: PaymentOptions }>(app, 'PUT', '/api/business/payment-options', { token: owner.token, body: options });

describe('the owner’s payment options', () => {
  it('are all off until the owner turns one on, and the public menu tells the checkout', async () => {
    const before = await call<{ data: PaymentOptions }>(app, 'GET', '/api/business/payment-options', {
      token: owner.token,
    });
    expect(before.body.data).toEqual({ tipsEnabled: false, bitEnabled: false, googlePayEnabled: false });
    const menu = await call<{ data: { business: { payments?: unknown } } }>(
      app,
      'GET',
      `/api/menu/${shop.departmentId}`,
    );
    expect(menu.body.data.business.payments).toEqual({ tips: false, bit: false, googlePay: false });
  });

  it('refuse a tip and Bit while they are off, charging nothing', async () => {
    const tipped = await createPayment(app, shop.departmentId, {
      items: items(shop),
      amount: '45.10',
      ip: nextIp(),
      extra: { tip: { percent: 10 } },
    });
    expect(tipped.status).toBe(409);
    expect(tipped.body).toMatchObject({ success: false, code: 'order.tip_not_offered' });
    const bit = await createPayment(app, shop.departmentId, {
      items: items(shop),
      amount: '41.00',
      ip: nextIp(),
      extra: { paymentMethod: 'bit' },
    });
    expect(bit.body).toMatchObject({ success: false, code: 'order.method_not_offered' });
  });

  it('answer a bad body with the envelope', async () => {
    const answer = await call(app, 'PUT', '/api/business/payment-options', {
      token: owner.token,
      body: { tipsEnabled: 'yes' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'validation.failed' });
  });
});

describe('a diner who tips and pays with Bit', () => {
  let orderId = '';

  it('is charged the items and the tip, and sent out of the frame to Bit’s page', async () => {
    expect((await choose({ tipsEnabled: true, bitEnabled: true, googlePayEnabled: true })).body.data).toEqual({
      tipsEnabled: true,
      bitEnabled: true,
      googlePayEnabled: true,
    });
    // A total without the tip is a total the diner was not shown: nothing is charged.
    const stale = await createPayment(app, shop.departmentId, {
      items: items(shop),
      amount: '41.00',
      ip: nextIp(),
      extra: { tip: { percent: 10 }, paymentMethod: 'bit' },
    });
    expect(stale.body).toMatchObject({
      code: 'order.price_changed',
      data: { totalAmount: '41.00', tipAmount: '4.10' },
    });
    const tooMuch = await createPayment(app, shop.departmentId, {
      items: items(shop),
      amount: '82.01',
      ip: nextIp(),
      extra: { tip: { amount: '41.01' } },
    });
    expect(tooMuch.body).toMatchObject({ code: 'order.tip_too_large', data: { maxTipAmount: '41.00' } });

    const answer = await createPayment(app, shop.departmentId, {
      items: items(shop),
      amount: '45.10',
      ip: nextIp(),
      extra: { tip: { percent: 10 }, paymentMethod: 'bit' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, totalAmount: '45.10', redirect: true });
    orderId = answer.body.orderId as string;
    const page = await fetch(`${app.url}${new URL(answer.body.paymentUrl as string).pathname}`);
    const html = await page.text();
    expect(html).toContain('תשלום בביט (סביבת בדיקה)');
    expect(html).toContain('₪45.10');
    // No card form on Bit's page.
    expect(html).not.toContain('cc-number');

    const paid = await fetch(`${app.url}${new URL(answer.body.paymentUrl as string).pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'wallet=bit',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(new RegExp(`/thank-you/${shop.departmentId}$`));
  });

  it('names the tip inside the total in the diner’s order, for the thank-you page’s tip line (issue 29)', async () => {
    const byId = await call(app, 'GET', `/api/orders?month=${israelMonthOf(new Date())}`, { token: owner.token });
    const row = (byId.body.data as MonthlyReport).orders.find((order) => order.id === orderId);
    const view = await call(app, 'GET', `/api/orders/${shop.departmentId}/${row!.orderNumber}`, { token: owner.token });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ totalAmount: '45.10', tipAmount: '4.10' });
  });

  it('shows the tip apart and the way to pay in the owner’s report, the commission on the items only', async () => {
    const month = israelMonthOf(new Date());
    // The report reads the orders row, which the payment's own transaction wrote.
    const answer = await call<{ data: MonthlyReport }>(app, 'GET', `/api/orders?month=${month}`, {
      token: owner.token,
    });
    const report = answer.body.data;
    const order = report.orders.find((row) => row.id === orderId);
    expect(order).toMatchObject({
      totalAmount: '45.10',
      tipAmount: '4.10',
      commission: '2.05',
      netAmount: '43.05',
      paymentMethod: 'bit',
    });
    expect(report.summary).toMatchObject({ totalAmount: '45.10', totalTips: '4.10', totalCommission: '2.05' });
  });

  it('puts the tip on the tax invoice apart and outside the VAT base, and names Bit', async () => {
    const month = israelMonthOf(new Date());
    const answer = await call<{ data: MonthlyReport }>(app, 'GET', `/api/orders?month=${month}`, {
      token: owner.token,
    });
    const url = answer.body.data.orders.find((row) => row.id === orderId)?.invoiceUrl;
    expect(url).toBeTruthy();
    const html = await (await fetch(new URL(url as string, app.url))).text();
    // ₪41.00 of sale: ₪34.75 before VAT and ₪6.25 VAT at 18%; the ₪4.10 tip beside them, ₪45.10 in all.
    expect(html).toContain('₪34.75');
    expect(html).toContain('₪6.25');
    expect(html).toMatch(/תשר \(טיפ, מחוץ לבסיס המע"מ\)<\/th><td class="num">.*₪4\.10/);
    expect(html).toContain('₪45.10');
    expect(html).toContain('ביט:');
  });

  it('passes the tip to the payout whole, shown apart in the month’s commissions', async () => {
    // The commissions follow the log: let them catch up with the payment.
    await app.app.get(ProcessorRunner).runUntilIdle();
    const { lines } = await draftPayout(
      app.database,
      app.app.get(BusinessReader),
      israelMonthOf(new Date()),
      app.app.get(EVENT_STORE),
    );
    // ₪45.10 charged, ₪2.05 commission on the ₪41.00 of items: ₪43.05 to the business, the ₪4.10 tip inside it.
    expect(lines.find((line) => line.businessId === owner.phone)).toMatchObject({ netAgorot: 4305, tipAgorot: 410 });
  });

  it('still pays by card, with Google Pay’s test button inside the card page', async () => {
    const answer = await createPayment(app, shop.departmentId, {
      items: items(shop),
      amount: '41.00',
      ip: nextIp(),
    });
    expect(answer.body).toMatchObject({ success: true, totalAmount: '41.00' });
    expect(answer.body.redirect).toBeUndefined();
    const path = new URL(answer.body.paymentUrl as string).pathname;
    const html = await (await fetch(`${app.url}${path}`)).text();
    expect(html).toContain('Google Pay (בדיקה)');
    expect(html).toContain('cc-number');
    const paid = await fetch(`${app.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'wallet=google_pay',
    });
    expect(paid.status).toBe(303);
    const month = israelMonthOf(new Date());
    const report = await call<{ data: MonthlyReport }>(app, 'GET', `/api/orders?month=${month}`, {
      token: owner.token,
    });
    expect(report.body.data.orders.find((row) => row.id === answer.body.orderId)).toMatchObject({
      tipAmount: '0.00',
      paymentMethod: 'google_pay',
    });
    // A card page still takes a card; Bit's button does nothing on a card page.
    const other = await createPayment(app, shop.departmentId, { items: items(shop), amount: '41.00', ip: nextIp() });
    const otherPath = new URL(other.body.paymentUrl as string).pathname;
    const bit = await fetch(`${app.url}${otherPath}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'wallet=bit',
    });
    expect(bit.status).toBe(404);
    expect((await payInSandbox(app, other.body.paymentUrl as string, { number: SANDBOX_APPROVED_CARD })).status).toBe(
      303,
    );
  });
});
