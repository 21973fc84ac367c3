import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { formatIsraelDateTime } from '@tafrit/contracts';
import type { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { call } from '../support/http-client.js';
import { recordOrder } from '../support/orders.js';
import { query } from '../../src/platform/database/sql.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  type Cafe,
  invoiceOf,
  paidOrder,
  paidOrderWithProviderDocument,
  paymentProcessors,
  registerCafe,
  takeOverRunner,
} from './support.js';

let app: TestApp;
let runner: ProcessorRunner;
let processors: ReturnType<typeof paymentProcessors>;
let cafe: Cafe;
let other: Cafe;
let orderId: string;

beforeAll(async () => {
  app = await startTestApp();
  processors = paymentProcessors(app);
  runner = await takeOverRunner(app, []);
  cafe = await registerCafe(app, { businessName: 'קפה הפינה' });
  other = await registerCafe(app);
  ({ orderId } = await paidOrder(app, cafe, { tableNumber: 4 }));
  await runner.runUntilIdle();
});
afterAll(() => app.close());

const page = (path: string, token?: string) => call<string>(app, 'GET', path, { token });
const linkOf = (id: string) => processors.links.urlFor(id);

describe('the invoice page', () => {
  it('shows the tax invoice receipt as a printable Hebrew A4 page', async () => {
    const answer = await page(linkOf(orderId));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    const html = answer.body;
    const invoice = await invoiceOf(app, orderId);
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain('@page { size: A4');
    expect(html).toContain('@media print');
    expect(html).toContain('חשבונית מס/קבלה');
    expect(html).toContain('<bdi dir="ltr">1</bdi>');
    expect(html).toContain('מקור');
    expect(html).toContain('קפה הפינה');
    expect(html).toContain('עוסק מורשה / ח.פ. <bdi dir="ltr">515678902</bdi>');
    expect(html).toContain(formatIsraelDateTime(invoice!.issuedAt));
    expect(html).toContain('#1');
    // The lines: description, quantity, unit price, line total.
    expect(html).toMatch(
      /<bdi>הפוך גדול<\/bdi><\/td><td class="num"><bdi dir="ltr">2<\/bdi><\/td><td class="num"><bdi dir="ltr">₪14\.50<\/bdi>.*₪29\.00/,
    );
    expect(html).toContain('קרואסון');
    // 41.00 with 18% VAT: 34.75 before VAT, 6.25 VAT.
    expect(html).toMatch(/סכום לפני מע"מ<\/th><td class="num"><bdi dir="ltr">₪34\.75<\/bdi>/);
    expect(html).toMatch(/מע"מ 18%<\/th><td class="num"><bdi dir="ltr">₪6\.25<\/bdi>/);
    expect(html).toMatch(/סה"כ לתשלום<\/th><td class="num"><bdi dir="ltr">₪41\.00<\/bdi>/);
    expect(html).toContain('כרטיס אשראי Visa המסתיים בספרות <bdi dir="ltr">0000</bdi>');
    expect(html).not.toContain('<script');
  });

  it('answers the same 404 for a wrong token, a missing token, an unknown order and a malformed id', async () => {
    const wrong = await page(`/api/invoice/${orderId}?token=${'A'.repeat(43)}`);
    const missing = await page(`/api/invoice/${orderId}`);
    const otherOrdersToken = await page(`/api/invoice/${orderId}?token=${processors.links.tokenFor(randomUUID())}`);
    const unknownId = randomUUID();
    const unknown = await page(linkOf(unknownId));
    const malformed = await page('/api/invoice/not-an-order?token=x');
    for (const answer of [wrong, missing, otherOrdersToken, unknown, malformed]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toBe(wrong.body);
    }
    expect(wrong.body).toContain('החשבונית לא נמצאה');
  });

  it("opens for the owning business's bearer token and for no other business", async () => {
    const owner = await page(`/api/invoice/${orderId}`, cafe.token);
    expect(owner.status).toBe(200);
    expect(owner.body).toContain('חשבונית מס/קבלה');
    const stranger = await page(`/api/invoice/${orderId}`, other.token);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toBe((await page(`/api/invoice/${orderId}`)).body);
    const garbage = await page(`/api/invoice/${orderId}`, 'not.a.token');
    expect(garbage.status).toBe(404);
  });

  it('escapes every value: a business name, a product name', async () => {
    const hostile = await registerCafe(app, { businessName: '<script>alert("x")</script> & Co' });
    const { orderId: hostileOrder } = await paidOrder(app, hostile, {
      lines: [{ productId: 7, name: '<img src=x onerror=alert(1)>', unitPriceAgorot: 1000, quantity: 1 }],
    });
    await runner.runUntilIdle();
    const answer = await page(linkOf(hostileOrder));
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain('<script');
    expect(answer.body).not.toContain('<img');
    expect(answer.body).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co');
    expect(answer.body).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it('lists each line’s choices with their prices under its name, the unit price including them', async () => {
    const choice = (name: string, priceAgorot: number, without = false) => ({
      groupId: 'g',
      groupName: without ? 'בלי' : 'חלב',
      optionId: name,
      name,
      priceAgorot,
      without,
    });
    const { orderId: withChoices } = await paidOrder(app, cafe, {
      lines: [
        {
          productId: 7,
          name: 'הפוך גדול',
          unitPriceAgorot: 1650,
          quantity: 2,
          options: [choice('שיבולת שועל', 200), choice('קצף', 0, true)],
        },
      ],
    });
    await runner.runUntilIdle();
    const answer = await page(linkOf(withChoices));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(
      '<bdi>הפוך גדול</bdi><br><span class="choices"><bdi>שיבולת שועל</bdi> ₪2.00, בלי <bdi>קצף</bdi></span>',
    );
    expect(answer.body).toContain('₪16.50');
    expect(answer.body).toContain('₪33.00');
  });

  it('says the invoice is still being issued while the order has none, and shows it right after the payment', async () => {
    const { orderId: unpaid } = await recordOrder(app, {
      businessPhone: cafe.phone,
      departmentId: cafe.departmentId,
      orderNumber: cafe.nextOrderNumber(),
    });
    const answer = await page(linkOf(unpaid));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('החשבונית עדיין בהפקה');
    expect(answer.body).toContain('<meta http-equiv="refresh" content="5">');
    // The invoice commits with the payment (decision 015): no processor stands between them.
    const { orderId: fresh } = await paidOrder(app, cafe);
    expect((await page(linkOf(fresh))).body).toContain('חשבונית מס/קבלה');
  });

  it('names the seller as the order was placed, even after the business is renamed', async () => {
    const { orderId: before } = await paidOrder(app, other);
    await query(app.database.em(), `update businesses set business_name = 'שם חדש' where phone = ?`, [other.phone]);
    const answer = await page(linkOf(before));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('חשבונית מס/קבלה');
    expect(answer.body).not.toContain('שם חדש');
  });

  it("sends the reader to the provider's own document, and shows a copy when the provider gave no address", async () => {
    const { orderId: provided } = await paidOrderWithProviderDocument(app, cafe, {
      documentType: 'TaxInvoiceAndReceipt',
      documentNumber: '90001',
      documentUrl: 'https://secure.cardcom.solutions/Documents/90001.pdf',
    });
    const { orderId: noUrl } = await paidOrderWithProviderDocument(app, cafe, {
      documentType: 'TaxInvoiceAndReceipt',
      documentNumber: '90002',
      documentUrl: null,
    });
    await runner.runUntilIdle();

    const redirect = await fetch(`${app.url}${linkOf(provided)}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('https://secure.cardcom.solutions/Documents/90001.pdf');

    const copy = await page(linkOf(noUrl));
    expect(copy.status).toBe(200);
    expect(copy.body).toContain('<bdi dir="ltr">90002</bdi>');
    expect(copy.body).toContain('העתק');
    expect(copy.body).toContain('Mastercard המסתיים בספרות <bdi dir="ltr">4242</bdi>');
  });
});
