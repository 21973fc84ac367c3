import { createHash } from 'node:crypto';
import { AccessTokens } from '../../src/platform/auth/access-tokens.js';
import { Sessions } from '../../src/modules/accounts/application/sessions.service.js';
import { UserSessionEntity } from '../../src/modules/accounts/persistence/user-session.entity.js';
import { OWNER_COOKIE, registerOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const sessionOf = (token: string) =>
  app.database.em().findOneOrFail(UserSessionEntity, { refreshTokenHash: hashOf(token) });
const refresh = (cookie: string) => call(app, 'POST', '/api/auth/refresh', { cookies: { [OWNER_COOKIE]: cookie } });
const profile = (token: string) => call(app, 'GET', '/api/business/profile', { token });
/** Moves a rotation into the past, as if the token had been rotated that many seconds ago. */
const rotatedSecondsAgo = (token: string, seconds: number) =>
  app.database
    .em()
    .getConnection()
    .execute(`update user_sessions set revoked_at = now() - make_interval(secs => ?) where refresh_token_hash = ?`, [
      seconds,
      hashOf(token),
    ]);
const sql = (statement: string, params: unknown[] = []) => app.database.em().getConnection().execute(statement, params);

describe('owner sessions', () => {
  it('rotates the refresh token: a new cookie and token, the old row revoked as rotated in the same family', async () => {
    const owner = await registerOwner(app);
    const answer = await refresh(owner.refreshCookie);
    expect(answer.status).toBe(200);
    const data = answer.body.data as { token: string; business: { phone: string } };
    expect(data.business.phone).toBe(owner.phone);
    expect((await profile(data.token)).status).toBe(200);

    const next = answer.cookies[OWNER_COOKIE]?.value ?? '';
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(owner.refreshCookie);
    const [old, current] = [await sessionOf(owner.refreshCookie), await sessionOf(next)];
    expect(old).toMatchObject({ isRevoked: true, revokedReason: 'rotated' });
    expect(current).toMatchObject({ isRevoked: false, familyId: old.familyId });
    // Rotation never extends the sign-in beyond its 30 days.
    expect(current.expiresAt.getTime()).toBe(old.expiresAt.getTime());
  });

  it('revokes the whole family when a rotated refresh token comes back after the grace window, and answers 401', async () => {
    const owner = await registerOwner(app);
    const rotated = await refresh(owner.refreshCookie);
    const live = rotated.cookies[OWNER_COOKIE]?.value ?? '';
    const liveToken = (rotated.body.data as { token: string }).token;
    await rotatedSecondsAgo(owner.refreshCookie, 31);

    const replay = await refresh(owner.refreshCookie);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('auth.unauthenticated');
    expect(replay.cookies[OWNER_COOKIE]?.value).toBe('');

    expect(await sessionOf(live)).toMatchObject({ isRevoked: true, revokedReason: 'reuse_detected' });
    expect((await refresh(live)).status).toBe(401);
    // The access tokens of the family stop at once, not in 15 minutes.
    expect((await profile(liveToken)).status).toBe(401);
    expect((await profile(owner.token)).status).toBe(401);
  });

  it('keeps the owner signed in when two tabs refresh with the same cookie at the same moment', async () => {
    const owner = await registerOwner(app);
    const answers = await Promise.all([refresh(owner.refreshCookie), refresh(owner.refreshCookie)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [first, second] = answers.map((answer) => answer.cookies[OWNER_COOKIE]?.value ?? '');
    // Both get the same new session: one successor row, one cookie, both access tokens naming it.
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toBe(first);
    const family = (await sessionOf(owner.refreshCookie)).familyId;
    const live = await app.database.em().fork().find(UserSessionEntity, { familyId: family, isRevoked: false });
    expect(live.map((row) => row.refreshTokenHash)).toEqual([hashOf(first ?? '')]);
    const tokens = answers.map((answer) => (answer.body.data as { token: string }).token);
    const claims = await Promise.all(tokens.map((token) => app.app.get(AccessTokens).verify(token, 'owner')));
    expect(claims.map((claim) => claim?.sessionId)).toEqual([live[0]?.id, live[0]?.id]);
    for (const token of tokens) expect((await profile(token)).status).toBe(200);
    // The sign-in goes on from the shared cookie.
    expect((await refresh(first ?? '')).status).toBe(200);
  });

  it('answers a tab that refreshes with the just-rotated cookie with the same session, within the grace window', async () => {
    const owner = await registerOwner(app);
    const firstTab = await refresh(owner.refreshCookie);
    const cookie = firstTab.cookies[OWNER_COOKIE]?.value ?? '';
    await rotatedSecondsAgo(owner.refreshCookie, 25);

    const secondTab = await refresh(owner.refreshCookie);
    expect(secondTab.status).toBe(200);
    expect(secondTab.cookies[OWNER_COOKIE]?.value).toBe(cookie);
    expect(await sessionOf(cookie)).toMatchObject({ isRevoked: false });
    expect((await profile((secondTab.body.data as { token: string }).token)).status).toBe(200);
  });

  it('follows a chain of rotations inside the window to its live end, and refuses a successor that was signed out', async () => {
    const owner = await registerOwner(app);
    const second = (await refresh(owner.refreshCookie)).cookies[OWNER_COOKIE]?.value ?? '';
    const third = (await refresh(second)).cookies[OWNER_COOKIE]?.value ?? '';
    const late = await refresh(owner.refreshCookie);
    expect(late.status).toBe(200);
    expect(late.cookies[OWNER_COOKIE]?.value).toBe(third);

    await call(app, 'POST', '/api/auth/logout', { cookies: { [OWNER_COOKIE]: third } });
    const afterLogout = await refresh(owner.refreshCookie);
    expect(afterLogout.status).toBe(401);
    expect(await sessionOf(third)).toMatchObject({ revokedReason: 'logout' });
  });

  it('logs out: the session is revoked, the cookie cleared, the token and the refresh token dead', async () => {
    const owner = await registerOwner(app);
    const answer = await call(app, 'POST', '/api/auth/logout', {
      token: owner.token,
      cookies: { [OWNER_COOKIE]: owner.refreshCookie },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, data: { signedOut: true } });
    expect(answer.cookies[OWNER_COOKIE]).toMatchObject({ value: '', attributes: { path: '/api/auth' } });
    expect(await sessionOf(owner.refreshCookie)).toMatchObject({ isRevoked: true, revokedReason: 'logout' });
    expect((await refresh(owner.refreshCookie)).status).toBe(401);
    expect((await profile(owner.token)).status).toBe(401);
  });

  it('answers logout without any session with success (nothing to end)', async () => {
    const answer = await call(app, 'POST', '/api/auth/logout');
    expect(answer.status).toBe(200);
  });

  it('refuses a refresh without a cookie or with an unknown one', async () => {
    expect((await call(app, 'POST', '/api/auth/refresh')).status).toBe(401);
    expect((await refresh('x'.repeat(43))).status).toBe(401);
  });

  it('ends a sign-in after 7 idle days and after 30 days in all', async () => {
    const idle = await registerOwner(app);
    await sql(`update user_sessions set last_active = now() - interval '7 days 1 minute' where user_id = ?`, [
      idle.phone,
    ]);
    expect((await refresh(idle.refreshCookie)).status).toBe(401);
    expect(await sessionOf(idle.refreshCookie)).toMatchObject({ isRevoked: true, revokedReason: 'idle' });

    const old = await registerOwner(app);
    await sql(`update user_sessions set expires_at = now() - interval '1 second' where user_id = ?`, [old.phone]);
    expect((await refresh(old.refreshCookie)).status).toBe(401);
    expect((await profile(old.token)).status).toBe(401);
  });

  it('revokes every session of a user at once (for closing a business)', async () => {
    const owner = await registerOwner(app);
    const second = await refresh(owner.refreshCookie);
    const revoked = await app.app.get(Sessions).revokeAllSessions(owner.phone, 'business_closed');
    expect(revoked).toBe(1);
    expect((await profile((second.body.data as { token: string }).token)).status).toBe(401);
    expect((await refresh(second.cookies[OWNER_COOKIE]?.value ?? '')).status).toBe(401);
  });

  it('shuts a closed business out of owner routes and refreshes', async () => {
    const owner = await registerOwner(app);
    await sql(`update businesses set closed_at = now() where phone = ?`, [owner.phone]);
    expect((await profile(owner.token)).status).toBe(401);
    expect((await refresh(owner.refreshCookie)).status).toBe(401);
  });

  it('refuses a missing, malformed, tampered or expired bearer token', async () => {
    const owner = await registerOwner(app);
    expect((await call(app, 'GET', '/api/business/profile')).status).toBe(401);
    expect((await profile('not-a-token')).status).toBe(401);
    const [header, payload, signature = ''] = owner.token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '+972529999999' })).toString('base64url');
    expect((await profile(`${header}.${forged}.${signature}`)).status).toBe(401);
    expect(claims.exp).toBe(Number(claims.iat) + 15 * 60);
    const expired = await app.app.get(AccessTokens).sign({
      audience: 'owner',
      subject: owner.phone,
      sessionId: String(claims.sid),
      ttlSeconds: -10,
    });
    expect((await profile(expired)).status).toBe(401);
    expect((await profile(owner.token)).status).toBe(200);
  });
});
