import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import {
  latestCode,
  OWNER_COOKIE,
  registerOwner,
  registrationForm,
  signInAdmin,
  smsLog,
  stepUp,
  type SignedInOwner,
} from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 29, item 2: whoever holds a signed-in owner tablet must not redirect the payouts, set the Cardcom password or
// kill every printed table code without a fresh code sent to the business's phone (decision 036).

let app: TestApp;
let store: EventStore;

beforeAll(async () => {
  app = await startTestApp();
  store = app.app.get(EVENT_STORE);
});
afterAll(() => app.close());

/** The settings form as the owner's page sends it, from the registration form with some fields changed. */
function profileForm(form: Record<string, string>, changes: Record<string, string> = {}) {
  const { fullName, businessName, email, idNumber, bankName, branch, accountNumber, beneficiaryName } = form;
  return { fullName, businessName, email, idNumber, bankName, branch, accountNumber, beneficiaryName, ...changes };
}

async function newOwner(): Promise<SignedInOwner & { form: Record<string, string> }> {
  const form = registrationForm();
  const owner = await registerOwner(app, form);
  return { ...owner, form };
}

const saveProfile = (owner: { token: string }, body: unknown) =>
  call(app, 'PUT', '/api/business/profile', { token: owner.token, body });
const askCode = (token: string, ip = '10.70.0.1') => call(app, 'POST', '/api/auth/step-up', { token, ip });
const verifyCode = (token: string, code: string) =>
  call(app, 'POST', '/api/auth/step-up/verify', { token, body: { code } });
const rowOf = (phone: string) => app.database.em().fork().findOneOrFail(BusinessEntity, { phone });
const eventTypes = async (phone: string) =>
  (await store.readStream(`business-${phone}`)).events.map((event) => event.type);
const sql = (statement: string, params: unknown[] = []) => app.database.em().getConnection().execute(statement, params);

describe('payout details need a fresh code', () => {
  it('refuses a new bank account without a step-up and changes nothing, not even the rest of the form', async () => {
    const owner = await newOwner();
    const answer = await saveProfile(
      owner,
      profileForm(owner.form, { accountNumber: '999999', beneficiaryName: 'גנב', businessName: 'שם אחר' }),
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ success: false, code: 'auth.step_up_required' });
    expect(typeof answer.body.message).toBe('string');
    const row = await rowOf(owner.phone);
    expect(row).toMatchObject({ accountNumber: owner.form.accountNumber, businessName: owner.form.businessName });
    expect(await eventTypes(owner.phone)).not.toContain('PayoutAccountChanged');
  });

  it('still saves the rest of the profile when the payout details are unchanged', async () => {
    const owner = await newOwner();
    const answer = await saveProfile(owner, profileForm(owner.form, { businessName: 'קפה חדש' }));
    expect(answer.status).toBe(200);
    expect((await rowOf(owner.phone)).businessName).toBe('קפה חדש');
  });

  it('sends a code to the business phone, and after it the same session changes the account and the owner is told', async () => {
    const owner = await newOwner();
    const sent = await askCode(owner.token);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, data: { sent: true } });
    expect(smsLog(app).at(-1)).toMatchObject({ to: owner.phone, kind: 'owner-step-up-code' });

    const verified = await verifyCode(owner.token, latestCode(app, owner.phone));
    expect(verified.status).toBe(200);
    const until = Date.parse((verified.body.data as { validUntil: string }).validUntil);
    expect(until - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 1_000);

    const answer = await saveProfile(owner, profileForm(owner.form, { accountNumber: '7654321', branch: '123' }));
    expect(answer.status).toBe(200);
    expect(await rowOf(owner.phone)).toMatchObject({ accountNumber: '7654321', branch: '123' });
    const notice = smsLog(app).at(-1);
    expect(notice).toMatchObject({ to: owner.phone, kind: 'payout-changed' });
    // Tells the last digits only: an SMS is no place for a whole account number.
    expect(notice?.text).toContain('21');
    expect(notice?.text).not.toContain('7654321');
  });

  it('refuses a wrong code, and a code once used cannot serve again', async () => {
    const owner = await newOwner();
    await askCode(owner.token);
    const code = latestCode(app, owner.phone);
    const wrong = await verifyCode(owner.token, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('otp.invalid');
    expect((await verifyCode(owner.token, code)).status).toBe(200);
    expect((await verifyCode(owner.token, code)).body.code).toBe('otp.invalid');
    expect((await call(app, 'POST', '/api/auth/step-up/verify', { token: owner.token, body: {} })).status).toBe(400);
  });

  it('rate-limits the codes like the sign-in code', async () => {
    const owner = await newOwner();
    expect((await askCode(owner.token)).status).toBe(200);
    const again = await askCode(owner.token);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('rate_limited');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('belongs to the session that presented the code: another signed-in device still needs its own', async () => {
    const owner = await newOwner();
    await askCode(owner.token, '10.70.0.2');
    const code = latestCode(app, owner.phone);
    const tablet = await call(app, 'POST', '/api/verify-otp', { body: { phone: owner.phone, code }, ip: '10.70.0.3' });
    expect(tablet.status).toBe(400);
    // The tablet signs in separately (a sign-in code, another purpose); the phone steps up.
    const signIn = await call(app, 'POST', '/api/send-otp', { body: { phone: owner.phone }, ip: '10.70.0.4' });
    expect(signIn.status).toBe(200);
    const tabletSession = await call(app, 'POST', '/api/verify-otp', {
      body: { phone: owner.phone, code: latestCode(app, owner.phone) },
      ip: '10.70.0.4',
    });
    const tabletToken = (tabletSession.body.data as { token: string }).token;
    expect((await verifyCode(owner.token, code)).status).toBe(200);

    const change = profileForm(owner.form, { accountNumber: '5555555' });
    expect((await saveProfile({ token: tabletToken }, change)).status).toBe(403);
    expect((await saveProfile(owner, change)).status).toBe(200);
  });

  it('lasts five minutes, and survives the refresh of the access token', async () => {
    const owner = await newOwner();
    await stepUp(app, owner);
    const refreshed = await call(app, 'POST', '/api/auth/refresh', {
      cookies: { [OWNER_COOKIE]: owner.refreshCookie },
    });
    const token = (refreshed.body.data as { token: string }).token;
    expect((await saveProfile({ token }, profileForm(owner.form, { branch: '777' }))).status).toBe(200);

    // Five minutes later (moved into the past rather than waited for).
    await sql(`update user_sessions set step_up_until = now() - interval '1 second' where user_id = ?`, [owner.phone]);
    const late = await saveProfile({ token }, profileForm(owner.form, { branch: '778' }));
    expect(late.status).toBe(403);
    expect(late.body.code).toBe('auth.step_up_required');
    expect((await rowOf(owner.phone)).branch).toBe('777');
  });
});

describe('the Cardcom password and a new QR address need a fresh code too', () => {
  it('refuses both without a step-up, and allows both with one', async () => {
    const owner = await newOwner();
    const before = (await rowOf(owner.phone)).departmentId;
    const password = await call(app, 'PUT', '/api/business/cardcom-password', {
      token: owner.token,
      body: { apiPassword: 'Stolen-Password-1' },
    });
    expect(password.status).toBe(403);
    expect(password.body.code).toBe('auth.step_up_required');
    const qr = await call(app, 'POST', '/api/business/regenerate-qr', { token: owner.token });
    expect(qr.status).toBe(403);
    expect(qr.body.code).toBe('auth.step_up_required');
    expect((await rowOf(owner.phone)).departmentId).toBe(before);
    expect(await eventTypes(owner.phone)).not.toContain('DepartmentIdRegenerated');

    await stepUp(app, owner);
    expect((await call(app, 'POST', '/api/business/regenerate-qr', { token: owner.token })).status).toBe(200);
    expect((await rowOf(owner.phone)).departmentId).not.toBe(before);
  });
});

describe('an administrator inside a business', () => {
  it('can never change the payout details, even with a code', async () => {
    const owner = await newOwner();
    const admin = await signInAdmin(app);
    const opened = await call(app, 'POST', `/api/admin/impersonate/${owner.phone}`, { token: admin.token });
    expect(opened.status).toBe(200);
    const visit = { phone: owner.phone, token: (opened.body.data as { token: string }).token };
    await stepUp(app, visit);
    const answer = await saveProfile(visit, profileForm(owner.form, { accountNumber: '4444444' }));
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('auth.forbidden');
    expect((await rowOf(owner.phone)).accountNumber).toBe(owner.form.accountNumber);
    // The rest of the profile is still the administrator's to help with.
    expect((await saveProfile(visit, profileForm(owner.form, { businessName: 'בעזרת התמיכה' }))).status).toBe(200);
  });
});
