import { randomInt } from 'node:crypto';
import { expect } from '@jest/globals';
import type { TaxAuthorityStatus } from '@tafrit/contracts';
import type { AllocationRequest } from '../../src/modules/invoicing/allocation/allocation.port.js';
import { TaxAuthorityConnections } from '../../src/modules/invoicing/allocation/tax-authority-connections.js';
import { call } from '../support/http-client.js';
import type { TaxAuthorityStandIn } from '../support/tax-authority-stand-in.js';
import type { TestApp } from '../support/test-app.js';

/** The app as registered in the Authority's developer portal; the stand-in sends the browser back to this address. */
export const PORTAL = {
  clientId: 'tafrit-app',
  clientSecret: 'portal-secret-1',
  redirectUri: 'https://tafrit.test/api/owner/tax-authority/callback',
};

export const STATE_COOKIE = 'tafrit_tax_authority_state';

/** The TAX_AUTHORITY_* variables of an app that talks to the stand-in. */
export const taxAuthorityEnv = (standIn: TaxAuthorityStandIn): Record<string, string> => ({
  TAX_AUTHORITY_API_URL: standIn.url,
  TAX_AUTHORITY_CLIENT_ID: PORTAL.clientId,
  TAX_AUTHORITY_CLIENT_SECRET: PORTAL.clientSecret,
  TAX_AUTHORITY_SOFTWARE_NUMBER: '207703',
  TAX_AUTHORITY_REDIRECT_URI: PORTAL.redirectUri,
  TAX_AUTHORITY_TIMEOUT_MS: '5000',
});

/** The app's connections, on the stand-in's clock (so the grant's end, a month after consent, is the same to both). */
export function connectionsOf(app: TestApp, standIn: TaxAuthorityStandIn): TaxAuthorityConnections {
  const connections = app.app.get(TaxAuthorityConnections);
  connections.now = standIn.now;
  return connections;
}

/** A tax invoice of ₪12,345.67 + VAT that needs a number; a fresh id each time. */
export const invoiceOf = (invoiceId: string): AllocationRequest => ({
  invoiceId,
  sellerDealerNumber: '516543217',
  buyerTaxId: '513456782',
  buyerName: 'קפה הדוגמה בע"מ',
  documentType: 305,
  documentNumber: '10042',
  issueDate: '2026-07-01',
  amountBeforeVatAgorot: 1_234_567,
  vatAgorot: 222_222,
  totalAgorot: 1_456_789,
});

/** The owner (or the administrator) presses "connect": the Authority's address, its state and the browser's cookie. */
export async function startConnect(app: TestApp, path: string, token: string) {
  const answer = await call<{ data: { url: string } }>(app, 'POST', path, { token });
  expect(answer.status).toBe(200);
  const url = answer.body.data.url;
  const state = new URL(url).searchParams.get('state') ?? '';
  const cookie = answer.cookies[STATE_COOKIE];
  expect(cookie?.value).toBe(state);
  expect(cookie?.attributes).toMatchObject({
    httponly: true,
    path: '/api/owner/tax-authority/callback',
    samesite: 'Lax',
  });
  return { url, state, cookie: cookie?.value ?? '' };
}

/** The authorised person signs in at the Authority and agrees: the browser is sent back with a code and the state. */
export async function signInAtAuthority(url: string): Promise<{ code: string; state: string }> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(PORTAL.redirectUri);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

/** The browser arrives at our callback (each from an address of its own: the route is limited per address). */
export async function callback(app: TestApp, query: string, cookie?: string) {
  const response = await fetch(`${app.url}/api/owner/tax-authority/callback${query}`, {
    redirect: 'manual',
    headers: {
      'x-forwarded-for': `10.7.${randomInt(256)}.${randomInt(1, 255)}`,
      ...(cookie === undefined ? {} : { cookie: `${STATE_COOKIE}=${cookie}` }),
    },
  });
  await response.text();
  return { status: response.status, location: response.headers.get('location') };
}

export const withCode = ({ code, state }: { code: string; state: string }) =>
  `?${new URLSearchParams({ code, state }).toString()}`;

/** The whole connect: the button, the Authority's sign-in, the way back. Answers where the browser was sent. */
export async function connectThrough(app: TestApp, path: string, token: string) {
  const started = await startConnect(app, path, token);
  const back = await signInAtAuthority(started.url);
  expect(back.state).toBe(started.state);
  return { ...(await callback(app, withCode(back), started.cookie)), ...back };
}

export async function statusOf(app: TestApp, path: string, token: string): Promise<TaxAuthorityStatus> {
  const answer = await call<{ data: TaxAuthorityStatus }>(app, 'GET', path, { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

export const grantRow = async (app: TestApp, seller: string) =>
  (
    (await app.database
      .em()
      .getConnection()
      .execute('select to_jsonb(t)::text as row from tax_authority_grants t where seller = ?', [seller])) as {
      row: string;
    }[]
  )[0]?.row;
