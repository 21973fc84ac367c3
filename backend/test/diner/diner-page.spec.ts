import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { inlineJson, renderDinerPage } from '../../src/modules/diner/diner-html.js';
import { demoOwner } from '../../src/modules/demo/demo-cafe.js';
import { escapeHtml } from '../../src/platform/http/html-escape.js';
import { isDinerPath } from '../../src/modules/diner/diner-paths.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { businessRow } from '../support/business-row.js';
import { registerOwner } from '../support/accounts.js';
import { createPayment, DINER_COOKIE, openShop, payInSandbox } from '../support/checkout.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { call } from '../support/http-client.js';

// The built diner.html in miniature: what the server fills in (title, Open Graph, #root) is in it.
const DINER_HTML = `<!doctype html>
<html lang="he" dir="rtl">
  <head>
    <title>תפריט</title>
    <meta property="og:title" content="תפריט" />
    <meta property="og:url" content="/" />
    <meta property="og:image" content="/og-image.png" />
    <script type="module" crossorigin src="/assets/diner-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
// The front end's server renderer of the menu (frontend/src/diner/server.tsx, built to dist/ssr/diner.js), in
// miniature: the page must carry what it returns inside #root. (The real one is tested in the front end and the
// browser tests.)
const SSR_RENDERER = `
export function renderMenuMarkup(menu, language) {
  // As the components mark an owner's text: Hebrew (an untranslated name, in the item's \`he\`) on another page.
  const hebrew = (item) => (language !== 'he' && (!menu.language || item.he?.includes('name')) ? ' lang="he"' : '');
  const text = (value) => String(value).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
  return '<h1 class="truncate">' + text(menu.business.businessName) + '</h1>' +
    (language === 'he' ? '' : '<p>in ' + language + '</p>') +
    menu.categories.map((c) => '<a href="#category-' + c.id + '"' + hebrew(c) + '>' + text(c.name) + '</a>').join('') +
    menu.products.map((p) => '<h3' + hebrew(p) + '>' + text(p.name) + '</h3><span dir="ltr">₪' + p.price + '</span>').join('') +
    '<a href="/accessibility">$&amp; $1</a>';
}
export function renderStepMarkup(step) {
  if (step.order) return '<main>order ' + step.order.orderNumber + ' ' + step.order.paymentStatus + '</main>';
  const cart = /cart_demo=([\\w-]+)/.exec(step.cookies ?? '');
  const language = step.language === 'he' ? '' : ' in ' + step.language;
  if (cart) return '<main>' + step.page + ' of ' + step.business.businessName + ' with ' + cart[1] + language + '</main>';
  return step.page === 'thank-you' ? '<main>thanks</main>' : '';
}
`;
// diner-order.html, the cart, checkout and thank-you steps: the same page with the script that brings the app at once.
const DINER_ORDER_HTML = DINER_HTML.replace('/assets/diner-abc.js', '/assets/diner-order-abc.js');
const INDEX_HTML =
  '<!doctype html><html lang="he" dir="rtl"><head><title>האפליקציה</title></head><body><div id="root"></div></body></html>';

let frontendDist: string;
beforeAll(() => {
  frontendDist = mkdtempSync(join(tmpdir(), 'tafrit-diner-dist-'));
  writeFileSync(join(frontendDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(frontendDist, 'diner.html'), DINER_HTML);
  writeFileSync(join(frontendDist, 'diner-order.html'), DINER_ORDER_HTML);
  mkdirSync(join(frontendDist, 'ssr'));
  writeFileSync(join(frontendDist, 'ssr', 'diner.js'), SSR_RENDERER);
});
afterAll(() => rmSync(frontendDist, { recursive: true, force: true }));

function inlineData(body: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(body);
  return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
}

describe('the diner page in one response (demo café seeded)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      FRONTEND_DIST: frontendDist,
      SEED_DEMO: 'true',
      PUBLIC_URL: 'https://menu.example.co.il',
    });
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.app.inject({ method: 'GET', url, headers });

  it('answers /menu/demo with the menu inline, its title, Open Graph tags and its HTML', async () => {
    const response = await get('/menu/demo');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = response.body;
    expect(body).toContain('<title>קפה הגפן | תפריט</title>');
    expect(body).toContain('<meta property="og:title" content="קפה הגפן | תפריט" />');
    // The preview names the café's readable address and shows its first product photo (no logo; issue 33).
    expect(body).toContain('<meta property="og:url" content="https://menu.example.co.il/menu/demo-cafe" />');
    expect(body).toMatch(
      /<meta property="og:image" content="https:\/\/menu\.example\.co\.il\/uploads\/products\/[^"]+" \/>/,
    );
    const menu = inlineData(body, 'menu-data') as {
      business: Record<string, unknown>;
      categories: unknown[];
      products: { name: string; price: string }[];
    };
    expect(menu.business).toEqual({
      businessName: 'קפה הגפן',
      logo: null,
      departmentId: 'demo',
      languages: ['he', 'ar', 'en', 'ru'],
      payments: { tips: false, bit: false, googlePay: false },
      // Its readable address to share (issue 33).
      menuAddress: 'demo-cafe',
    });
    expect(menu.categories).toHaveLength(4);
    expect(menu.products).toHaveLength(12);
    // The menu's HTML from the front end's renderer, inside #root: every product with its price, the category bar's
    // anchors; a `$&` in it stays as it is.
    const root = body.slice(body.indexOf('<div id="root">'));
    for (const product of menu.products) expect(root).toContain(escapeHtml(product.name));
    expect(root).toContain('<div id="root"><h1 class="truncate">קפה הגפן</h1>');
    expect(root).toContain('<span dir="ltr">₪14.00</span>');
    expect(root).toMatch(/<a href="#category-\d+"/);
    expect(root).toContain('<a href="/accessibility">$&amp; $1</a></div>');
  });

  it('puts no private field of the business into the page', async () => {
    const body = (await get('/menu/demo')).body;
    const json = JSON.stringify(inlineData(body, 'menu-data'));
    for (const key of [
      'phone',
      'email',
      'idNumber',
      'bankName',
      'branch',
      'accountNumber',
      'beneficiaryName',
      'fullName',
    ])
      expect(json).not.toContain(`"${key}"`);
    // The demo owner's phone in any form, and nothing shaped like a mobile number standing alone: the page carries
    // random ids (an option's UUID may hold "05" and eight digits), so a number counts only between non-hex marks.
    for (const form of [demoOwner.phone, demoOwner.phone.replace('+972', '0'), demoOwner.phone.slice(1)])
      expect(body).not.toContain(form);
    expect(body).not.toMatch(/(?<![\da-f])(?:05\d-?\d{7}|\+9725\d{8})(?![\da-f])/i);
    expect(json).not.toContain('isActive');
  });

  it('sends the same page compressed', async () => {
    const plain = (await get('/menu/demo')).body;
    const br = await get('/menu/demo', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await get('/menu/demo', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it('answers /order?departmentId=demo with the menu too', async () => {
    const response = await get('/order?table=4&departmentId=demo');
    expect(response.statusCode).toBe(200);
    expect(inlineData(response.body, 'menu-data')).toBeDefined();
  });

  it('answers an unknown department with 404 and the not-found state', async () => {
    const response = await get('/menu/no-such-cafe');
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>התפריט לא נמצא | תפריט</title>');
    expect(inlineData(response.body, 'menu-status')).toEqual({ status: 'not_found', departmentId: 'no-such-cafe' });
    expect(inlineData(response.body, 'menu-data')).toBeUndefined();
    expect((await get(`/menu/${encodeURIComponent('a b<c>')}`)).statusCode).toBe(404);
  });

  it('answers a paused business with 404 and its name, for the "not taking orders" message', async () => {
    await app.database.em().insert(BusinessEntity, { ...businessRow('paused-cafe', '+972543333333'), isActive: false });
    const response = await get('/menu/paused-cafe');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>עסק paused-cafe | תפריט</title>');
    expect(inlineData(response.body, 'menu-status')).toEqual({
      status: 'unavailable',
      departmentId: 'paused-cafe',
      businessName: 'עסק paused-cafe',
    });
    expect(response.body).not.toContain('+972543333333');
  });

  it('refuses an address that keeps missing further unknown ids, and still serves it every menu that exists', async () => {
    const from = (remoteAddress: string, url: string) => app.app.inject({ method: 'GET', url, remoteAddress });
    for (let i = 0; i < 30; i++) expect((await from('198.51.100.9', `/menu/no-such-cafe-${i}`)).statusCode).toBe(404);
    expect((await from('198.51.100.9', '/menu/no-such-cafe-x')).statusCode).toBe(429);
    // A real menu is served all the same: one bad link must not lock everyone behind a café's address out of it.
    expect((await from('198.51.100.9', '/menu/demo')).statusCode).toBe(200);
    expect((await from('198.51.100.10', '/menu/demo')).statusCode).toBe(200);
  });

  it.each(['/cart', '/checkout', '/shopping-cart', '/shoppingcart', '/thank-you', '/thankyou', '/cart/no-such-cafe'])(
    '%s is the steps page as built, 200 (the app uses the department stored on the device, or says what is wrong)',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('/assets/diner-order-abc.js');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('<title>תפריט</title>');
      expect(inlineData(response.body, 'business-data')).toBeUndefined();
    },
  );

  it.each(['/cart/demo', '/checkout/demo', '/shopping-cart/demo', '/thank-you/demo', '/thank-you/demo/'])(
    '%s is the steps page with the business for its header, and nothing of the menu',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('/assets/diner-order-abc.js');
      expect(response.body).toContain('<title>קפה הגפן | תפריט</title>');
      expect(inlineData(response.body, 'business-data')).toEqual({
        departmentId: 'demo',
        businessName: 'קפה הגפן',
        logo: null,
        languages: ['he', 'ar', 'en', 'ru'],
        payments: { tips: false, bit: false, googlePay: false },
      });
      expect(response.body).not.toContain('id="menu-data"');
      // Without a cart's cookie only the thank-you page is drawn here (the renderer's choice, see server.tsx).
      expect(response.body).toContain(
        url.startsWith('/thank-you') ? '<div id="root"><main>thanks</main>' : '<div id="root"></div>',
      );
    },
  );

  it("draws a step with the visitor's cart as that visitor's own page, and a step without a cart as everyone's", async () => {
    const withCart = await app.app.inject({
      method: 'GET',
      url: '/cart/demo',
      headers: { cookie: 'a=1; cart_demo=W1sx' },
    });
    expect(withCart.statusCode).toBe(200);
    expect(withCart.body).toContain('<div id="root"><main>cart of קפה הגפן with W1sx</main></div>');
    expect(withCart.headers['cache-control']).toBe('private, no-cache');
    // Another visitor's cart is never served from what the first one got.
    const other = await app.app.inject({ method: 'GET', url: '/cart/demo', headers: { cookie: 'cart_demo=W2zy' } });
    expect(other.body).toContain('with W2zy</main>');
    expect(other.body).not.toContain('W1sx');
    const thanks = await app.app.inject({ method: 'GET', url: '/thank-you/demo' });
    expect(thanks.body).toContain('<div id="root"><main>thanks</main></div>');
    expect(thanks.headers['cache-control']).toBe('no-cache');
    const noCart = await app.app.inject({
      method: 'GET',
      url: '/checkout/demo',
      headers: { cookie: 'cart_other=W1sx' },
    });
    expect(noCart.body).toContain('<div id="root"></div>');
    expect(noCart.headers['cache-control']).toBe('no-cache');
  });

  it("draws the thank-you page with the diner's own order, for that diner only, and never keeps it", async () => {
    const owner = await registerOwner(app);
    const shop = await openShop(app, owner);
    const placed = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1 }],
      amount: '14.50',
    });
    expect(placed.status).toBe(200);
    // The session's cookie goes to the ordering calls and to the thank-you page, nowhere else.
    const paths = (placed.headers.getSetCookie() ?? [])
      .filter((cookie) => cookie.startsWith(`${DINER_COOKIE}=`))
      .map((cookie) => /Path=([^;]+)/i.exec(cookie)?.[1]);
    expect(paths.sort()).toEqual(['/api', '/thank-you']);
    expect(placed.headers.getSetCookie().every((cookie) => /HttpOnly/i.test(cookie))).toBe(true);
    const session = placed.cookies[DINER_COOKIE]!.value;
    const orderNumber = Number(placed.body.orderNumber);

    const page = (cookie?: string) =>
      app.app.inject({
        method: 'GET',
        url: `/thank-you/${shop.departmentId}`,
        headers: cookie ? { cookie } : {},
      });
    const own = await page(`${DINER_COOKIE}=${session}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(`<div id="root"><main>order ${orderNumber} pending</main></div>`);
    expect(inlineData(own.body, 'order-data')).toMatchObject({
      orderNumber,
      departmentId: shop.departmentId,
      paymentStatus: 'pending',
      totalAmount: '14.50',
    });
    expect(own.headers['cache-control']).toBe('private, no-cache');

    // Another session, a forged value or none: the page as everyone gets it, without the order.
    for (const cookie of [`${DINER_COOKIE}=${'x'.repeat(32)}`, `${DINER_COOKIE}=<script>`, undefined]) {
      const other = await page(cookie);
      expect(other.statusCode).toBe(200);
      expect(other.body).not.toContain('order-data');
      expect(other.body).toContain('<div id="root"><main>thanks</main></div>');
    }
    // Paid: the page says so at once.
    expect((await payInSandbox(app, String(placed.body.paymentUrl), { number: SANDBOX_APPROVED_CARD })).status).toBe(
      303,
    );
    expect((await page(`${DINER_COOKIE}=${session}`)).body).toContain(`<main>order ${orderNumber} paid</main>`);
  });

  it("draws the menu in the diner's language: ?lang= first, then the cookie, then Accept-Language, then Hebrew", async () => {
    const page = async (url: string, headers: Record<string, string> = {}) => {
      const response = await get(url, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toBe('accept-encoding, accept-language, cookie');
      const html = /<html[^>]*>/.exec(response.body)?.[0];
      const marker = /<p>in (\w+)<\/p>/.exec(response.body)?.[1] ?? 'he';
      return { html, marker, title: /<title>(.*?)<\/title>/.exec(response.body)?.[1] };
    };
    const english = await page('/menu/demo?lang=en', { cookie: 'lang=ar', 'accept-language': 'ru' });
    expect(english).toEqual({ html: '<html lang="en" dir="ltr">', marker: 'en', title: 'קפה הגפן | Tafrit' });
    expect(await page('/menu/demo', { cookie: 'cart_demo=W1sx; lang=ar', 'accept-language': 'ru' })).toEqual({
      html: '<html lang="ar" dir="rtl">',
      marker: 'ar',
      title: 'קפה הגפן | تفريت',
    });
    expect(await page('/menu/demo?lang=xx', { 'accept-language': 'fr-FR, ru;q=0.8, en;q=0.5' })).toMatchObject({
      html: '<html lang="ru" dir="ltr">',
      marker: 'ru',
    });
    // Each language's page is kept apart: after the others, Hebrew is still Hebrew.
    expect(await page('/menu/demo', { 'accept-language': 'fr' })).toEqual({
      html: '<html lang="he" dir="rtl">',
      marker: 'he',
      title: 'קפה הגפן | תפריט',
    });
    expect((await page('/menu/demo?lang=en')).marker).toBe('en');
  });

  it("draws a step and the not-found page in the diner's language too", async () => {
    const cart = await get('/cart/demo?lang=ru', { cookie: 'cart_demo=W1sx' });
    expect(cart.body).toContain('<html lang="ru" dir="ltr">');
    expect(cart.body).toContain('<main>cart of קפה הגפן with W1sx in ru</main>');
    const thanks = await get('/thank-you/demo', { cookie: 'lang=en' });
    expect(thanks.body).toContain('<html lang="en" dir="ltr">');
    expect(thanks.body).toContain('<main>thanks</main>');
    const missing = await get('/menu/no-such-department', { 'accept-language': 'ar' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="ar" dir="rtl">');
    expect(missing.body).toContain('<title>القائمة غير موجودة | تفريت</title>');
  });

  it('offers only the languages the owner chose: the public menu says them, the page passes over the others', async () => {
    const owner = await registerOwner(app);
    const { departmentId } = await openShop(app, owner);
    const languages = (body: unknown) => (body as { data: { languages: string[] } }).data.languages;
    const auth = { token: owner.token };
    // Never chosen: every language is offered.
    expect(languages((await call(app, 'GET', '/api/business/diner-languages', auth)).body)).toEqual([
      'he',
      'ar',
      'en',
      'ru',
    ]);
    // Hebrew is always offered and is not for the owner to send; unknown or repeated languages are refused.
    for (const bad of [{ languages: ['he'] }, { languages: ['en', 'en'] }, { languages: 'en' }]) {
      const refused = await call(app, 'PUT', '/api/business/diner-languages', { ...auth, body: bad });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 'validation.failed' });
    }
    expect((await call(app, 'PUT', '/api/business/diner-languages', { body: { languages: ['en'] } })).status).toBe(401);
    // The menu was cached before the choice: the choice drops it.
    await get(`/api/menu/${departmentId}`);
    const chosen = await call(app, 'PUT', '/api/business/diner-languages', { ...auth, body: { languages: ['en'] } });
    expect(chosen.status).toBe(200);
    expect(languages(chosen.body)).toEqual(['he', 'en']);
    const menu = JSON.parse((await get(`/api/menu/${departmentId}`)).body) as { data: { business: unknown } };
    expect(menu.data.business).toMatchObject({ departmentId, languages: ['he', 'en'] });

    const htmlOf = async (url: string, headers: Record<string, string> = {}) => {
      const response = await get(url, headers);
      expect(response.statusCode).toBe(200);
      return /<html[^>]*>/.exec(response.body)?.[0];
    };
    expect(await htmlOf(`/menu/${departmentId}?lang=en`)).toBe('<html lang="en" dir="ltr">');
    expect(await htmlOf(`/menu/${departmentId}?lang=ru`, { 'accept-language': 'ru, en;q=0.5' })).toBe(
      '<html lang="en" dir="ltr">',
    );
    expect(await htmlOf(`/menu/${departmentId}`, { cookie: 'lang=ar' })).toBe('<html lang="he" dir="rtl">');
    expect(await htmlOf(`/cart/${departmentId}`, { cookie: 'lang=ru' })).toBe('<html lang="he" dir="rtl">');
    // The steps' page tells the app the languages for its header's switcher.
    const step = await get(`/cart/${departmentId}`);
    expect(inlineData(step.body, 'business-data')).toMatchObject({ languages: ['he', 'en'] });

    // A menu edit drops the kept page of every language: each shows the new name at once.
    await get(`/menu/${departmentId}?lang=en`);
    await get(`/menu/${departmentId}?lang=he`);
    const categories = await call(app, 'GET', '/api/categories', auth);
    const [category] = (categories.body as { data: { id: number }[] }).data;
    const renamed = await call(app, 'PUT', `/api/categories/${category?.id}`, { ...auth, body: { name: 'קפה ומאפה' } });
    expect(renamed.status).toBe(200);
    for (const lang of ['en', 'he']) {
      expect((await get(`/menu/${departmentId}?lang=${lang}`)).body).toContain('קפה ומאפה');
    }

    const hebrewOnly = await call(app, 'PUT', '/api/business/diner-languages', { ...auth, body: { languages: [] } });
    expect(languages(hebrewOnly.body)).toEqual(['he']);
  });

  it("draws the menu page with the owner's translations, an untranslated name in Hebrew and marked so", async () => {
    const owner = await registerOwner(app);
    const shop = await openShop(app, owner);
    const { departmentId } = shop;
    const [coffee, croissant] = [shop.coffee.id, shop.croissant.id];
    const translate = (id: number, name: string) =>
      call(app, 'PUT', `/api/menu-translations/product/${id}`, { token: owner.token, body: { en: { name } } });
    // Drawn and kept before the translation: the translation must drop the kept page.
    expect((await get(`/menu/${departmentId}?lang=en`)).body).toContain('<h3 lang="he">הפוך גדול</h3>');
    expect((await translate(coffee, 'Large latte')).status).toBe(200);

    const page = await get(`/menu/${departmentId}?lang=en`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toContain('<h3>Large latte</h3>');
    expect(page.body).toContain('<h3 lang="he">קרואסון</h3>');
    expect(page.body).toMatch(/<a href="#category-\d+" lang="he">מאפים וקפה<\/a>/);
    // The app's data is the same translated menu: it hydrates these very names and marks.
    const data = inlineData(page.body, 'menu-data') as {
      language: string;
      products: { id: number; name: string; he?: string[] }[];
    };
    expect(data.language).toBe('en');
    expect(data.products.find((product) => product.id === coffee)).toMatchObject({ name: 'Large latte' });
    expect(data.products.find((product) => product.id === croissant)).toMatchObject({ name: 'קרואסון', he: ['name'] });
    expect(data.products.find((product) => product.id === coffee)?.he).toBeUndefined();
    const api = JSON.parse((await get(`/api/menu/${departmentId}?lang=en`)).body) as { data: unknown };
    expect(api.data).toEqual(data);

    // Another translation is on the next scan; the Hebrew and Arabic pages keep the owner's Hebrew.
    expect((await translate(croissant, 'Croissant')).status).toBe(200);
    expect((await get(`/menu/${departmentId}?lang=en`)).body).toContain('<h3>Croissant</h3>');
    expect((await get(`/menu/${departmentId}?lang=ar`)).body).toContain('<h3 lang="he">קרואסון</h3>');
    const hebrew = await get(`/menu/${departmentId}?lang=he`);
    expect(hebrew.body).toContain('<h3>קרואסון</h3>');
    expect(inlineData(hebrew.body, 'menu-data')).not.toHaveProperty('language');
  });

  it('/order is the menu page without a department: the app draws the stored one', async () => {
    const response = await get('/order');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('/assets/diner-abc.js');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it.each(['/', '/menu', '/menu-management', '/login'])('%s stays the app', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>האפליקציה</title>');
  });

  it.each(['/menu/demo/extra', '/no/such/page'])(
    '%s is the app, showing its not-found page, answered 404',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<title>האפליקציה</title>');
    },
  );
});

describe('the page renderer', () => {
  it('keeps a </script> in a product name from closing the data element', () => {
    const menu = {
      business: { businessName: 'A & B "café"', logo: '/uploads/logos/x.webp', departmentId: 'x' },
      categories: [{ id: 1, name: 'c', order: 0 }],
      products: [
        {
          id: 1,
          categoryId: 1,
          name: '</script><script>alert(1)</script>',
          description: null,
          price: '1.00',
          image: null,
          tags: [],
          optionGroups: [],
        },
      ],
      ordering: { open: true, reason: null, opensAt: null },
    };
    const html = renderDinerPage(DINER_HTML, { status: 'ok', menu, json: JSON.stringify(menu) }, 'https://t.example');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('\\u003c/script>');
    // Without the front end's renderer the menu has no HTML: the app draws it from the data.
    expect(html).toContain('<div id="root"></div>');
    const rendered = renderDinerPage(
      DINER_HTML,
      { status: 'ok', menu, json: JSON.stringify(menu) },
      'https://t.example',
      (shown) => `<h1>${escapeHtml(shown.products[0]?.name ?? '')}</h1>`,
    );
    expect(rendered).toContain(
      '<div id="root"><h1>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;</h1></div>',
    );
    expect(html).toContain('<title>A &#38; B &#34;café&#34; | תפריט</title>');
    expect(html).toContain('<meta property="og:image" content="https://t.example/uploads/logos/x.webp" />');
    expect(inlineJson('"\u2028<"')).toBe('"\\u2028\\u003c"');
  });

  it('knows the diner paths, and /menu alone is not one', () => {
    for (const path of ['/menu/demo', '/order', '/cart', '/cart/x', '/thankyou', '/shopping-cart/x'])
      expect(isDinerPath(path)).toBe(true);
    for (const path of ['/menu', '/menu/', '/menu-management', '/menu/a/b', '/shoppingcart/x', '/thankyou/x', '/'])
      expect(isDinerPath(path)).toBe(false);
  });
});
