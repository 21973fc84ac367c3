import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ADMIN_COOKIE,
  latestCode,
  OWNER_COOKIE,
  registerOwner,
  signInAdmin,
  type SignedInOwner,
} from '../support/accounts.js';
import { createPayment, DINER_COOKIE, openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Inputs found by fuzzing every route that answered 500 where the request, not the server, was wrong: each must be
// the 4xx envelope in Hebrew.

let app: TestApp;
let owner: SignedInOwner;
let adminToken: string;
let adminRefresh: string;
let shop: Shop;
let dinerCookie: string;
const SECOND_ADMIN = { local: '0547654322', e164: '+972547654322' };

beforeAll(async () => {
  // A second administrator, who signs in from the long address below (one code per phone every 30 s).
  app = await startTestApp({ ADMIN_PHONES: `0547654321,${SECOND_ADMIN.local}` });
  owner = await registerOwner(app);
  const admin = await signInAdmin(app);
  adminToken = admin.token;
  adminRefresh = admin.refreshCookie;
  shop = await openShop(app, await registerOwner(app));
  const checkout = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity: 1 }],
    amount: '14.50',
  });
  dinerCookie = checkout.cookies[DINER_COOKIE]?.value ?? '';
  expect(dinerCookie).not.toBe('');
}, 120_000);
afterAll(() => app?.close());

/** A refusal in the envelope, with a Hebrew message, and never a 500. */
function expectRefusal(answer: { status: number; body: unknown }, statuses: number[]): void {
  expect(statuses).toContain(answer.status);
  expect(answer.body).toMatchObject({ success: false, code: expect.any(String) });
  expect((answer.body as { message: string }).message).toMatch(/[\u0590-\u05FF]/);
}

/** A raw HTTP/1.1 request with a full body, answered by the server: its status and JSON body. */
function rawRequest(head: string[], body: Buffer): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(app.url).port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const payload = text.slice(text.indexOf('\r\n\r\n') + 4);
      let parsed: unknown = payload;
      try {
        parsed = JSON.parse(payload);
      } catch {
        // left as text: the assertion shows it
      }
      resolve({ status, body: parsed });
    });
    socket.write(
      [...head, `Content-Length: ${body.length}`, 'Host: 127.0.0.1', 'Connection: close', '', ''].join('\r\n'),
    );
    // Not ended: a half-closed connection is a client that left (Node aborts its request); `Connection: close` ends it.
    socket.write(body);
  });
}

describe("a NUL in the menu id of a diner's order routes", () => {
  it.each([
    ['GET', 'latest'],
    ['GET', '1'],
    ['PUT', 'ready-sms'],
  ])('%s /api/orders/{id}/%s is a 4xx with any diner cookie', async (method, tail) => {
    for (const cookie of [dinerCookie, 'not-a-session', '']) {
      const answer = await call(app, method, `/api/orders/${shop.departmentId}%00x/${tail}`, {
        cookies: { [DINER_COOKIE]: cookie },
        ...(method === 'PUT' ? { body: { phone: '0501234567' } } : {}),
      });
      expectRefusal(answer, [400, 404]);
    }
  });
});

describe('a malformed multipart body on the upload routes', () => {
  const routes = () => [
    ['POST', '/api/products'],
    ['PUT', `/api/products/${shop.coffee.id}`],
    ['POST', '/api/business/logo'],
  ];
  const bodies: [string, string, string][] = [
    ['an empty boundary', 'multipart/form-data; boundary=', '--\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n----\r\n'],
    [
      'no closing boundary',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    ],
    ['no boundary at all', 'multipart/form-data', '--abc\r\n\r\n'],
    ['a broken part header', 'multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition\r\n\r\nx\r\n--abc--\r\n'],
  ]; // prettier-ignore

  it.each(bodies)('%s is a 4xx on each of them', async (_name, contentType, body) => {
    // The shop's owner: PUT /api/products/{id} names one of the shop's products.
    const shopOwner = await ownerOfShop();
    for (const [method, path] of routes()) {
      const answer = await rawRequest(
        [`${method} ${path} HTTP/1.1`, `Content-Type: ${contentType}`, `Authorization: Bearer ${shopOwner}`],
        Buffer.from(body, 'latin1'),
      );
      expectRefusal(answer, [400, 413, 415]);
    }
  });
});

let shopOwnerToken: string | undefined;
/** A token of the shop's owner, signed in again through the SMS code (openShop keeps only the shop). */
async function ownerOfShop(): Promise<string> {
  if (shopOwnerToken) return shopOwnerToken;
  const fresh = await registerOwner(app);
  shop = await openShop(app, fresh);
  shopOwnerToken = fresh.token;
  return fresh.token;
}

describe('a literal % in a :phone path segment', () => {
  it.each([
    ['POST', '/api/admin/impersonate/05%25'],
    ['DELETE', '/api/admin/businesses/05%25'],
    ['PATCH', '/api/admin/businesses/05%25/toggle'],
    ['POST', '/api/admin/businesses/05%25/reopen'],
    ['GET', '/api/admin/commissions/2026-10/05%25/history'],
    ['POST', '/api/admin/impersonate/%25'],
    ['DELETE', '/api/admin/businesses/%2525'],
  ])('%s %s (administrator) is a 4xx', async (method, path) => {
    expectRefusal(await call(app, method, path, { token: adminToken }), [400, 404]);
  });

  it.each(['05%25', '%25', '%25E0%25A4', '0501234567%25zz'])('the owner route with %s is a 404 page', async (phone) => {
    // The platform invoice's page (the owner's link): an unknown one is its HTML not-found page.
    const answer = await call(app, 'GET', `/api/platform-invoice/2026-10/${phone}?token=x`, { token: owner.token });
    expect(answer.status).toBe(404);
  });
});

describe('a client address over 64 characters behind a trusted proxy', () => {
  // X-Forwarded-For names whatever the proxy passed on; sessions record the address for the owner's list.
  const longAddress = `2001:db8:${'a'.repeat(80)}`;

  it("an owner's verify-otp signs in", async () => {
    const sent = await call(app, 'POST', '/api/send-otp', { body: { phone: owner.phone }, ip: longAddress });
    expect(sent.status).toBe(200);
    const verified = await call(app, 'POST', '/api/verify-otp', {
      body: { phone: owner.phone, code: latestCode(app, owner.phone) },
      ip: longAddress,
    });
    expect(verified.status).toBe(200);
  });

  it("the administrator's verify-otp signs in", async () => {
    const sent = await call(app, 'POST', '/api/admin/send-otp', {
      body: { phone: SECOND_ADMIN.local },
      ip: longAddress,
    });
    expect(sent.status).toBe(200);
    const verified = await call(app, 'POST', '/api/admin/verify-otp', {
      body: { phone: SECOND_ADMIN.e164, code: latestCode(app, SECOND_ADMIN.e164) },
      ip: longAddress,
    });
    expect(verified.status).toBe(200);
  });

  it('impersonate gives the administrator an owner token', async () => {
    const answer = await call(app, 'POST', `/api/admin/impersonate/${owner.phone}`, {
      token: adminToken,
      ip: longAddress,
    });
    expect(answer.status).toBe(200);
  });

  // Last: a refresh rotates the administrator's session, whose access token the other tests use.
  it('refresh gives a fresh token', async () => {
    const answer = await call(app, 'POST', '/api/auth/refresh', {
      cookies: { [OWNER_COOKIE]: owner.refreshCookie },
      ip: longAddress,
    });
    expect(answer.status).toBe(200);
    const admin = await call(app, 'POST', '/api/auth/refresh', {
      body: { audience: 'admin' },
      cookies: { [ADMIN_COOKIE]: adminRefresh },
      ip: longAddress,
    });
    expect(admin.status).toBe(200);
  });
});
