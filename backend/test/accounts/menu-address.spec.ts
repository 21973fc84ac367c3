import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { errorMessagesHe, type MenuAddressResponse, shareMessagesHe } from '@tafrit/contracts';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 33, an address to share: the owner's readable menu address (`/menu/cafe-hagefen`), unique across businesses
// and across time, the old one redirecting after a change, the random one still serving, and the page's link preview.

// The built diner page in miniature, with the head the shell gives it (frontend/vite.config.ts, shellHead('diner')).
const DINER_HTML = `<!doctype html>
<html lang="he" dir="rtl">
  <head>
    <title>תפריט</title>
    <meta name="description" content="התפריט הדיגיטלי" />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="תפריט" />
    <meta property="og:url" content="/" />
    <meta property="og:image" content="/og-image.png" />
  </head>
  <body><div id="root"></div></body>
</html>`;
const PUBLIC_URL = 'https://menu.example.co.il';

let frontendDist: string;
let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;

beforeAll(async () => {
  frontendDist = mkdtempSync(join(tmpdir(), 'tafrit-menu-address-'));
  writeFileSync(join(frontendDist, 'index.html'), DINER_HTML);
  writeFileSync(join(frontendDist, 'diner.html'), DINER_HTML);
  mkdirSync(join(frontendDist, 'ssr'));
  app = await startTestApp({ FRONTEND_DIST: frontendDist, PUBLIC_URL });
  owner = await registerOwner(app, { businessName: 'קפה "הגפן" <תל אביב> & בניו' });
  shop = await openShop(app, owner);
}, 90_000);
afterAll(async () => {
  await app.close();
  rmSync(frontendDist, { recursive: true, force: true });
});

const choose = (who: SignedInOwner, body: unknown) =>
  call<{ success: boolean; data: MenuAddressResponse; code?: string; fields?: Record<string, string> }>(
    app,
    'PUT',
    '/api/business/menu-address',
    { token: who.token, body },
  );
const read = (who: SignedInOwner) =>
  call<{ data: MenuAddressResponse }>(app, 'GET', '/api/business/menu-address', { token: who.token });
const page = (path: string) => app.app.inject({ method: 'GET', url: path });
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('the readable menu address', () => {
  it('is none until chosen, then kept trimmed and in lower case beside the random address', async () => {
    expect((await read(owner)).body.data).toEqual({
      address: null,
      shareLine: null,
      departmentId: shop.departmentId,
      previous: [],
    });
    const chosen = await choose(owner, { address: ' Cafe-Hagefen ', shareLine: null });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({ address: 'cafe-hagefen', departmentId: shop.departmentId });
    const menu = await call<{ data: { business: Record<string, unknown> } }>(
      app,
      'GET',
      `/api/menu/${shop.departmentId}`,
    );
    expect(menu.body.data.business.menuAddress).toBe('cafe-hagefen');
    expect((await call(app, 'GET', '/api/business/menu-address')).status).toBe(401);
  });

  it.each([
    ['api', shareMessagesHe.addressProblem.reserved],
    ['admin', shareMessagesHe.addressProblem.reserved],
    ['assets', shareMessagesHe.addressProblem.reserved],
    ['ab', shareMessagesHe.addressProblem.length],
    ['cafe_hagefen', shareMessagesHe.addressProblem.characters],
    ['abcdefghijklmnopqrst', shareMessagesHe.addressProblem.needs_dash],
    // The random ids' shape: 16 characters, whatever they are.
    ['cafe-hagefen-tlv', shareMessagesHe.addressProblem.random_shape],
  ])('refuses %s with a Hebrew reason and changes nothing', async (address, message) => {
    const refused = await choose(owner, { address, shareLine: null });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'validation.failed' });
    expect(JSON.stringify(refused.body)).toContain(message);
    expect((await read(owner)).body.data.address).toBe('cafe-hagefen');
  });

  it('is never given to another business, now or after its owner left it', async () => {
    const other = await registerOwner(app);
    const taken = await choose(other, { address: 'cafe-hagefen', shareLine: null });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'business.menu_address_taken' });
    expect(taken.body.fields?.address).toBe(errorMessagesHe['business.menu_address_taken']);

    // The owner moves to a new address: the old one stays theirs, listed as a former address.
    const moved = await choose(owner, { address: 'hagefen-tlv', shareLine: null });
    expect(moved.body.data).toMatchObject({ address: 'hagefen-tlv', previous: ['cafe-hagefen'] });
    const stillTaken = await choose(other, { address: 'cafe-hagefen', shareLine: null });
    expect(stillTaken.status).toBe(409);
    // Nor is another business's random address (the demo café's `demo` is reserved; a random one is 16 long).
    expect((await read(other)).body.data.address).toBeNull();
    expect((await choose(other, { address: 'other-cafe', shareLine: null })).status).toBe(200);
  });

  it('may go back to an address it left', async () => {
    expect((await choose(owner, { address: 'cafe-hagefen', shareLine: null })).body.data).toMatchObject({
      address: 'cafe-hagefen',
      previous: ['hagefen-tlv'],
    });
    expect((await choose(owner, { address: 'hagefen-tlv', shareLine: null })).status).toBe(200);
  });
});

describe('/menu/{readable address}', () => {
  it('serves the menu page of the random address, which keeps working', async () => {
    const readable = await page('/menu/hagefen-tlv');
    expect(readable.statusCode).toBe(200);
    expect(readable.body).toContain(`"departmentId":"${shop.departmentId}"`);
    const random = await page(`/menu/${shop.departmentId}`);
    expect(random.statusCode).toBe(200);
    expect(random.body).toBe(readable.body);
  });

  it('answers a former address, or another letter case, with a permanent redirect keeping the query', async () => {
    const old = await page('/menu/cafe-hagefen?src=instagram');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/menu/hagefen-tlv?src=instagram');
    const upper = await page('/menu/Hagefen-TLV');
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe('/menu/hagefen-tlv');
    // An address nobody claimed is a menu that does not exist.
    expect((await page('/menu/nobody-here')).statusCode).toBe(404);
  });

  it('redirects to the random address once the business has no readable one', async () => {
    const other = await registerOwner(app);
    const { departmentId } = await openShop(app, other);
    await choose(other, { address: 'short-lived', shareLine: null });
    await choose(other, { address: null, shareLine: null });
    const answer = await page('/menu/short-lived');
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe(`/menu/${departmentId}`);
  });
});

describe("the menu page's link preview", () => {
  it('carries Open Graph and Twitter card tags with absolute addresses', async () => {
    const html = (await page('/menu/hagefen-tlv')).body;
    expect(metaOf(html, 'og:url')).toBe(`${PUBLIC_URL}/menu/hagefen-tlv`);
    // No logo, no product photo: the product's own picture, absolute.
    expect(metaOf(html, 'og:image')).toBe(`${PUBLIC_URL}/og-image.png`);
    expect(metaOf(html, 'twitter:image')).toBe(`${PUBLIC_URL}/og-image.png`);
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    // Without the owner's line: the first categories' names.
    expect(metaOf(html, 'og:description')).toBe('מאפים וקפה');
    expect(metaOf(html, 'twitter:description')).toBe('מאפים וקפה');
    // The random address's page names the readable address too: one preview per café.
    expect(metaOf((await page(`/menu/${shop.departmentId}`)).body, 'og:url')).toBe(`${PUBLIC_URL}/menu/hagefen-tlv`);
  });

  it("escapes the café's name in every tag: quotes and angle brackets stay text", async () => {
    const html = (await page('/menu/hagefen-tlv')).body;
    const escaped = 'קפה &#34;הגפן&#34; &#60;תל אביב&#62; &#38; בניו';
    expect(metaOf(html, 'og:title')).toContain(escaped);
    expect(metaOf(html, 'twitter:title')).toBe(escaped);
    expect(html).toContain(`<title>${escaped} |`);
    expect(html).not.toContain('<תל אביב>');
    // The head is still whole: every tag the preview added is there, in order, before the body.
    expect(html.indexOf('twitter:image')).toBeLessThan(html.indexOf('<body>'));
  });

  it("shows the owner's line when there is one", async () => {
    await choose(owner, { address: 'hagefen-tlv', shareLine: 'קפה טוב <באמת> ליד הים' });
    const html = (await page('/menu/hagefen-tlv')).body;
    expect(metaOf(html, 'og:description')).toBe('קפה טוב &#60;באמת&#62; ליד הים');
    expect(metaOf(html, 'description')).toBe('קפה טוב &#60;באמת&#62; ליד הים');
  });
});
