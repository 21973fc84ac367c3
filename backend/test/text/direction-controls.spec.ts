// Issue 29: a person's text cannot turn how its own digits or any other text read. Direction controls are removed
// as text comes in (the contracts' schemas), and again where an order recorded before that is shown: the tax
// invoice and the receipt SMS here; the slip's rendering is tested dot for dot in printing/slip-render.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { israelMonthOf, type OrderEventData } from '@tafrit/contracts';
import { parse } from 'csv-parse/sync';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import type { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { smsLog } from '../support/accounts.js';
import { createPayment, openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { createCategory, createProduct } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { type Cafe, paidOrder, paymentProcessors, registerCafe, takeOverRunner } from '../invoicing/support.js';

const CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

let app: TestApp;
let runner: ProcessorRunner;
let processors: ReturnType<typeof paymentProcessors>;
let cafe: Cafe;
let shop: Shop;

beforeAll(async () => {
  app = await startTestApp();
  processors = paymentProcessors(app);
  runner = await takeOverRunner(app, [processors.receiptSms]);
  cafe = await registerCafe(app, { businessName: '\u202eקפה 24\u202c' });
  shop = await openShop(app, cafe);
});
afterAll(() => app.close());

const placed = async (orderId: string) => {
  const { events } = await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`);
  return events.find((event) => event.type === 'OrderPlaced')?.data as OrderEventData['OrderPlaced'];
};

describe('text as it comes in', () => {
  it('stores a diner’s remarks without the override, the digits as typed', async () => {
    const answer = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1 }],
      amount: '14.50',
      remarks: 'שולחן \u202e123\u2066 ליד החלון',
    });
    expect(answer.status).toBe(200);
    const { orderId } = answer.body as { orderId: string };
    expect((await placed(orderId)).remarks).toBe('שולחן 123 ליד החלון');
  });

  it('stores the business’s name and a product’s name without their controls', async () => {
    const profile = await call<{ data: { business: { businessName: string } } }>(app, 'GET', '/api/business/profile', {
      token: cafe.token,
    });
    expect(profile.body.data.business.businessName).toBe('קפה 24');
    const categoryId = await createCategory(app, cafe, '\u2067שתייה 2\u2069');
    const product = await createProduct(app, cafe, { categoryId, name: '\u202dהפוך 3\u202c', price: '12' });
    const products = await call<{ data: { id: number; name: string }[] }>(app, 'GET', '/api/products', {
      token: cafe.token,
    });
    expect(products.body.data.find((row) => row.id === product.id)?.name).toBe('הפוך 3');
  });
});

describe('an order recorded before the controls were removed', () => {
  it('shows without them, each name isolated, on the tax invoice and in the receipt SMS, and in the CSV', async () => {
    const { orderId } = await paidOrder(app, cafe, {
      orderNumber: 1000, // past the numbers checkout gave above
      tableNumber: 4,
      remarks: 'שולחן \u202e123',
      lines: [
        {
          productId: shop.coffee.id,
          name: '\u202eהפוך 45',
          unitPriceAgorot: 1450,
          quantity: 2,
          options: [
            {
              groupId: 'g',
              groupName: 'חלב',
              optionId: 'o1',
              name: '\u202aשיבולת 7',
              priceAgorot: 200,
              without: false,
            },
            { groupId: 'w', groupName: 'בלי', optionId: 'o2', name: '\u202eבלי קצף', priceAgorot: 0, without: true },
          ],
        },
      ],
    });
    await runner.runUntilIdle();

    const html = (await call<string>(app, 'GET', processors.links.urlFor(orderId))).body;
    expect(html).not.toMatch(CONTROLS);
    expect(html).toContain('<bdi>הפוך 45</bdi>');
    // Each choice's name isolated, and "בלי" said once for a choice the owner named "בלי קצף" (issue 29, item 17).
    expect(html).toContain('<bdi>שיבולת 7</bdi> ₪2.00, בלי <bdi>קצף</bdi>');

    const [receipt] = smsLog(app).filter((line) => line.kind === 'receipt' && line.text.includes('הפוך 45'));
    expect(receipt?.text).toContain('2 × \u2068הפוך 45\u2069 (\u2068שיבולת 7 ₪2.00, בלי קצף\u2069)');
    expect(receipt?.text).toContain('הערות: \u2068שולחן 123\u2069');
    expect(receipt?.text).not.toMatch(/[\u202a-\u202e]/);

    // The month's CSV, opened in a spreadsheet: the remarks and the line as typed, without the controls.
    const csv = await fetch(`${app.url}/api/orders/csv?month=${israelMonthOf(new Date())}`, {
      headers: { authorization: `Bearer ${cafe.token}` },
    });
    const [header, ...rows] = parse(await csv.text(), { bom: true }) as string[][];
    const row = rows.find((cells) => cells[0] === '1000');
    expect(row?.[header!.indexOf('הערות')]).toBe('שולחן 123');
    expect(row?.[header!.indexOf('פריטים')]).toBe('הפוך 45 (שיבולת 7 ₪2.00, בלי קצף) × 2');
    expect(rows.flat().join('')).not.toMatch(CONTROLS);
  });
});
