import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { messageFor } from '@tafrit/contracts';
import type { TaxAuthorityConfig } from '../../src/config/tax-authority.config.js';
import {
  type AllocationRequest,
  NotConnectedAllocationNumbers,
  REFUSAL_OPTIONS,
} from '../../src/modules/invoicing/allocation/allocation.port.js';
import {
  manualAllocation,
  validateManualAllocationNumber,
} from '../../src/modules/invoicing/allocation/manual-allocation.js';
import {
  createAllocationNumbers,
  TaxAuthorityAllocationNumbers,
} from '../../src/modules/invoicing/allocation/tax-authority.adapter.js';
import { readApprovalAnswer } from '../../src/modules/invoicing/allocation/tax-authority.wire.js';
import {
  grantContextOf,
  type SealedGrantStore,
  SealedTokenVault,
} from '../../src/modules/invoicing/allocation/token-vault.js';
import { AppError } from '../../src/platform/http/app-error.js';
import { SecretBox } from '../../src/platform/secrets/secret-box.js';
import { startTaxAuthorityStandIn, type TaxAuthorityStandIn } from '../support/tax-authority-stand-in.js';

const CLIENT = {
  clientId: 'tafrit-app',
  clientSecret: 'portal-secret-1',
  redirectUri: 'https://tafrit.test/api/owner/tax-authority/callback',
};
const MONTH = 30 * 24 * 3600;

// ₪12,345.67 before VAT, ₪2,222.22 VAT: amounts whose shekel form must come out exact.
const invoice: AllocationRequest = {
  invoiceId: '9b2f6c1e-4d3a-4f7e-9a51-0c8e2d7b6a10',
  sellerDealerNumber: '516543217',
  buyerTaxId: '513456782',
  buyerName: 'קפה הדוגמה בע"מ',
  documentType: 305,
  documentNumber: '10042',
  issueDate: '2026-07-01',
  amountBeforeVatAgorot: 1_234_567,
  vatAgorot: 222_222,
  totalAgorot: 1_456_789,
};

const box = new SecretBox({ secretsKeys: [{ id: 'k1', key: randomBytes(32) }] });

/** A store that keeps the one sealed value in memory, where a table row would keep it. */
function memoryStore(): SealedGrantStore & { value: string | null; writes: number } {
  return {
    value: null,
    writes: 0,
    read() {
      return Promise.resolve(this.value);
    },
    write(sealed: string) {
      this.value = sealed;
      this.writes += 1;
      return Promise.resolve();
    },
  };
}

let standIn: TaxAuthorityStandIn;

beforeEach(async () => {
  standIn = await startTaxAuthorityStandIn({ ...CLIENT, accessTtlSeconds: 601, refreshTtlSeconds: MONTH });
});
afterEach(() => standIn.close());

function configOf(overrides: Partial<TaxAuthorityConfig> = {}): TaxAuthorityConfig {
  return {
    apiUrl: standIn.url,
    authUrl: standIn.url,
    ...CLIENT,
    softwareNumber: '207703',
    timeoutMs: 2_000,
    ...overrides,
  };
}

function connect(options: { config?: Partial<TaxAuthorityConfig>; now?: () => number } = {}) {
  const store = memoryStore();
  const vault = new SealedTokenVault(box, store, grantContextOf('+972547654321'));
  const adapter = new TaxAuthorityAllocationNumbers({
    config: configOf(options.config),
    vault,
    now: options.now ?? standIn.now,
  });
  return { adapter, store, vault };
}

/** The authorised person follows the link, signs in and is sent back with a code, which the server exchanges. */
async function grantAccess(adapter: TaxAuthorityAllocationNumbers) {
  const response = await fetch(adapter.authorizationUrl('csrf-state-1'), { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location') as string);
  expect(`${back.origin}${back.pathname}`).toBe(CLIENT.redirectUri);
  expect(back.searchParams.get('state')).toBe('csrf-state-1');
  return adapter.exchangeCode(back.searchParams.get('code') as string);
}

async function refreshDirectly(refreshToken: string) {
  const response = await fetch(`${standIn.url}/longtimetoken/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, ...clientForm() }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const clientForm = () => ({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret });

describe('allocation numbers from the Tax Authority (against the stand-in)', () => {
  it('grants a 9-digit number once an authorised person granted access, the amounts sent in shekels', async () => {
    const { adapter, store } = connect();
    const connected = await grantAccess(adapter);
    expect(connected).toEqual({ kind: 'connected', refreshExpiresAt: new Date(standIn.now() + MONTH * 1000) });

    const answer = await adapter.request(invoice);

    const confirmation = standIn.grantedFor(invoice.sellerDealerNumber, invoice.invoiceId) as string;
    expect(confirmation.length).toBeGreaterThan(9);
    expect(answer).toEqual({ kind: 'granted', number: confirmation.slice(-9), confirmationNumber: confirmation });
    expect(answer.kind === 'granted' && /^\d{9}$/.test(answer.number)).toBe(true);
    expect(standIn.seen.approvals[0]).toMatchObject({
      invoice_id: invoice.invoiceId,
      invoice_type: 305,
      vat_number: 516543217,
      customer_vat_number: 513456782,
      invoice_reference_number: '10042',
      invoice_date: '2026-07-01',
      accounting_software_number: 207703,
      amount_before_discount: 12345.67,
      payment_amount: 12345.67,
      vat_amount: 2222.22,
      payment_amount_including_vat: 14567.89,
    });
    // The grant is at rest sealed: neither refresh token nor its shape can be read from the stored value.
    expect(store.value).toMatch(/^v1\.k1\./);
    expect(store.value).not.toMatch(/refresh/);
  });

  it('records a refusal (460) with its reason and the options the law leaves', async () => {
    const { adapter } = connect();
    await grantAccess(adapter);
    standIn.refuseWhen((body) =>
      body.customer_vat_number === 513456782 ? 'Invoice not approved: the buyer is under review' : null,
    );

    const answer = await adapter.request(invoice);

    expect(answer).toEqual({
      kind: 'refused',
      code: '460',
      reason: '460: Invoice not approved: the buyer is under review',
      options: ['cancel', 'issue_without_number'],
    });
    expect(REFUSAL_OPTIONS).toEqual(['cancel', 'issue_without_number']);
    // Another buyer's invoice is still approved: the refusal is the Authority's rule, not the connection.
    expect(await adapter.request({ ...invoice, invoiceId: 'doc-2', buyerTaxId: '514444448' })).toMatchObject({
      kind: 'granted',
    });
  });

  it('answers unavailable when the Authority hangs past the timeout, and the retry is granted', async () => {
    const { adapter } = connect({ config: { timeoutMs: 250 } });
    await grantAccess(adapter);
    standIn.behave('approval', 'hang');

    const started = performance.now();
    const first = await adapter.request(invoice);

    expect(first).toEqual({
      kind: 'unavailable',
      cause: 'timeout',
      reason: 'no answer from the Tax Authority within 250 ms',
    });
    // Abandoned at the timeout, not left to the socket's own minutes.
    expect(performance.now() - started).toBeLessThan(2_000);

    standIn.behave('approval', 'normal');
    const retried = await adapter.request(invoice);
    expect(retried).toMatchObject({ kind: 'granted' });
    expect(standIn.seen.approvals).toHaveLength(1);
  });

  it('answers unavailable, never throws, when the Authority answers 503 or cannot be reached', async () => {
    const { adapter } = connect();
    await grantAccess(adapter);
    standIn.behave('approval', 'unavailable');
    expect(await adapter.request(invoice)).toEqual({
      kind: 'unavailable',
      cause: 'server',
      reason: 'the Tax Authority answered 503',
    });

    const nowhere = connect({ config: { apiUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9' } });
    await nowhere.vault.save({ refreshToken: 'r', refreshExpiresAt: new Date(standIn.now() + 3_600_000) });
    expect(await nowhere.adapter.request(invoice)).toMatchObject({ kind: 'unavailable', cause: 'unreachable' });
  });

  it('renews an access token past its minutes with the refresh token, stores the new one; the old is refused', async () => {
    const { adapter, vault, store } = connect();
    await grantAccess(adapter);
    const before = await vault.load();
    await adapter.request(invoice);

    standIn.advance(601);
    const answer = await adapter.request({ ...invoice, invoiceId: 'doc-2' });

    expect(answer).toMatchObject({ kind: 'granted' });
    expect(standIn.seen.tokenGrants).toEqual(['authorization_code', 'refresh_token']);
    const after = await vault.load();
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    expect(store.writes).toBe(2);
    expect(standIn.isRefreshTokenLive(after?.refreshToken as string)).toBe(true);
    // Rotation: the token the adapter spent is dead at the Authority.
    expect(await refreshDirectly(before?.refreshToken as string)).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Refresh token already used' },
    });
    // A refresh does not extend the grant: it still ends a month after the person's consent.
    expect(after?.refreshExpiresAt).toEqual(before?.refreshExpiresAt);
  });

  it('renews once when the Authority refuses a token our clock still trusts (401), and goes through', async () => {
    // Our clock stays where it was: the adapter believes its token has minutes left.
    const ours = standIn.now();
    const { adapter } = connect({ now: () => ours });
    await grantAccess(adapter);
    standIn.advance(700);

    expect(await adapter.request(invoice)).toMatchObject({ kind: 'granted' });
    expect(standIn.seen.tokenGrants).toEqual(['authorization_code', 'refresh_token']);
    expect(standIn.seen.approvals).toHaveLength(1);
  });

  it('shares one refresh between requests that find the token expired together', async () => {
    const { adapter } = connect();
    await grantAccess(adapter);
    standIn.advance(601);

    const answers = await Promise.all(
      ['doc-a', 'doc-b', 'doc-c'].map((invoiceId) => adapter.request({ ...invoice, invoiceId })),
    );

    expect(answers.map((answer) => answer.kind)).toEqual(['granted', 'granted', 'granted']);
    expect(standIn.seen.tokenGrants).toEqual(['authorization_code', 'refresh_token']);
    expect(standIn.seen.refusedRefreshes).toBe(0);
  });

  it('answers that a new grant is needed when the refresh token expired, and sends nothing', async () => {
    const { adapter } = connect();
    await grantAccess(adapter);
    standIn.advance(MONTH + 1);

    const answer = await adapter.request(invoice);

    expect(answer).toMatchObject({ kind: 'unavailable', cause: 'grant_needed' });
    expect(answer.kind === 'unavailable' && answer.reason).toMatch(/^the grant expired on .+; a new grant is needed/);
    expect(standIn.seen.tokenGrants).toEqual(['authorization_code']);
    expect(standIn.seen.approvals).toHaveLength(0);
  });

  it('answers that a new grant is needed when the Authority refuses the refresh token, or there is none', async () => {
    const { adapter, vault } = connect();
    await grantAccess(adapter);
    // Spent elsewhere (a copy of the token, a revoked grant): the vault still holds it.
    const stored = await vault.load();
    expect((await refreshDirectly(stored?.refreshToken as string)).status).toBe(200);
    standIn.advance(601);

    const answer = await adapter.request(invoice);
    expect(answer).toEqual({
      kind: 'unavailable',
      cause: 'grant_needed',
      reason:
        'the Tax Authority refused the refresh token (Refresh token already used); a new grant is needed: an authorised ' +
        'person of the business signs in at the Tax Authority and grants access again',
    });

    expect(await connect().adapter.request(invoice)).toMatchObject({
      kind: 'unavailable',
      cause: 'grant_needed',
      reason: expect.stringMatching(/^no grant: a new grant is needed/),
    });
  });

  it('refuses an authorization code used twice', async () => {
    const { adapter } = connect();
    const response = await fetch(adapter.authorizationUrl('s'), { redirect: 'manual' });
    const code = new URL(response.headers.get('location') as string).searchParams.get('code') as string;
    expect(await adapter.exchangeCode(code)).toMatchObject({ kind: 'connected' });
    expect(await adapter.exchangeCode(code)).toMatchObject({ kind: 'unavailable', cause: 'grant_needed' });
  });

  it('answers not connected without TAX_AUTHORITY_* configuration, and refuses a malformed request', async () => {
    const { vault } = connect();
    const notConnected = createAllocationNumbers(undefined, { vault });
    expect(notConnected).toBeInstanceOf(NotConnectedAllocationNumbers);
    expect(await notConnected.request(invoice)).toMatchObject({ kind: 'unavailable', cause: 'not_connected' });
    await expect(notConnected.request({ ...invoice, totalAgorot: 1 })).rejects.toThrow(/totalAgorot/);
    expect(standIn.seen.tokenGrants).toEqual([]);
  });
});

describe("reading the Authority's answers in the published shapes", () => {
  // The v1 examples of the Authority's API description (ידע למידע 565, pp. 150 and 153).
  it('reads an approval and a validation refusal in v1 casing', () => {
    expect(
      readApprovalAnswer(200, {
        Status: 200,
        Message: 'Invoice approved',
        Confirmation_number: '2023062805428380179010998',
      }),
    ).toEqual({ kind: 'granted', number: '179010998', confirmationNumber: '2023062805428380179010998' });
    expect(
      readApprovalAnswer(200, {
        Status: 200,
        Message: [
          { errors: [{ code: 432, message: 'Customer VAT Number is incorrect', param: 'Customer_VAT_Number' }] },
          { errors: [{ code: 434, message: 'Invoice date is more than two weeks old', param: 'Invoice_Date' }] },
        ],
        Confirmation_Number: 0,
      }),
    ).toEqual({
      kind: 'refused',
      code: '432',
      reason: '432: Customer VAT Number is incorrect; 434: Invoice date is more than two weeks old',
      options: REFUSAL_OPTIONS,
    });
  });

  it('asks for a refresh on 401 and treats an unreadable answer as unexpected', () => {
    expect(readApprovalAnswer(401, null)).toBe('unauthorized');
    expect(readApprovalAnswer(200, { status: 200 })).toMatchObject({ kind: 'unavailable', cause: 'unexpected' });
    expect(readApprovalAnswer(404, '<html/>')).toMatchObject({ kind: 'unavailable', cause: 'unexpected' });
    expect(readApprovalAnswer(460, {})).toMatchObject({ kind: 'refused', code: '460' });
  });
});

describe('a number typed by hand from the personal area', () => {
  it('keeps 9 digits, with the spaces or dashes people copy', () => {
    expect(validateManualAllocationNumber('123456789')).toBe('123456789');
    expect(validateManualAllocationNumber(' 123 456 789 ')).toBe('123456789');
    expect(validateManualAllocationNumber('123-456-789')).toBe('123456789');
    const at = new Date('2026-07-01T09:30:00Z');
    expect(manualAllocation({ typed: '987654321', enteredBy: { role: 'admin', id: '0547654321' }, at })).toEqual({
      number: '987654321',
      source: 'manual',
      enteredBy: { role: 'admin', id: '0547654321' },
      enteredAt: '2026-07-01T09:30:00.000Z',
    });
  });

  it.each([
    '',
    '12345678',
    '1234567890',
    '12345678a',
    '000000000',
    '123_456_789',
    '１２３４５６７８９',
    '2023062805428380179010998',
  ])('refuses %j with a stable code and the Hebrew message', (typed) => {
    let caught: unknown;
    try {
      validateManualAllocationNumber(typed);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({
      code: 'invoice.allocation_number_invalid',
      status: 400,
      message: messageFor('invoice.allocation_number_invalid'),
      fields: { allocationNumber: messageFor('invoice.allocation_number_invalid') },
    });
    expect(messageFor('invoice.allocation_number_invalid')).toMatch(/9 ספרות/);
  });
});
