import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerOwner } from '../support/accounts.js';
import { createPayment, openShop, payInSandbox, type Shop } from '../support/checkout.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 15, item 2: the site opened at 127.0.0.1 or the LAN address while PUBLIC_URL says localhost. The sandbox's
// card page is framed as the page's own origin (the CSP's 'self'), so it is built for the address the diner used,
// when the server really listens there; a Host naming anything else gets PUBLIC_URL.

let app: TestApp;
let shop: Shop;

beforeAll(async () => {
  // Listens on 127.0.0.1 (test-app.ts); PUBLIC_URL is another name for it.
  app = await startTestApp({ PUBLIC_URL: 'http://localhost:3999' });
  shop = await openShop(app, await registerOwner(app));
});
afterAll(async () => {
  await app?.close();
});

const cart = (departmentId: string, productId: number) => ({
  businessId: departmentId,
  amount: '14.50',
  productName: 'הזמנה',
  returnValue: departmentId,
  cartData: JSON.stringify({ items: [{ productId, quantity: 1, name: 'x', price: '1' }], totalAmount: '14.50' }),
  orderItems: [],
  customerInfo: {},
});

/** A POST with a Host header of our choosing (fetch always sends the real one). */
function postWithHost(path: string, host: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { host, 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(body));
  });
}

describe('the sandbox payment page at the address the diner opened', () => {
  it('is built for 127.0.0.1 when the diner opened 127.0.0.1, and returns there after payment', async () => {
    const answer = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1 }],
      amount: '14.50',
    });
    expect(answer.status).toBe(200);
    const { paymentUrl } = answer.body as { paymentUrl: string };
    expect(paymentUrl).toMatch(new RegExp(`^${app.url}/pay/sandbox/[0-9a-f-]{36}$`));

    const paid = await payInSandbox(app, paymentUrl, { number: '4580000000000000' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${app.url}/thank-you/${shop.departmentId}`);
  });

  it('is built for PUBLIC_URL when the Host names an address the server does not listen on', async () => {
    const { port } = new URL(app.url);
    for (const host of [`evil.example:${port}`, `192.0.2.1:${port}`, `127.0.0.1:${Number(port) + 1}`]) {
      const answer = await postWithHost('/api/cardcom/create-payment', host, cart(shop.departmentId, shop.coffee.id));
      expect(answer.status).toBe(200);
      expect((answer.body as { paymentUrl: string }).paymentUrl).toMatch(/^http:\/\/localhost:3999\/pay\/sandbox\//);
    }
  });

  it('frames only its own origin and Cardcom', async () => {
    const response = await fetch(`${app.url}/menu/demo`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/frame-src 'self' https:\/\/secure\.cardcom\.solutions(;|$)/);
  });
});
