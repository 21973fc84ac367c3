import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ORDER_PAYMENT_WINDOW_MS } from '../../src/modules/ordering/domain/order.state.js';
import { OrderExpiry } from '../../src/modules/ordering/processors/order-expiry.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { bounded } from '../support/bounded-close.js';
import { createPayment, openShop, payInSandbox, type Shop, DINER_COOKIE } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { SANDBOX_APPROVED_CARD } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A diner's promo code at checkout (issue 33): repriced by the server, recorded on the order, counted atomically.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
}, 60_000);
afterAll(() => bounded('the app', app.close(), 60_000), 120_000);

const sql = async <Row>(text: string, params: unknown[] = []) =>
  (await app.database.em().getConnection().execute(text, params)) as Row[];

async function makeCode(code: string, rules: Record<string, unknown>) {
  const created = await call<{ data: { id: string } }>(app, 'POST', '/api/owner/promo-codes', {
    token: owner.token,
    body: { code, rules },
  });
  if (created.status !== 201) throw new Error(`no code: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.data.id;
}

// Two coffees (29.00) and a croissant (12.00): 41.00 of items.
const cart = () => [
  { productId: shop.coffee.id, quantity: 2 },
  { productId: shop.croissant.id, quantity: 1 },
];
const pay = (promoCode: string | undefined, amount: string, extra: Record<string, unknown> = {}, session?: string) =>
  createPayment(app, shop.departmentId, { items: cart(), amount, session, extra: { promoCode, ...extra } });
const orderCount = async () => (await sql<{ n: number }>('select count(*)::int as n from orders'))[0]?.n ?? 0;

describe('a promo code at checkout', () => {
  it('takes the discount off, spread over the lines, records it on the order and its row; commission on what is paid', async () => {
    await makeCode('TEN', { kind: 'percent', percent: 10 });
    const answer = await pay(' ten ', '36.90');
    expect(answer.status).toBe(200);
    const [row] = await sql<{
      id: string;
      promo_code: string;
      discount_agorot: number;
      total_amount: string;
      commission: string;
    }>(
      `select id, promo_code, discount_agorot, total_amount::text, commission::text from orders where promo_code = 'TEN'`,
    );
    expect(row).toMatchObject({ promo_code: 'TEN', discount_agorot: 410, total_amount: '36.90', commission: '1.85' });
    const [placed] = await sql<{ data: { discount: unknown; lines: { discountAgorot?: number }[] } }>(
      `select data from events where stream_id = ? and type = 'OrderPlaced'`,
      [`order-${row!.id}`],
    );
    expect(placed!.data.discount).toMatchObject({ code: 'TEN', agorot: 410 });
    // 410 over 2,900 and 1,200: 290.0 and 120.0.
    expect(placed!.data.lines.map((line) => line.discountAgorot)).toEqual([290, 120]);
    const paid = await payInSandbox(app, String(answer.body.paymentUrl), { number: SANDBOX_APPROVED_CARD });
    expect(paid.status).toBeLessThan(400);
  });

  it('a tip percent is of what is paid', async () => {
    await call(app, 'PUT', '/api/business/payment-options', {
      token: owner.token,
      body: { tipsEnabled: true, bitEnabled: false, googlePayEnabled: false },
    });
    const answer = await pay('TEN', '40.59', { tip: { percent: 10 } });
    expect(answer.status).toBe(200);
  });

  it('a total shown without the discount is a changed price that says the discount', async () => {
    const answer = await pay('TEN', '41.00');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'order.price_changed' });
  });

  it.each([
    ['unknown', 'NOPE', {}, 'קוד ההנחה לא נמצא'],
    ['below the least order, saying it', 'MIN50', { kind: 'percent', percent: 10, minOrderAgorot: 5_000 }, '50.00'],
    ['for no line in the cart', 'OTHER', { kind: 'percent', percent: 10, productIds: [999_999] }, 'אינו חל'],
    ['not yet valid', 'LATER', { kind: 'percent', percent: 10, validFrom: '2099-01-01' }, 'עוד לא'],
    ['expired', 'GONE', { kind: 'percent', percent: 10, validUntil: '2020-01-01' }, 'פג'],
  ])('refuses a code %s: 409 with its reason, nothing recorded', async (_name, code, rules, text) => {
    if (Object.keys(rules).length > 0) await makeCode(code, rules);
    const before = await orderCount();
    const answer = await pay(code, '1.00');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ success: false, code: 'order.promo_invalid' });
    expect((answer.body as { fields: { promoCode: string } }).fields.promoCode).toContain(text);
    expect(await orderCount()).toBe(before);
  });

  it('a code turned off is unknown to the diner', async () => {
    const id = await makeCode('OFFNOW', { kind: 'percent', percent: 10 });
    await call(app, 'POST', `/api/owner/promo-codes/${id}/turn-off`, { token: owner.token });
    const answer = await pay('OFFNOW', '36.90');
    expect(answer.status).toBe(409);
  });

  it('a code of 10,000 characters is a clear 400 and nothing is recorded', async () => {
    const before = await orderCount();
    const answer = await pay('A'.repeat(10_000), '41.00');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'validation.failed' });
    expect(Object.keys((answer.body as { fields: object }).fields)).toContain('promoCode');
    expect(await orderCount()).toBe(before);
  });

  it('two diners at once past its limit: never more uses than the limit', async () => {
    const id = await makeCode('LAST2', { kind: 'percent', percent: 10, maxUses: 2 });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => pay('LAST2', '36.90')));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect((refused!.body as { fields: { promoCode: string } }).fields.promoCode).toContain('נוצל');
    const [counter] = await sql<{ taken: number }>('select taken from promo_code_counters where promo_code_id = ?', [
      id,
    ]);
    expect(counter?.taken).toBe(2);
    expect((await sql<{ n: number }>(`select count(*)::int as n from orders where promo_code = 'LAST2'`))[0]?.n).toBe(
      2,
    );
  });

  it('once per diner session: the same session is refused the second time, another diner is not', async () => {
    await makeCode('ONCE', { kind: 'percent', percent: 10, oncePerDiner: true });
    const first = await pay('ONCE', '36.90');
    expect(first.status).toBe(200);
    const session = first.cookies[DINER_COOKIE]?.value;
    // Another cart, so it is another checkout and not the same one sent again.
    const again = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 1 }],
      amount: '13.05',
      session,
      extra: { promoCode: 'ONCE' },
    });
    expect(again.status).toBe(409);
    expect((again.body as { fields: { promoCode: string } }).fields.promoCode).toContain('כבר השתמשתם');
    expect((await pay('ONCE', '36.90')).status).toBe(200);
  });

  it('a pending order holds its use until it expires, then gives it back', async () => {
    const id = await makeCode('HOLD1', { kind: 'percent', percent: 10, maxUses: 1 });
    expect((await pay('HOLD1', '36.90')).status).toBe(200);
    expect((await pay('HOLD1', '36.90')).status).toBe(409);
    await app.app.get(OrderExpiry).sweep(new Date(Date.now() + ORDER_PAYMENT_WINDOW_MS + 60_000));
    const [counter] = await sql<{ taken: number }>('select taken from promo_code_counters where promo_code_id = ?', [
      id,
    ]);
    expect(counter?.taken).toBe(0);
    expect((await pay('HOLD1', '36.90')).status).toBe(200);
  });
});

describe("the cart's check of a promo code", () => {
  const check = (promoCode: string) =>
    call<{ data: { code: string; discountAgorot: number } }>(
      app,
      'POST',
      `/api/menu/${shop.departmentId}/promo-check`,
      {
        body: { promoCode, items: cart() },
      },
    );

  it('answers what the code takes off the cart, priced by the server, recording nothing', async () => {
    const before = await orderCount();
    const answer = await check(' ten ');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ code: 'TEN', discountAgorot: 410 });
    expect(await orderCount()).toBe(before);
  });

  it('refuses a code that does not hold with its reason, and a code of 10,000 characters with a 400', async () => {
    const unknown = await check('NOPE');
    expect(unknown.status).toBe(409);
    expect((unknown.body as unknown as { fields: { promoCode: string } }).fields.promoCode).toBe('קוד ההנחה לא נמצא');
    expect((await check('A'.repeat(10_000))).status).toBe(400);
  });
});
