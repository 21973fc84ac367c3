import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TaxAuthorityConnections } from '../../src/modules/invoicing/allocation/tax-authority-connections.js';
import { registerOwner, signInAdmin, type SignedInOwner } from '../support/accounts.js';
import { bounded } from '../support/bounded-close.js';
import { call } from '../support/http-client.js';
import { startTaxAuthorityStandIn, type TaxAuthorityStandIn } from '../support/tax-authority-stand-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { invitedAndSignedIn } from '../permissions/team-members.js';
import {
  callback,
  connectionsOf,
  connectThrough,
  grantRow,
  invoiceOf,
  PORTAL,
  signInAtAuthority,
  startConnect,
  statusOf,
  taxAuthorityEnv,
  withCode,
} from './tax-authority-support.js';

// Each seller's grant at the Tax Authority, kept in the invoicing module's table (decision 047): the owner's and the
// administrator's connect through HTTP, against the stand-in of the Authority. One app for the file.

const OWNER_PATH = '/api/owner/tax-authority';
const ADMIN_PATH = '/api/admin/tax-authority';
const MONTH = 30 * 24 * 3600;

let standIn: TaxAuthorityStandIn;
let app: TestApp;
let connections: TaxAuthorityConnections;

beforeAll(async () => {
  standIn = await startTaxAuthorityStandIn({ ...PORTAL, refreshTtlSeconds: MONTH });
  app = await startTestApp(taxAuthorityEnv(standIn));
  connections = connectionsOf(app, standIn);
}, 120_000);

afterAll(async () => {
  await bounded('the app', app.close(), 60_000);
  await standIn.close();
}, 120_000);

const requestFor = (owner: SignedInOwner) =>
  connections.of({ businessPhone: owner.phone }).request(invoiceOf(randomUUID()));

describe("a business's own grant", () => {
  it('connects through the Authority, keeps the grant sealed, and allocation numbers follow', async () => {
    const owner = await registerOwner(app);
    expect(await statusOf(app, OWNER_PATH, owner.token)).toEqual({ configured: true, connected: false });
    expect(await requestFor(owner)).toMatchObject({ kind: 'unavailable', cause: 'grant_needed' });

    const back = await connectThrough(app, `${OWNER_PATH}/connect`, owner.token);
    expect(back).toMatchObject({ status: 303, location: '/settings?taxAuthority=connected' });

    const consentedAt = standIn.now();
    expect(await statusOf(app, OWNER_PATH, owner.token)).toEqual({
      configured: true,
      connected: true,
      connectedAt: new Date(consentedAt).toISOString(),
      grantEndsAt: new Date(consentedAt + MONTH * 1000).toISOString(),
    });
    const answer = await requestFor(owner);
    expect(answer).toMatchObject({ kind: 'granted', number: expect.stringMatching(/^\d{9}$/) });

    // The row: a sealed value and its dates, no token in the clear.
    const row = await grantRow(app, owner.phone);
    expect(row).toBeDefined();
    const stored = JSON.parse(row ?? '{}') as Record<string, string>;
    expect(stored.sealed_grant).toMatch(/^v1\./);
    expect(row).not.toMatch(/refresh-\d+-|access-\d+-|refresh_?token/i);
  });

  it('renews the access token from the kept grant once it ends, and the rotated token replaces the stored one', async () => {
    const owner = await registerOwner(app);
    await connectThrough(app, `${OWNER_PATH}/connect`, owner.token);
    const before = await grantRow(app, owner.phone);
    standIn.advance(601);
    expect(await requestFor(owner)).toMatchObject({ kind: 'granted' });
    const after = await grantRow(app, owner.phone);
    expect(JSON.parse(after ?? '{}').sealed_grant).not.toBe(JSON.parse(before ?? '{}').sealed_grant);
    expect(JSON.parse(after ?? '{}').connected_at).toBe(JSON.parse(before ?? '{}').connected_at);
  });

  it('refuses a state used once already: the grant stays as it was', async () => {
    const owner = await registerOwner(app);
    const started = await startConnect(app, `${OWNER_PATH}/connect`, owner.token);
    const back = await signInAtAuthority(started.url);
    expect(await callback(app, withCode(back), started.cookie)).toMatchObject({
      location: '/settings?taxAuthority=connected',
    });
    const kept = await grantRow(app, owner.phone);
    // The same way back again, and the same state with a new code from the Authority.
    expect(await callback(app, withCode(back), started.cookie)).toMatchObject({
      status: 303,
      location: '/settings?taxAuthority=failed',
    });
    const again = await signInAtAuthority(started.url);
    expect(await callback(app, withCode(again), started.cookie)).toMatchObject({
      location: '/settings?taxAuthority=failed',
    });
    expect(await grantRow(app, owner.phone)).toBe(kept);
  });

  it('refuses a state older than ten minutes (the clock moved, nobody waited)', async () => {
    const owner = await registerOwner(app);
    const started = await startConnect(app, `${OWNER_PATH}/connect`, owner.token);
    const back = await signInAtAuthority(started.url);
    standIn.advance(10 * 60 + 1);
    expect(await callback(app, withCode(back), started.cookie)).toMatchObject({
      status: 303,
      location: '/settings?taxAuthority=failed',
    });
    expect(await grantRow(app, owner.phone)).toBeUndefined();
    expect((await statusOf(app, OWNER_PATH, owner.token)).connected).toBe(false);
  });

  it("refuses another business's state: neither business gets a grant", async () => {
    const victim = await registerOwner(app);
    const intruder = await registerOwner(app);
    const victims = await startConnect(app, `${OWNER_PATH}/connect`, victim.token);
    const intruders = await startConnect(app, `${OWNER_PATH}/connect`, intruder.token);
    // The intruder's browser comes back with the victim's state (and a code of the intruder's own sign-in).
    const back = await signInAtAuthority(victims.url);
    expect(await callback(app, withCode(back), intruders.cookie)).toMatchObject({
      location: '/settings?taxAuthority=failed',
    });
    // Nor without the cookie, nor with it after the state was spent.
    expect(await callback(app, withCode(await signInAtAuthority(victims.url)))).toMatchObject({
      location: '/settings?taxAuthority=failed',
    });
    expect(await callback(app, withCode(await signInAtAuthority(victims.url)), victims.cookie)).toMatchObject({
      location: '/settings?taxAuthority=failed',
    });
    expect(await grantRow(app, victim.phone)).toBeUndefined();
    expect(await grantRow(app, intruder.phone)).toBeUndefined();
  });

  it('answers a bad, missing or declined way back with a redirect, never an error page', async () => {
    const owner = await registerOwner(app);
    const started = await startConnect(app, `${OWNER_PATH}/connect`, owner.token);
    const queries = [
      '',
      '?code=abc',
      '?state=short&code=abc',
      `?state=${started.state}&state=${started.state}&code=abc`,
      `?state=${'a'.repeat(42)}!&code=abc`,
      `?state=${started.state}&code=${encodeURIComponent('קוד')}`,
      `?code=${'x'.repeat(5000)}&state=${started.state}`,
    ];
    for (const query of queries) {
      expect({ query, ...(await callback(app, query, started.cookie)) }).toEqual({
        query,
        status: 303,
        location: '/settings?taxAuthority=failed',
      });
    }
    // A control character is the platform's text guard's to refuse, before the route: a 400, not an error page.
    expect((await callback(app, `?state=${'%00'.repeat(43)}&code=abc`, started.cookie)).status).toBe(400);
    // The person declined at the Authority: the state is spent, nothing kept.
    expect(await callback(app, `?state=${started.state}&error=access_denied`, started.cookie)).toMatchObject({
      location: '/settings?taxAuthority=failed',
    });
    expect(await grantRow(app, owner.phone)).toBeUndefined();
  });

  it('forgets the grant on disconnect: the next request needs a new grant', async () => {
    const owner = await registerOwner(app);
    await connectThrough(app, `${OWNER_PATH}/connect`, owner.token);
    expect(await requestFor(owner)).toMatchObject({ kind: 'granted' });
    const answer = await call(app, 'DELETE', OWNER_PATH, { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ configured: true, connected: false });
    expect(await grantRow(app, owner.phone)).toBeUndefined();
    expect(await requestFor(owner)).toMatchObject({ kind: 'unavailable', cause: 'grant_needed' });
  });

  it('lets only those who may edit the settings connect or disconnect (an accountant gets 403)', async () => {
    const owner = await registerOwner(app);
    const accountant = await invitedAndSignedIn(app, owner, 'accountant');
    const manager = await invitedAndSignedIn(app, owner, 'manager');
    for (const [method, path] of [
      ['GET', OWNER_PATH],
      ['POST', `${OWNER_PATH}/connect`],
      ['DELETE', OWNER_PATH],
    ] as const) {
      const answer = await call(app, method, path, { token: accountant.token });
      expect({ method, status: answer.status, code: answer.body.code }).toEqual({
        method,
        status: 403,
        code: 'auth.role_forbidden',
      });
    }
    // A manager edits the settings: connects for the business.
    expect(await connectThrough(app, `${OWNER_PATH}/connect`, manager.token)).toMatchObject({
      location: '/settings?taxAuthority=connected',
    });
    expect((await statusOf(app, OWNER_PATH, owner.token)).connected).toBe(true);
  });
});

describe("the platform's own grant", () => {
  it('connects through the admin routes, back to the dashboard, and the commission invoices get numbers', async () => {
    const admin = await signInAdmin(app);
    const owner = await registerOwner(app);
    expect((await call(app, 'GET', ADMIN_PATH, { token: owner.token })).status).toBe(401);
    expect(await statusOf(app, ADMIN_PATH, admin.token)).toMatchObject({ configured: true, connected: false });
    const back = await connectThrough(app, `${ADMIN_PATH}/connect`, admin.token);
    expect(back).toMatchObject({ status: 303, location: '/admin-dashboard?taxAuthority=connected' });
    expect(await statusOf(app, ADMIN_PATH, admin.token)).toMatchObject({ configured: true, connected: true });
    expect(await connections.of('platform').request(invoiceOf(randomUUID()))).toMatchObject({ kind: 'granted' });
    // The platform's grant is not a business's.
    expect((await statusOf(app, OWNER_PATH, owner.token)).connected).toBe(false);
    expect((await call(app, 'DELETE', ADMIN_PATH, { token: admin.token })).body.data).toMatchObject({
      connected: false,
    });
    expect(await connections.of('platform').request(invoiceOf(randomUUID()))).toMatchObject({
      kind: 'unavailable',
      cause: 'grant_needed',
    });
  });
});

describe('a server without TAX_AUTHORITY_*', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  }, 120_000);
  afterAll(() => bounded('the app without a connection', plain.close(), 60_000), 120_000);

  it('says so, refuses to start a connect, and answers every seller not_connected', async () => {
    const owner = await registerOwner(plain);
    expect(await statusOf(plain, OWNER_PATH, owner.token)).toEqual({ configured: false, connected: false });
    const refused = await call(plain, 'POST', `${OWNER_PATH}/connect`, { token: owner.token });
    expect({ status: refused.status, code: refused.body.code }).toEqual({
      status: 409,
      code: 'tax_authority.not_configured',
    });
    expect(refused.cookies).toEqual({});
    const others = connectionsOf(plain, standIn);
    for (const seller of [{ businessPhone: owner.phone }, 'platform'] as const) {
      expect(await others.of(seller).request(invoiceOf(randomUUID()))).toMatchObject({
        kind: 'unavailable',
        cause: 'not_connected',
      });
    }
  });
});
