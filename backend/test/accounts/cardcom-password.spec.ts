import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { query } from '../../src/platform/database/sql.js';
import { registerOwner, type SignedInOwner, stepUp } from '../support/accounts.js';
import { createPayment, openShop, type Shop } from '../support/checkout.js';
import { startFakeCardcom } from '../support/fake-cardcom.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A business with its own Cardcom terminal gives its ApiPassword in settings (decision 026): sealed with AES-256-GCM,
// never answered back, never in the log or a read model, and used by the refund (and its credit document) on that
// terminal. End to end against a local Cardcom that checks every request against Cardcom's definition.

const PASSWORD = 'Cafe-Own-Terminal-Secret-7731';
let app: TestApp;
let cardcom: Awaited<ReturnType<typeof startFakeCardcom>>;
let owner: SignedInOwner;
let shop: Shop;

beforeAll(async () => {
  cardcom = await startFakeCardcom({
    terminals: [
      { terminalNumber: 1000, apiName: 'platform-api', apiPassword: 'platform-password' },
      { terminalNumber: 172012, apiName: 'cafe-api', apiPassword: PASSWORD },
    ],
  });
  app = await startTestApp({
    PAYMENT_PROVIDER: 'cardcom',
    CARDCOM_API_URL: cardcom.url,
    CARDCOM_TERMINAL_NUMBER: '1000',
    CARDCOM_API_NAME: 'platform-api',
    CARDCOM_API_PASSWORD: 'platform-password',
  });
  owner = await registerOwner(app, {
    cardcomEnabled: true,
    cardcomTerminalNumber: '172012',
    cardcomApiName: 'cafe-api',
  });
  shop = await openShop(app, owner);
  // The password needs a fresh code (decision 036; test/accounts/step-up.spec.ts); five minutes cover this file.
  await stepUp(app, owner);
});
afterAll(async () => {
  await app?.close();
  await cardcom?.close();
});

const setPassword = (apiPassword: string | null, token = owner.token) =>
  call(app, 'PUT', '/api/business/cardcom-password', { token, body: { apiPassword } });

/** Every row of every table of the database, as text: where a leaked password would be found. */
async function everyRowAsText(): Promise<string> {
  const em = app.database.em();
  const tables = await query<{ name: string }>(
    em,
    "select quote_ident(table_name) as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
  );
  const texts = await Promise.all(
    tables.map(async ({ name }) =>
      (await query<{ row: string }>(em, `select t::text as row from ${name} t`)).map((r) => r.row),
    ),
  );
  return texts.flat().join('\n');
}

/** A paid order on the business's own terminal, its invoice Cardcom's (the page asked for the document). */
async function paidOnOwnTerminal(): Promise<string> {
  const answer = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity: 2 }],
    amount: '29.00',
  });
  expect(answer.status).toBe(200);
  const lowProfileId = String(answer.body.paymentUrl).split('/').at(-1) ?? '';
  expect(cardcom.createRequest(lowProfileId)).toMatchObject({ TerminalNumber: 172012, ApiName: 'cafe-api' });
  const hook = await call(app, 'POST', '/api/cardcom/webhook', { body: cardcom.pay(lowProfileId) });
  expect(hook.status).toBe(200);
  return String(answer.body.orderId);
}

describe("a business terminal's ApiPassword", () => {
  it('without one, a refund on the own terminal stays requested and Cardcom is not asked', async () => {
    const orderId = await paidOnOwnTerminal();
    const before = cardcom.requests.length;
    const answer = await call(app, 'POST', `/api/orders/${orderId}/refunds`, {
      token: owner.token,
      body: { amount: '5.00', reason: 'קפה קר' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'requested' });
    expect(cardcom.requests.slice(before).map((r) => r.path)).not.toContain(
      '/api/v11/Transactions/RefundByTransactionId',
    );
  });

  it('is stored sealed: the answer says only that one is set, and no table or event holds it', async () => {
    const saved = await setPassword(PASSWORD);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ business: { cardcomApiPasswordSet: true } });
    expect(JSON.stringify(saved.body)).not.toContain(PASSWORD);
    const profile = await call(app, 'GET', '/api/business/profile', { token: owner.token });
    expect(profile.body.data).toMatchObject({ business: { cardcomApiPasswordSet: true } });
    expect(JSON.stringify(profile.body)).not.toContain(PASSWORD);

    const database = await everyRowAsText();
    expect(database).not.toContain(PASSWORD);
    expect(database).not.toContain(Buffer.from(PASSWORD).toString('base64'));
    const [secret] = await query<{ key_id: string; ciphertext: string }>(
      app.database.em(),
      'select key_id, ciphertext from business_secrets where business_id = ?',
      [owner.phone],
    );
    // v1.<key id>.<iv>.<tag>.<ciphertext>: the key that sealed it is named, so keys can rotate.
    expect(secret?.ciphertext).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(secret?.ciphertext.split('.')[1]).toBe(secret?.key_id);
    const events = (await app.app.get<EventStore>(EVENT_STORE).readStream(`business-${owner.phone}`)).events;
    expect(events.at(-1)).toMatchObject({ type: 'CardcomApiPasswordChanged', data: { set: true } });
  });

  it("is used by the refund on the own terminal, and Cardcom's credit document is made for Cardcom's invoice", async () => {
    const orderId = await paidOnOwnTerminal();
    const answer = await call(app, 'POST', `/api/orders/${orderId}/refunds`, {
      token: owner.token,
      body: { amount: '14.50', reason: 'מנה חזרה' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'refunded', amount: '14.50' });
    const refund = cardcom.requests.find((r) => r.path === '/api/v11/Transactions/RefundByTransactionId');
    expect(refund?.body).toMatchObject({ ApiName: 'cafe-api', ApiPassword: PASSWORD, PartialSum: 14.5 });
    const document = cardcom.requests.find((r) => r.path === '/api/v11/Documents/CreateDocument');
    expect(document?.body).toMatchObject({
      ApiName: 'cafe-api',
      ApiPassword: PASSWORD,
      Document: { DocumentTypeToCreate: 'TaxInvoiceAndReceiptRefund' },
    });
    const events = (await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`)).events;
    const credit = events.find((event) => event.type === 'CreditIssued');
    expect(credit?.data).toMatchObject({ source: 'provider', creditNumber: '3001', totalAgorot: 1450 });
    expect(cardcom.problems).toEqual([]);
    // Nothing of the refund's call leaked into the log either.
    expect(await everyRowAsText()).not.toContain(PASSWORD);
  });

  it('only its owner sets it; a bad body is 400 and removing it clears the flag', async () => {
    expect((await call(app, 'PUT', '/api/business/cardcom-password', { body: { apiPassword: 'x' } })).status).toBe(401);
    for (const body of [{}, { apiPassword: '' }, { apiPassword: 5 }, { apiPassword: 'x'.repeat(101) }]) {
      expect((await call(app, 'PUT', '/api/business/cardcom-password', { token: owner.token, body })).status).toBe(400);
    }
    const removed = await setPassword(null);
    expect(removed.body.data).toMatchObject({ business: { cardcomApiPasswordSet: false } });
    const [count] = await query<{ n: string }>(
      app.database.em(),
      'select count(*) as n from business_secrets where business_id = ?',
      [owner.phone],
    );
    expect(Number(count?.n)).toBe(0);
    // The removal is a fact of the business's log, like the saving (the password itself never is).
    const events = (await app.app.get<EventStore>(EVENT_STORE).readStream(`business-${owner.phone}`)).events;
    expect(events.at(-1)).toMatchObject({ type: 'CardcomApiPasswordChanged', data: { set: false } });
    // A refund on the own terminal waits again: Cardcom is not asked without the password.
    const orderId = await paidOnOwnTerminal();
    const before = cardcom.requests.length;
    const refund = await call(app, 'POST', `/api/orders/${orderId}/refunds`, {
      token: owner.token,
      body: { amount: '5.00', reason: 'קפה קר' },
    });
    expect(refund.body.data).toMatchObject({ status: 'requested' });
    expect(cardcom.requests.slice(before).map((r) => r.path)).not.toContain(
      '/api/v11/Transactions/RefundByTransactionId',
    );
  });
});
