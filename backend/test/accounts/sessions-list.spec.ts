import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OwnerSessionsAnswer } from '@tafrit/contracts';
import { JwtService } from '@nestjs/jwt';
import { deriveKey } from '../../src/platform/auth/derive-key.js';
import {
  claimsOf,
  OWNER_COOKIE,
  registerOwner,
  signInAdmin,
  signInOnceMore,
  type SignedInOwner,
} from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 29, items 2 and 8: the owner sees where the account is signed in and ends any of those sign-ins; an access
// token that never expires is no token.

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

let app: TestApp;
/** One administrator sign-in for the file: codes to the administrator's phone are rate-limited. */
let adminToken: string;

beforeAll(async () => {
  app = await startTestApp();
  adminToken = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

const list = (token: string) => call<{ data: OwnerSessionsAnswer }>(app, 'GET', '/api/auth/sessions', { token });
const profile = (token: string) => call(app, 'GET', '/api/business/profile', { token });
const refresh = (cookie: string) => call(app, 'POST', '/api/auth/refresh', { cookies: { [OWNER_COOKIE]: cookie } });

/** A second sign-in of the same business from another device and address. */
const signInAgain = (phone: string, ip: string, userAgent: string) => signInOnceMore(app, phone, { ip, userAgent });

describe('the list of signed-in sessions', () => {
  let owner: SignedInOwner;
  let tablet: { token: string; refreshCookie: string };

  beforeAll(async () => {
    owner = await registerOwner(app);
    tablet = await signInAgain(owner.phone, '198.51.100.7', IPHONE);
  });

  it("lists the business's sign-ins with browser, system, address and last use, this one marked", async () => {
    const answer = await list(owner.token);
    expect(answer.status).toBe(200);
    const { sessions } = answer.body.data;
    expect(sessions).toHaveLength(2);
    const here = sessions.find((session) => session.current);
    const other = sessions.find((session) => !session.current);
    expect(here).toBeDefined();
    expect(other).toMatchObject({ browser: 'Safari', system: 'iOS', ipAddress: '198.51.100.7', impersonated: false });
    expect(Date.parse(other?.lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(other?.signedInAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The id names the sign-in, not one refresh of it: the same after the tablet refreshes.
    const refreshed = await refresh(tablet.refreshCookie);
    tablet = {
      token: (refreshed.body.data as { token: string }).token,
      refreshCookie: refreshed.cookies[OWNER_COOKIE]?.value ?? '',
    };
    const after = (await list(owner.token)).body.data.sessions;
    expect(after.map((session) => session.id).sort()).toEqual(sessions.map((session) => session.id).sort());
    // Nothing that opens a session is ever listed.
    expect(JSON.stringify(after)).not.toContain(tablet.refreshCookie);
  });

  it('ends another sign-in at once: its token and its refresh cookie stop working', async () => {
    const other = (await list(owner.token)).body.data.sessions.find((session) => !session.current);
    const ended = await call(app, 'DELETE', `/api/auth/sessions/${other?.id}`, { token: owner.token });
    expect(ended.status).toBe(200);
    expect((await profile(tablet.token)).status).toBe(401);
    expect((await refresh(tablet.refreshCookie)).status).toBe(401);
    expect((await list(owner.token)).body.data.sessions).toHaveLength(1);
    expect((await profile(owner.token)).status).toBe(200);
  });

  it('answers 404 for a session of another business or none, and ends nothing', async () => {
    const stranger = await registerOwner(app);
    const theirs = (await list(stranger.token)).body.data.sessions[0]?.id;
    const answer = await call(app, 'DELETE', `/api/auth/sessions/${theirs}`, { token: owner.token });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('not_found');
    expect((await profile(stranger.token)).status).toBe(200);
    const junk = await call(app, 'DELETE', '/api/auth/sessions/not-a-session', { token: owner.token });
    expect(junk.status).toBe(404);
  });

  it('signs out every other sign-in and keeps this one', async () => {
    const phone = await signInAgain(owner.phone, '198.51.100.8', WINDOWS_CHROME);
    expect((await list(owner.token)).body.data.sessions.map((s) => s.browser).sort()).toEqual(['Chrome', null]);
    const answer = await call(app, 'POST', '/api/auth/sessions/sign-out-others', { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ signedOut: 1 });
    expect((await profile(phone.token)).status).toBe(401);
    expect((await profile(owner.token)).status).toBe(200);
    expect((await list(owner.token)).body.data.sessions).toHaveLength(1);
  });

  it('needs an owner token', async () => {
    expect((await call(app, 'GET', '/api/auth/sessions')).status).toBe(401);
    expect((await list(adminToken)).status).toBe(401);
  });
});

describe('access tokens without an expiry', () => {
  const unexpiring = (claims: Record<string, unknown>) =>
    new JwtService({ secret: deriveKey(app.config.jwtSecret, 'access-tokens') }).signAsync(claims, {
      algorithm: 'HS256',
      issuer: 'tafrit',
    });

  it("refuses an owner's token that never expires, even naming a live session", async () => {
    const owner = await registerOwner(app);
    const { sub, sid, aud } = claimsOf(owner.token);
    expect((await profile(owner.token)).status).toBe(200);
    const forever = await unexpiring({ sub, sid, aud });
    const answer = await profile(forever);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('auth.unauthenticated');
  });

  it("refuses an administrator's token that never expires", async () => {
    const { sub, sid, aud } = claimsOf(adminToken);
    const answer = await call(app, 'GET', '/api/admin/businesses', { token: await unexpiring({ sub, sid, aud }) });
    expect(answer.status).toBe(401);
    expect((await call(app, 'GET', '/api/admin/businesses', { token: adminToken })).status).toBe(200);
  });
});
