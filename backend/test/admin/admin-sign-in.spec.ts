import { randomInt } from 'node:crypto';
import { errorMessagesHe } from '@tafrit/contracts';
import { OtpCodeEntity } from '../../src/modules/accounts/persistence/otp-code.entity.js';
import {
  ADMIN_COOKIE,
  claimsOf,
  CONFIGURED_ADMIN,
  latestCode,
  newPhone,
  registerOwner,
  signInAdmin,
  smsLog,
} from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const newIp = () => `10.3.${randomInt(256)}.${randomInt(1, 255)}`;
const sendAdminCode = (phone: string, ip = newIp()) =>
  call(app, 'POST', '/api/admin/send-otp', { body: { phone }, ip });
const verifyAdminCode = (phone: string, code: string, ip = newIp()) =>
  call(app, 'POST', '/api/admin/verify-otp', { body: { phone, code }, ip });
/** Lets the 30-second resend limit pass for a phone. */
const age = (phone: string) =>
  app.database
    .em()
    .getConnection()
    .execute(`update otp_codes set created_at = created_at - interval '31 seconds' where phone = ?`, [phone]);

describe('administrator sign-in', () => {
  it('sends a configured admin phone a code, in any spelling, and answers an admin token and cookie', async () => {
    const sent = await sendAdminCode('054-765-4321');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, data: { sent: true } });
    const message = smsLog(app).at(-1);
    expect(message).toMatchObject({ to: CONFIGURED_ADMIN.e164, kind: 'admin-sign-in-code' });

    const answer = await verifyAdminCode('+972 54 765 4321', latestCode(app, CONFIGURED_ADMIN.e164));
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data as object)).toEqual(['token']);
    const token = (answer.body.data as { token: string }).token;
    expect(claimsOf(token)).toMatchObject({ aud: 'admin', sub: CONFIGURED_ADMIN.e164 });
    expect(answer.cookies[ADMIN_COOKIE]?.attributes).toMatchObject({ httponly: true, path: '/api/auth' });
    await age(CONFIGURED_ADMIN.e164);
  });

  it('refuses any other number with 403 admin.wrong_number, storing and sending nothing', async () => {
    const stranger = newPhone();
    const before = smsLog(app).length;
    const answer = await sendAdminCode(stranger.local);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      success: false,
      code: 'admin.wrong_number',
      message: errorMessagesHe['admin.wrong_number'],
    });
    expect(smsLog(app)).toHaveLength(before);
    expect(await app.database.em().count(OtpCodeEntity, { phone: stranger.e164 })).toBe(0);
    expect((await verifyAdminCode(stranger.local, '123456')).status).toBe(403);
  });

  it('also lets in the phones of admin_users', async () => {
    const listed = newPhone();
    await app.database
      .em()
      .getConnection()
      .execute(`insert into admin_users (username, email, phone) values ('ops', 'ops@example.co.il', ?)`, [
        listed.e164,
      ]);
    expect((await sendAdminCode(listed.local)).status).toBe(200);
    expect((await verifyAdminCode(listed.local, latestCode(app, listed.e164))).status).toBe(200);
  });

  it('applies the owner code rules: 30 seconds between codes, five wrong tries', async () => {
    expect((await sendAdminCode(CONFIGURED_ADMIN.local)).status).toBe(200);
    const again = await sendAdminCode(CONFIGURED_ADMIN.local);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);

    const code = latestCode(app, CONFIGURED_ADMIN.e164);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 1; attempt <= 5; attempt++) await verifyAdminCode(CONFIGURED_ADMIN.local, wrong);
    expect((await verifyAdminCode(CONFIGURED_ADMIN.local, code)).body.code).toBe('otp.too_many_attempts');
    await age(CONFIGURED_ADMIN.e164);
  });

  it("never takes an owner's code as an admin code, even for the same phone", async () => {
    await registerOwner(app, { phone: CONFIGURED_ADMIN.local });
    expect((await call(app, 'POST', '/api/send-otp', { body: { phone: CONFIGURED_ADMIN.local } })).status).toBe(200);
    const ownerCode = latestCode(app, CONFIGURED_ADMIN.e164);
    expect((await sendAdminCode(CONFIGURED_ADMIN.local)).status).toBe(200);
    const adminCode = latestCode(app, CONFIGURED_ADMIN.e164);
    if (ownerCode !== adminCode) {
      expect((await verifyAdminCode(CONFIGURED_ADMIN.local, ownerCode)).body.code).toBe('otp.invalid');
    }
    expect((await verifyAdminCode(CONFIGURED_ADMIN.local, adminCode)).status).toBe(200);
    await age(CONFIGURED_ADMIN.e164);
  });

  it("renews the admin's session from its own cookie, answering only a token", async () => {
    const admin = await signInAdmin(app);
    const answer = await call(app, 'POST', '/api/auth/refresh', {
      body: { audience: 'admin' },
      cookies: { [ADMIN_COOKIE]: admin.refreshCookie },
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data as object)).toEqual(['token']);
    expect(answer.cookies[ADMIN_COOKIE]?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The owner's cookie name is untouched by an admin refresh.
    expect(
      (await call(app, 'POST', '/api/auth/refresh', { cookies: { [ADMIN_COOKIE]: admin.refreshCookie } })).status,
    ).toBe(401);
    await age(CONFIGURED_ADMIN.e164);
  });
});

describe('admin and owner tokens never cross', () => {
  it('an admin token does not open owner routes', async () => {
    const admin = await signInAdmin(app);
    await age(CONFIGURED_ADMIN.e164);
    const answer = await call(app, 'GET', '/api/business/profile', { token: admin.token });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('auth.unauthenticated');
  });

  it('an owner token does not open /api/admin routes', async () => {
    const owner = await registerOwner(app);
    const answer = await call(app, 'POST', `/api/admin/impersonate/${owner.phone}`, { token: owner.token });
    expect(answer.status).toBe(401);
  });
});
