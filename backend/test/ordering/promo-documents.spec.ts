import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { israelDateOf, israelMonthOf, splitVat, VAT_RATE_PERCENT, type MonthlyReport } from '@tafrit/contracts';
import { parse } from 'csv-parse/sync';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { bounded } from '../support/bounded-close.js';
import { createPayment, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { unzip } from '../bookkeeping/unzip.js';

// An order paid with a promo code (issue 33), through its documents: the tax invoice's discount line and VAT on what
// was paid, a refund of a discounted line, the monthly report and its CSV, the accountant's ledger and export.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;
let orderId = '';
const month = israelMonthOf(new Date());

const report = async () =>
  (await call<{ data: MonthlyReport }>(app, 'GET', `/api/orders?month=${month}`, { token: owner.token })).body.data;
const download = (path: string) => fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${owner.token}` } });

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
  await call(app, 'POST', '/api/owner/promo-codes', {
    token: owner.token,
    body: { code: 'TEN', rules: { kind: 'percent', percent: 10 } },
  });
  // Two coffees (29.00) and a croissant (12.00), 10% off: 4.10 off, 36.90 paid.
  const checkout = await createPayment(app, shop.departmentId, {
    items: [
      { productId: shop.coffee.id, quantity: 2 },
      { productId: shop.croissant.id, quantity: 1 },
    ],
    amount: '36.90',
    extra: { promoCode: 'ten' },
  });
  expect(checkout.status).toBe(200);
  await payInSandbox(app, String(checkout.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
  await app.app.get(ProcessorRunner).runUntilIdle();
  orderId = (await report()).orders[0]!.id;
}, 120_000);
afterAll(() => bounded('the app', app.close(), 60_000), 120_000);

describe('an order paid with a promo code', () => {
  it('its tax invoice shows the discount line, and VAT on what was paid', async () => {
    const { invoiceUrl } = (await report()).orders[0]!;
    const page = await (await fetch(new URL(invoiceUrl!, app.url))).text();
    const { beforeVat, vat } = splitVat(3_690, VAT_RATE_PERCENT);
    expect(page).toContain('הנחה (קוד <bdi dir="ltr">TEN</bdi>)');
    expect(page).toContain('-₪4.10');
    expect(page).toContain(`₪${(beforeVat / 100).toFixed(2)}`);
    expect(page).toContain(`₪${(vat / 100).toFixed(2)}`);
    expect(page).toContain('₪36.90');
    expect(beforeVat + vat).toBe(3_690);
  });

  it('the report shows the order’s discount and the code’s uses and cost; the commission is 5% of what was paid', async () => {
    const month = await report();
    expect(month.orders[0]).toMatchObject({
      promoCode: 'TEN',
      discountAmount: '4.10',
      totalAmount: '36.90',
      commission: '1.85',
    });
    expect(month.promoCodes).toEqual([{ code: 'TEN', uses: 1, cost: '4.10' }]);
    expect(month.summary.totalDiscounts).toBe('4.10');
  });

  it('the CSV has the order’s code and discount, and each code’s uses and cost', async () => {
    const text = await (await download(`/api/orders/csv?month=${month}`)).text();
    const rows = parse(text, { bom: true }) as string[][];
    const header = rows[0]!;
    const order = rows[1]!;
    expect(order[header.indexOf('קוד הנחה')]).toBe('TEN');
    expect(order[header.indexOf('הנחה')]).toBe('4.10');
    expect(rows.some((row) => row[0] === 'קוד הנחה' && row[1] === 'TEN' && row.includes('4.10'))).toBe(true);
  });

  it('a refund of a discounted line returns what was paid for it', async () => {
    const refund = await call(app, 'POST', `/api/orders/${orderId}/refunds`, {
      token: owner.token,
      body: { lines: [{ index: 1, quantity: 1 }], reason: 'קרואסון שרוף' },
    });
    expect(refund.status).toBe(200);
    await app.app.get(ProcessorRunner).runUntilIdle();
    // The croissant: 12.00 less its 1.20 of the discount.
    const order = (await report()).orders[0]!;
    expect(order.refundedAmount).toBe('10.80');
    // Its credit document shows the line at its price and its share of the discount under it.
    const credit = await (await fetch(new URL(order.refunds[0]!.creditUrl!, app.url))).text();
    expect(credit).toContain('הנחה (קוד <bdi dir="ltr">TEN</bdi>)');
    expect(credit).toContain('-₪1.20');
    expect(credit).toContain('₪12.00');
    expect(credit).toContain('₪10.80');
  });

  it('the accountant’s ledger shows each document’s discount, and the uniform structure is written', async () => {
    const zip = await download(`/api/bookkeeping/months/${month}`);
    expect(zip.status).toBe(200);
    const files = await unzip(Buffer.from(await zip.arrayBuffer()));
    const ledger = parse(files.get(`${month}/ledger.csv`)!.toString('utf8'), { bom: true }) as string[][];
    const discount = ledger[0]!.indexOf('הנחה');
    const total = ledger[0]!.indexOf('סה"כ');
    const invoice = ledger.find((row) => row[total] === '36.90')!;
    const credit = ledger.find((row) => row[total] === '-10.80')!;
    expect(invoice[discount]).toBe('4.10');
    expect(credit[discount]).toBe('-1.20');
    const today = israelDateOf(new Date());
    const export_ = await download(`/api/bookkeeping/uniform-structure?from=${month}-01&to=${today}`);
    expect(export_.status).toBe(200);
  });
});
