import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messageFor, type OwnerSession, type TeamAnswer } from '@tafrit/contracts';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { claimsOf, OWNER_COOKIE, registerOwner, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { dinerPays } from '../support/paid-order.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { invite, lastSms, pairingCode, pairScreen, refresh, signInByCode, sql } from './team-support.js';

// Kitchen screens paired by a code (issue 31, decision 043): single-use codes, a credential that survives restarts,
// the kitchen's role and nothing more, revoked from the team list.

let app: TestApp;
let owner: SignedInOwner;
let shop: Shop;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app, { businessName: 'קפה התמר' });
  shop = await openShop(app, owner);
});
afterAll(async () => {
  await app?.close();
});

let addresses = 0;
/** Each pairing from an address of its own, so the per-address limit is only met where a test means it. */
const pair = (body: unknown, ip = `10.64.${(addresses += 1)}.1`) =>
  call(app, 'POST', '/api/devices/pair', { body, ip });
const invalid = {
  success: false,
  code: 'device.pairing_code_invalid',
  message: messageFor('device.pairing_code_invalid'),
};

describe('a pairing code', () => {
  it('pairs one tablet, once: shown as XXXX-XXXX, typed in any case, then used up', async () => {
    const code = await pairingCode(app, owner);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const paired = await pair({ code: ` ${code.toLowerCase()} `, name: 'מטבח' });
    expect(paired.status).toBe(201);
    const credential = (paired.body.data as { token: string }).token;
    expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(paired.cookies[OWNER_COOKIE]?.value).toBe(credential);
    expect(paired.cookies[OWNER_COOKIE]?.attributes).toMatchObject({ httponly: true, path: '/api/auth' });

    const again = await pair({ code, name: 'מטבח 2' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(invalid);
  });

  it('expires after ten minutes', async () => {
    const answer = await call(app, 'POST', '/api/team/pairing-codes', { token: owner.token });
    const { code, expiresAt } = answer.body.data as { code: string; expiresAt: string };
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    await sql(
      app,
      `update screen_pairing_codes set expires_at = now() - interval '1 second' where business_id = ? and used_at is null`,
      [owner.phone],
    );
    const late = await pair({ code, name: 'מטבח' });
    expect(late.status).toBe(400);
    expect(late.body).toEqual(invalid);
  });

  it('that was never given is refused the same way; a malformed one is a validation error', async () => {
    const wrong = await pair({ code: 'ABCD-EFGH', name: 'מטבח' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(invalid);
    const malformed = await pair({ code: '12', name: 'מטבח' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false, code: 'validation.failed' });
    const nameless = await pair({ code: 'ABCD-EFGH', name: '' });
    expect(nameless.body).toMatchObject({ success: false, code: 'validation.failed' });
  });

  it('is tried at most ten times in fifteen minutes from one address', async () => {
    const ip = '10.65.0.1';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await pair({ code: 'ABCD-EFGH', name: 'מטבח' }, ip)).status).toBe(400);
    }
    const limited = await pair({ code: await pairingCode(app, owner), name: 'מטבח' }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await pair({ code: 'ABCD-EFGH', name: 'מטבח' }, '10.65.0.2')).status).toBe(400);
  });

  it("is the owner's or a manager's to open, not the kitchen's", async () => {
    const kitchen = await signInByCode(app, (await invite(app, owner, 'kitchen')).e164);
    const refused = await call(app, 'POST', '/api/team/pairing-codes', { token: kitchen.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'auth.role_forbidden' });
  });

  it('tells the owner by SMS that a screen was paired', async () => {
    await pairScreen(app, owner, 'מסך הבר');
    expect(lastSms(app, owner.phone, 'team-notice')?.text).toContain('מסך הבר');
  });
});

describe("a paired screen's sign-in", () => {
  it('refreshes again and again with the same credential, and still after a restart days later', async () => {
    const screen = await pairScreen(app, owner);
    for (let restart = 0; restart < 3; restart += 1) {
      const renewed = await refresh(app, screen.credential);
      expect(renewed.status).toBe(200);
      // Not rotated: the tablet may lose an answer or restart and present the same credential again.
      expect(renewed.cookies[OWNER_COOKIE]?.value).toBe(screen.credential);
    }
    // Days without a refresh (the café was closed) do not end it either.
    await sql(app, `update user_sessions set last_active = now() - interval '20 days' where member_id = ?`, [
      screen.id,
    ]);
    const later = await refresh(app, screen.credential);
    expect(later.status).toBe(200);
    const session = later.body.data as OwnerSession;
    expect(session.member).toEqual({ role: 'kitchen', kind: 'screen', id: screen.id, name: 'מטבח' });
    expect(session.business.idNumber).toBe('');
    expect(claimsOf(session.token)).toMatchObject({ sub: owner.phone, rol: 'kitchen', mid: screen.id, mk: 'screen' });

    const rows = await sql<{ is_revoked: boolean; device: boolean }>(
      app,
      'select is_revoked, device from user_sessions where member_id = ?',
      [screen.id],
    );
    expect(rows).toEqual([{ is_revoked: false, device: true }]);
  });

  it('has the kitchen role: it moves a live order, but a refund or the profile is refused and changes nothing', async () => {
    const screen = await pairScreen(app, owner);
    const { orderId } = await dinerPays(app, shop);
    const accepted = await call(app, 'POST', `/api/live-orders/${orderId}/status`, {
      token: screen.token,
      body: { status: 'accepted' },
    });
    expect(accepted.status).toBe(200);
    const events = () => app.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`);
    const acceptance = (await events()).events.find((event) => event.type === 'OrderAccepted');
    expect(acceptance?.metadata.actor).toEqual({ kind: 'screen', id: screen.id, role: 'kitchen' });

    const before = (await events()).version;
    const refund = await call(app, 'POST', `/api/orders/${orderId}/refunds`, {
      token: screen.token,
      body: { lines: [{ index: 0, quantity: 1 }], reason: 'קפה קר' },
    });
    expect(refund.status).toBe(403);
    expect(refund.body).toEqual({
      success: false,
      code: 'auth.role_forbidden',
      message: messageFor('auth.role_forbidden'),
    });
    expect((await events()).version).toBe(before);
    expect((await call(app, 'GET', '/api/business/profile', { token: screen.token })).status).toBe(403);
    expect(
      (await call(app, 'POST', '/api/auth/switch-business', { token: screen.token, body: { id: 'own' } })).status,
    ).toBe(403);
  });

  it('is revoked from the team list: its refresh and its calls answer 401 at once', async () => {
    const screen = await pairScreen(app, owner, 'מסך ישן');
    const listed = (await call(app, 'GET', '/api/team', { token: owner.token })).body.data as TeamAnswer;
    expect(listed.members.find((member) => member.id === screen.id)).toMatchObject({ kind: 'screen', name: 'מסך ישן' });

    const revoked = await call(app, 'DELETE', `/api/team/${screen.id}`, { token: owner.token });
    expect(revoked.status).toBe(200);
    expect((await call(app, 'GET', '/api/live-orders', { token: screen.token })).status).toBe(401);
    const renewed = await refresh(app, screen.credential);
    expect(renewed.status).toBe(401);
    expect(renewed.cookies[OWNER_COOKIE]?.value).toBe('');
    const after = (await call(app, 'GET', '/api/team', { token: owner.token })).body.data as TeamAnswer;
    expect(after.members.some((member) => member.id === screen.id)).toBe(false);
    // A screen has no role to change.
    const other = await pairScreen(app, owner);
    const changed = await call(app, 'PATCH', `/api/team/${other.id}`, {
      token: owner.token,
      body: { role: 'manager' },
    });
    expect(changed.status).toBe(404);
  });
});
