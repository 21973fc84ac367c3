import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestDatabase } from '../../../../test/support/test-database.js';
import type { AppConfig } from '../../../config/config.js';
import { HoldChargeRefused, type ChargeHoldRequest, type OpenHoldPageRequest } from '../payment-provider.port.js';
import { SANDBOX_CARDS } from './card-checks.js';
import { renderClosedPage, renderSandboxPage } from './sandbox-page.html.js';
import { HOLD_CHARGE_REFUSED_CODE, SANDBOX_HOLD_DAYS } from './sandbox-holds.js';
import { SandboxPaymentProvider } from './sandbox-payment-provider.js';

// Issue 34, "pay at the end": the sandbox holds a card as Cardcom's J5 does and charges the hold once, for at most
// what it holds, while the hold lasts.

let database: Awaited<ReturnType<typeof startTestDatabase>>;
let sandbox: SandboxPaymentProvider;
const platform = { owner: 'platform' as const, credentials: null };

beforeAll(async () => {
  database = await startTestDatabase();
  sandbox = new SandboxPaymentProvider(database.database, { publicUrl: 'https://tafrit.example' } as AppConfig);
});
afterAll(async () => {
  await database?.close();
});

function holdRequest(orderId: string, holdAgorot = 30_000): OpenHoldPageRequest {
  return {
    orderId,
    orderNumber: 21,
    holdAgorot,
    business: {
      phone: '+972547654321',
      businessName: 'קפה הים',
      idNumber: '515555555',
      email: 'a@b.co',
      departmentId: '3',
    },
    terminal: platform,
    successUrl: 'https://tafrit.example/tab/ok',
    failedUrl: 'https://tafrit.example/tab/failed',
    webhookUrl: 'https://tafrit.example/api/webhooks/cardcom',
  };
}

const card = (number: string = SANDBOX_CARDS.approved) => ({
  name: 'ישראל ישראלי',
  number,
  expiry: '12/30',
  cvv: '123',
});

/** A tab's hold: opened, the approved card given, its verdict. */
async function held(holdAgorot = 30_000) {
  const orderId = randomUUID();
  const page = await sandbox.openHoldPage(holdRequest(orderId, holdAgorot));
  expect(await sandbox.submitCard(page.lowProfileId, card())).toMatchObject({ status: 'paid' });
  const result = await sandbox.getHoldResult(page.lowProfileId, platform, holdAgorot);
  if (result.status !== 'held') throw new Error(`not held: ${result.status}`);
  return { orderId, result };
}

function charge(
  hold: Awaited<ReturnType<typeof held>>,
  amountAgorot: number,
  overrides: Partial<ChargeHoldRequest> = {},
): ChargeHoldRequest {
  return {
    chargeId: randomUUID(),
    orderId: hold.orderId,
    orderNumber: 21,
    lowProfileId: hold.result.lowProfileId,
    token: hold.result.token,
    approvalNumber: hold.result.approvalNumber,
    cardExpiry: hold.result.cardExpiry,
    holdAgorot: hold.result.holdAgorot,
    amountAgorot,
    lines: [{ productId: 1, name: 'שקשוקה', unitPriceAgorot: amountAgorot, quantity: 1 }],
    tipAgorot: 0,
    issueDocument: false,
    terminal: platform,
    ...overrides,
  };
}

describe('a hold on the sandbox', () => {
  it('is pending until a card is given, then held with a token, the approval and the card', async () => {
    const orderId = randomUUID();
    const page = await sandbox.openHoldPage(holdRequest(orderId));
    expect(page.url).toBe(`https://tafrit.example/pay/sandbox/${page.lowProfileId}`);
    await expect(sandbox.getHoldResult(page.lowProfileId, platform, 30_000)).resolves.toEqual({
      status: 'pending',
      lowProfileId: page.lowProfileId,
      returnValue: orderId,
    });
    await sandbox.submitCard(page.lowProfileId, card());
    const result = await sandbox.getHoldResult(page.lowProfileId, platform, 30_000);
    const expiresOn = new Date(Date.now() + SANDBOX_HOLD_DAYS * 86_400_000).toISOString().slice(0, 10);
    expect(result).toEqual({
      status: 'held',
      lowProfileId: page.lowProfileId,
      returnValue: orderId,
      token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tokenExpiresOn: expiresOn,
      approvalNumber: expect.stringMatching(/^\d{6}$/),
      cardExpiry: null,
      last4: '0000',
      brand: 'Visa',
      holdAgorot: 30_000,
    });
  });

  it('fails when the card is declined, and the diner may try another card on the same page', async () => {
    const orderId = randomUUID();
    const page = await sandbox.openHoldPage(holdRequest(orderId));
    expect(await sandbox.submitCard(page.lowProfileId, card(SANDBOX_CARDS.declined))).toMatchObject({
      status: 'declined',
    });
    await expect(sandbox.getHoldResult(page.lowProfileId, platform, 30_000)).resolves.toMatchObject({
      status: 'failed',
      returnValue: orderId,
      responseCode: '5',
    });
    await sandbox.submitCard(page.lowProfileId, card());
    await expect(sandbox.getHoldResult(page.lowProfileId, platform, 30_000)).resolves.toMatchObject({
      status: 'held',
    });
  });

  it('is no payment: the payment verdict of a held page is unknown and never shows its token', async () => {
    const hold = await held();
    await expect(sandbox.getResult(hold.result.lowProfileId)).resolves.toEqual({
      status: 'unknown',
      lowProfileId: hold.result.lowProfileId,
    });
  });

  it('takes no wallet: a hold page has only the card form', async () => {
    const page = await sandbox.openHoldPage(holdRequest(randomUUID()));
    await expect(sandbox.submitWallet(page.lowProfileId, 'google_pay')).resolves.toEqual({ status: 'unknown' });
    await expect(sandbox.submitWallet(page.lowProfileId, 'bit')).resolves.toEqual({ status: 'unknown' });
  });

  it('is not a hold when the page was a payment page', async () => {
    const orderId = randomUUID();
    const page = await sandbox.openPaymentPage({
      ...holdRequest(orderId),
      amountAgorot: 5_000,
      lines: [],
      tipAgorot: 5_000,
      method: 'card',
      googlePay: false,
      issueDocument: false,
    });
    await sandbox.submitCard(page.lowProfileId, card());
    await expect(sandbox.getHoldResult(page.lowProfileId, platform, 5_000)).resolves.toEqual({
      status: 'unknown',
      lowProfileId: page.lowProfileId,
    });
  });
});

describe("a hold's charge on the sandbox", () => {
  it('charges what is owed, less than the hold, as a paid charge that refunds like any other', async () => {
    const hold = await held();
    const request = charge(hold, 12_340);
    const result = await sandbox.chargeHold(request);
    expect(result).toEqual({
      status: 'paid',
      lowProfileId: request.chargeId,
      returnValue: hold.orderId,
      transactionId: expect.stringMatching(/^\d{9}$/),
      approvalNumber: hold.result.approvalNumber,
      last4: '0000',
      brand: 'Visa',
      amountAgorot: 12_340,
      document: null,
      method: 'card',
    });
    if (result.status !== 'paid') throw new Error('not paid');
    await expect(sandbox.getResult(request.chargeId)).resolves.toMatchObject({
      status: 'paid',
      transactionId: result.transactionId,
      amountAgorot: 12_340,
    });
    await expect(
      sandbox.refund({
        refundId: randomUUID(),
        lowProfileId: result.lowProfileId,
        transactionId: result.transactionId,
        amountAgorot: 12_340,
        paidAgorot: 12_340,
        followsAnother: false,
        terminal: platform,
      }),
    ).resolves.toMatchObject({ status: 'refunded', amountAgorot: 12_340 });
  });

  it('charges the whole hold, and answers the same charge again when asked with the same charge id', async () => {
    const hold = await held(20_000);
    const request = charge(hold, 20_000);
    const first = await sandbox.chargeHold(request);
    expect(first).toMatchObject({ status: 'paid', amountAgorot: 20_000 });
    await expect(sandbox.chargeHold(request)).resolves.toEqual(first);
  });

  it('refuses a second capture of the same hold', async () => {
    const hold = await held();
    await expect(sandbox.chargeHold(charge(hold, 5_000))).resolves.toMatchObject({ status: 'paid' });
    await expect(sandbox.chargeHold(charge(hold, 5_000))).resolves.toMatchObject({
      status: 'failed',
      responseCode: HOLD_CHARGE_REFUSED_CODE,
      reason: expect.stringContaining('כבר חויבה'),
    });
  });

  it.each([
    ['above the hold', 30_001],
    ['zero', 0],
    ['negative', -500],
  ])('refuses an amount %s before anything is written', async (_case, amountAgorot) => {
    const hold = await held();
    await expect(sandbox.chargeHold(charge(hold, amountAgorot))).rejects.toThrow(HoldChargeRefused);
    // The hold is still whole: the refusal took nothing from it.
    await expect(sandbox.chargeHold(charge(hold, 30_000))).resolves.toMatchObject({ status: 'paid' });
  });

  it('refuses more than the provider holds even when the caller says the hold is larger', async () => {
    const hold = await held(10_000);
    await expect(sandbox.chargeHold(charge(hold, 10_001, { holdAgorot: 50_000 }))).resolves.toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('גבוה מהמסגרת'),
    });
  });

  it('refuses a hold older than its expiry', async () => {
    const hold = await held();
    const later = new Date(Date.now() + (SANDBOX_HOLD_DAYS * 24 + 1) * 3_600_000);
    await expect(sandbox.chargeHold(charge(hold, 1_000), later)).resolves.toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('תוקף המסגרת פג'),
    });
  });

  it("refuses another token, another approval number or another order's hold", async () => {
    const hold = await held();
    for (const overrides of [
      { token: randomUUID() },
      { approvalNumber: '999999' },
      { orderId: randomUUID() },
      { lowProfileId: randomUUID() },
    ]) {
      await expect(sandbox.chargeHold(charge(hold, 1_000, overrides))).resolves.toMatchObject({ status: 'failed' });
    }
    await expect(sandbox.chargeHold(charge(hold, 1_000))).resolves.toMatchObject({ status: 'paid' });
  });

  it('refuses a hold whose card was declined', async () => {
    const orderId = randomUUID();
    const page = await sandbox.openHoldPage(holdRequest(orderId));
    await sandbox.submitCard(page.lowProfileId, card(SANDBOX_CARDS.declined));
    const request = charge(
      {
        orderId,
        result: {
          status: 'held',
          lowProfileId: page.lowProfileId,
          returnValue: orderId,
          token: randomUUID(),
          tokenExpiresOn: null,
          approvalNumber: '123456',
          cardExpiry: null,
          last4: null,
          brand: null,
          holdAgorot: 30_000,
        },
      },
      1_000,
    );
    await expect(sandbox.chargeHold(request)).resolves.toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('המסגרת לא נמצאה'),
    });
  });
});

describe("the sandbox's hold page", () => {
  it.each([
    ['he', 'תפיסת מסגרת בכרטיס אשראי', 'אישור מסגרת', 'המסגרת כבר אושרה'],
    ['en', 'Hold on your credit card', 'Hold', 'Your card is already held'],
    ['ru', 'Блокировка суммы на кредитной карте', 'Заблокировать', 'Сумма на карте уже заблокирована'],
    ['ar', 'حجز مبلغ على بطاقة الائتمان', 'حجز المبلغ', 'تم حجز المبلغ على البطاقة مسبقًا'],
  ] as const)('is worded as a hold in %s', async (language, heading, button, closed) => {
    const page = await sandbox.openHoldPage(holdRequest(randomUUID(), 25_000));
    const shown = await sandbox.page(page.lowProfileId);
    if (!shown) throw new Error('no page');
    const html = renderSandboxPage({ page: shown, language });
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).toContain(`<button type="submit">${button} <bdi dir="ltr">₪250.00</bdi></button>`);
    expect(html).not.toContain('name="wallet"');
    expect(renderClosedPage('https://tafrit.example/tab/ok', language, true)).toContain(`<h1>${closed}</h1>`);
  });

  it('stays a hold page after its card, from its row alone', async () => {
    const hold = await held();
    const fresh = new SandboxPaymentProvider(database.database, { publicUrl: 'https://tafrit.example' } as AppConfig);
    await expect(fresh.page(hold.result.lowProfileId)).resolves.toMatchObject({ status: 'paid', hold: true });
  });
});
