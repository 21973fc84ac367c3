import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerOwner } from '../support/accounts.js';
import { createPayment, openShop, type Shop } from '../support/checkout.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 16: the sandbox's card page follows the diner's language, the cookie their pages set (the frame is our own
// origin, so it comes along) or else the browser's; its own Hebrew messages (a field's error) are worded in it.

let app: TestApp;
let shop: Shop;

beforeAll(async () => {
  app = await startTestApp();
  shop = await openShop(app, await registerOwner(app));
});
afterAll(async () => {
  await app?.close();
});

async function paymentPage(): Promise<string> {
  const answer = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity: 1 }],
    amount: '14.50',
  });
  expect(answer.status).toBe(200);
  return (answer.body as { paymentUrl: string }).paymentUrl;
}

describe("the sandbox's card page in the diner's language", () => {
  it('is in English for the English cookie, the business and order number isolated', async () => {
    const url = await paymentPage();
    const response = await fetch(url, { headers: { cookie: 'lang=en', 'accept-language': 'ru' } });
    const html = await response.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<h1>Pay by credit card</h1>');
    expect(html).toContain('<label for="card-number">Card number</label>');
    expect(html).toMatch(/<bdi lang="he" dir="rtl">[^<]+<\/bdi> - Order <bdi dir="ltr">#\d+<\/bdi>/);
    expect(html).not.toContain('תשלום בכרטיס');
  });

  it("is in Arabic by the browser's language, right to left, and words a field's error in Arabic", async () => {
    const url = await paymentPage();
    const shown = await (await fetch(url, { headers: { 'accept-language': 'ar-IL,ar;q=0.9' } })).text();
    expect(shown).toContain('<html lang="ar" dir="rtl">');
    expect(shown).toContain('الدفع ببطاقة الائتمان');
    const refused = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'lang=ar' },
      body: new URLSearchParams({ name: 'א', number: '1234', expiry: '13/99', cvv: '1' }).toString(),
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('يُرجى إدخال اسم حامل البطاقة');
    expect(html).toContain('رقم البطاقة غير صحيح');
    expect(html).not.toContain('מספר הכרטיס אינו תקין');
  });

  it('stays Hebrew without a choice', async () => {
    const url = await paymentPage();
    const html = await (await fetch(url, { headers: { 'accept-language': 'fr' } })).text();
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain('<h1>תשלום בכרטיס אשראי</h1>');
  });
});
