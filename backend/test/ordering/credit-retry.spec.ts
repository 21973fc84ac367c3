import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { israelMonthOf } from '@tafrit/contracts';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, signInAdmin, type SignedInOwner, stepUp } from '../support/accounts.js';
import { createPayment, openShop, type Shop } from '../support/checkout.js';
import { startFakeCardcom } from '../support/fake-cardcom.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A refund on a business's own Cardcom terminal whose credit document Cardcom refused or could not be reached for
// (decision 026): the owner's report shows it with its reason, and the owner asks for it again. Cardcom's
// CreateDocument takes no key of ours, so however often and however concurrently it is asked for, Cardcom makes one
// credit document per refund. Against the local Cardcom that checks every request against Cardcom's definition.

const PASSWORD = 'Cafe-Own-Terminal-Secret-4410';
const CREATE_DOCUMENT = '/api/v11/Documents/CreateDocument';
let app: TestApp;
let cardcom: Awaited<ReturnType<typeof startFakeCardcom>>;
let owner: SignedInOwner;
let other: SignedInOwner;
let shop: Shop;

beforeAll(async () => {
  cardcom = await startFakeCardcom({
    terminals: [
      { terminalNumber: 1000, apiName: 'platform-api', apiPassword: 'platform-password' },
      { terminalNumber: 172012, apiName: 'cafe-api', apiPassword: PASSWORD },
    ],
    slowMs: 500,
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
  other = await registerOwner(app);
  shop = await openShop(app, owner);
  await stepUp(app, owner);
  const saved = await call(app, 'PUT', '/api/business/cardcom-password', {
    token: owner.token,
    body: { apiPassword: PASSWORD },
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await cardcom?.close();
});
beforeEach(() => {
  cardcom.behave('normal');
  cardcom.behaveDocuments(null);
});

/** A paid order on the own terminal (Cardcom's invoice), refunded ₪5.00 while CreateDocument behaves as given. */
async function refundedWithoutCredit(documents: 'refuse' | 'http-500'): Promise<{ orderId: string; refundId: string }> {
  const answer = await createPayment(app, shop.departmentId, {
    items: [{ productId: shop.coffee.id, quantity: 2 }],
    amount: '29.00',
  });
  expect(answer.status).toBe(200);
  const lowProfileId = String(answer.body.paymentUrl).split('/').at(-1) ?? '';
  expect((await call(app, 'POST', '/api/cardcom/webhook', { body: cardcom.pay(lowProfileId) })).status).toBe(200);
  const orderId = String(answer.body.orderId);
  cardcom.behaveDocuments(documents);
  const refund = await call<{ data: { refundId: string } }>(app, 'POST', `/api/orders/${orderId}/refunds`, {
    token: owner.token,
    body: { amount: '5.00', reason: 'קפה קר' },
  });
  cardcom.behaveDocuments(null);
  expect(refund.status).toBe(200);
  expect(refund.body.data).toMatchObject({ status: 'refunded', amount: '5.00' });
  return { orderId, refundId: String(refund.body.data.refundId) };
}

type CreditAnswer = { success: boolean; code?: string; data: { credit: string; failureReason: string | null } };
const retry = (orderId: string, refundId: string, token = owner.token) =>
  call<CreditAnswer>(app, 'POST', `/api/orders/${orderId}/refunds/${refundId}/credit`, { token });

const documentsAskedFor = (refundId: string) =>
  cardcom.requests.filter(
    (r) =>
      r.path === CREATE_DOCUMENT &&
      (r.body as { Document?: { ExternalId?: string } }).Document?.ExternalId === refundId,
  ).length;

async function eventsOf(orderId: string): Promise<string[]> {
  const { events } = await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`);
  return events.map((event) => event.type);
}

async function reportRefund(orderId: string) {
  const report = await call<{ data: { orders: { id: string; refunds: Record<string, unknown>[] }[] } }>(
    app,
    'GET',
    `/api/orders?month=${israelMonthOf(new Date())}`,
    { token: owner.token },
  );
  expect(report.status).toBe(200);
  const order = report.body.data.orders.find((o) => o.id === orderId);
  return order?.refunds[0];
}

describe('refunds that returned nothing (yet), in the report', () => {
  it('a refusal with its reason and one waiting for its answer are listed apart, in no sum; the refused one retried', async () => {
    const answer = await createPayment(app, shop.departmentId, {
      items: [{ productId: shop.coffee.id, quantity: 2 }],
      amount: '29.00',
    });
    const lowProfileId = String(answer.body.paymentUrl).split('/').at(-1) ?? '';
    expect((await call(app, 'POST', '/api/cardcom/webhook', { body: cardcom.pay(lowProfileId) })).status).toBe(200);
    const orderId = String(answer.body.orderId);
    const month = israelMonthOf(new Date());
    type Report = { data: { summary: { totalRefunds: string }; orders: Record<string, unknown>[] } };
    const before = await call<Report>(app, 'GET', `/api/orders?month=${month}`, { token: owner.token });

    const refundWhile = async (behaviour: 'refuse' | 'http-500', body: Record<string, unknown>) => {
      cardcom.behave(behaviour);
      const refund = await call<{ data: { refundId: string; status: string } }>(
        app,
        'POST',
        `/api/orders/${orderId}/refunds`,
        { token: owner.token, body },
      );
      cardcom.behave('normal');
      return refund.body.data;
    };
    const refused = await refundWhile('refuse', { lines: [{ index: 0, quantity: 1 }], reason: 'קפה קר' });
    expect(refused.status).toBe('failed');
    const waiting = await refundWhile('http-500', { amount: '3.00', reason: 'חיוב כפול' });
    expect(waiting.status).toBe('requested');

    const report = await call<Report>(app, 'GET', `/api/orders?month=${month}`, { token: owner.token });
    const order = report.body.data.orders.find((o) => o.id === orderId);
    expect(order?.refunds).toEqual([]);
    expect(order?.unsettledRefunds).toEqual([
      {
        refundId: refused.refundId,
        amount: '14.50',
        reason: 'קפה קר',
        requestedAt: expect.any(String),
        status: 'failed',
        failureReason: expect.stringContaining('Refund refused'),
        lines: [{ index: 0, quantity: 1 }],
      },
      {
        refundId: waiting.refundId,
        amount: '3.00',
        reason: 'חיוב כפול',
        requestedAt: expect.any(String),
        status: 'requested',
        failureReason: null,
        lines: null,
      },
    ]);
    expect(report.body.data.summary.totalRefunds).toBe(before.body.data.summary.totalRefunds);

    // Tried again under its own id with its lines, as the report's button does: refunded, and listed as such.
    const again = await call<{ data: { refundId: string; status: string } }>(
      app,
      'POST',
      `/api/orders/${orderId}/refunds`,
      {
        token: owner.token,
        body: { refundId: refused.refundId, lines: [{ index: 0, quantity: 1 }], reason: 'קפה קר' },
      },
    );
    expect(again.body.data).toMatchObject({ refundId: refused.refundId, status: 'refunded' });
    const after = await call<Report>(app, 'GET', `/api/orders?month=${month}`, { token: owner.token });
    const settled = after.body.data.orders.find((o) => o.id === orderId);
    expect(settled?.refunds).toMatchObject([{ refundId: refused.refundId, amount: '14.50' }]);
    expect(settled?.unsettledRefunds).toMatchObject([{ refundId: waiting.refundId, status: 'requested' }]);
  });
});

describe("a refund's credit document that Cardcom did not make", () => {
  it('is shown to the owner with its reason, and asked for again it is made once', async () => {
    const { orderId, refundId } = await refundedWithoutCredit('refuse');
    expect(await eventsOf(orderId)).toContain('CreditFailed');
    const failed = await reportRefund(orderId);
    expect(failed).toMatchObject({ refundId, credit: 'failed', creditUrl: null });
    expect(String(failed?.creditFailureReason)).toMatch(/Deal not found|5301/);

    const answer = await retry(orderId, refundId);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ refundId, credit: 'issued', failureReason: null });
    const made = await reportRefund(orderId);
    expect(made).toMatchObject({ credit: 'issued', creditFailureReason: null });
    expect(String(made?.creditUrl)).toContain(`/credits/${refundId}`);
    // The report's link leads to Cardcom's own document, as a Cardcom invoice's link does.
    const opened = await fetch(`${app.url}${String(made?.creditUrl)}`, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(new RegExp(`^${cardcom.url}/docs/TaxInvoiceAndReceiptRefund/\\d+$`));
    const events = await eventsOf(orderId);
    expect(events.filter((type) => type === 'CreditRetryRequested')).toHaveLength(1);
    expect(events.filter((type) => type === 'CreditIssued')).toHaveLength(1);
    const { events: stream } = await app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`);
    expect(stream.find((event) => event.type === 'CreditIssued')?.data).toMatchObject({
      source: 'provider',
      totalAgorot: 500,
    });

    // Asked again after it was made: nothing more is asked of Cardcom, and nothing more recorded.
    const asked = documentsAskedFor(refundId);
    const again = await retry(orderId, refundId);
    expect(again.body.data).toMatchObject({ credit: 'issued' });
    expect(documentsAskedFor(refundId)).toBe(asked);
    expect((await eventsOf(orderId)).length).toBe(events.length);
    expect(cardcom.problems).toEqual([]);

    // The administrator's audit shows the missing document and the second ask, each once.
    const admin = await signInAdmin(app);
    const audit = await call<{ data: { summary: string }[] }>(app, 'GET', '/api/admin/audit?limit=100', {
      token: admin.token,
    });
    const lines = audit.body.data.map((entry) => entry.summary).filter((s) => s.includes(orderId.slice(0, 8)));
    expect(lines.filter((s) => s.startsWith('חשבונית זיכוי להזמנה'))).toHaveLength(1);
    expect(lines.filter((s) => s.startsWith('בקשה חוזרת לחשבונית זיכוי'))).toHaveLength(1);
  });

  it('unreachable, then asked for by five concurrent clicks: Cardcom is asked once and one document is made', async () => {
    const { orderId, refundId } = await refundedWithoutCredit('http-500');
    const failed = await reportRefund(orderId);
    expect(failed).toMatchObject({ credit: 'failed' });
    expect(String(failed?.creditFailureReason)).not.toBe('');
    const before = documentsAskedFor(refundId);
    const documentsBefore = cardcom.creditDocuments.length;

    // Cardcom answers slowly, so the clicks overlap the one ask in flight.
    cardcom.behaveDocuments('slow');
    const answers = await Promise.all(Array.from({ length: 5 }, () => retry(orderId, refundId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.data.credit)).toContain('issued');
    for (const a of answers) expect(['issued', 'retrying']).toContain(a.body.data.credit);
    expect(documentsAskedFor(refundId) - before).toBe(1);
    expect(cardcom.creditDocuments.length - documentsBefore).toBe(1);
    const events = await eventsOf(orderId);
    expect(events.filter((type) => type === 'CreditRetryRequested')).toHaveLength(1);
    expect(events.filter((type) => type === 'CreditIssued')).toHaveLength(1);
    expect(await reportRefund(orderId)).toMatchObject({ credit: 'issued' });
  });

  it('refused by Cardcom again, it stays failed with the new reason and may be asked for once more', async () => {
    const { orderId, refundId } = await refundedWithoutCredit('refuse');
    cardcom.behaveDocuments('http-500');
    const answer = await retry(orderId, refundId);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ refundId, credit: 'failed' });
    expect(String(answer.body.data.failureReason)).not.toBe('');
    expect(await reportRefund(orderId)).toMatchObject({ credit: 'failed' });
    cardcom.behaveDocuments(null);
    expect((await retry(orderId, refundId)).body.data).toMatchObject({ credit: 'issued' });
    expect((await eventsOf(orderId)).filter((type) => type === 'CreditIssued')).toHaveLength(1);
  });

  it("another business's owner, an unknown refund or a malformed id: the same 404, nothing asked", async () => {
    const { orderId, refundId } = await refundedWithoutCredit('refuse');
    const asked = cardcom.requests.length;
    const refused = [
      await retry(orderId, refundId, other.token),
      await retry(orderId, '0b6e7c1e-8f7a-4d7e-9c1e-1a2b3c4d5e6f'),
      await retry(orderId, 'not-a-uuid'),
      await retry('not-a-uuid', refundId),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    for (const r of refused) expect(r.body).toMatchObject({ success: false, code: expect.any(String) });
    expect((await call(app, 'POST', `/api/orders/${orderId}/refunds/${refundId}/credit`)).status).toBe(401);
    expect(cardcom.requests.length).toBe(asked);
    expect(await reportRefund(orderId)).toMatchObject({ credit: 'failed' });
  });
});
