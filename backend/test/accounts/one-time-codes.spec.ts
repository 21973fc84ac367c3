import { randomInt } from 'node:crypto';
import { errorMessagesHe } from '@tafrit/contracts';
import { OtpCodeEntity } from '../../src/modules/accounts/persistence/otp-code.entity.js';
import { latestCode, newPhone, OWNER_COOKIE, registerOwner, smsLog } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// Each test speaks from an address of its own, so the per-address limit of one test never trips another.
const newIp = () => `10.2.${randomInt(256)}.${randomInt(1, 255)}`;
const sendCode = (phone: string, ip = newIp()) => call(app, 'POST', '/api/send-otp', { body: { phone }, ip });
const verifyCode = (phone: string, code: string, ip = newIp()) =>
  call(app, 'POST', '/api/verify-otp', { body: { phone, code }, ip });
const sql = (statement: string, params: unknown[] = []) => app.database.em().getConnection().execute(statement, params);
/** Moves this phone's codes back in time, as if the owner had waited. */
const age = (phone: string, seconds: number) =>
  sql(`update otp_codes set created_at = created_at - (? * interval '1 second') where phone = ?`, [seconds, phone]);
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('signing in with a one-time code', () => {
  it('sends a registered owner a six-digit code by SMS and lets them in with it', async () => {
    const { phone } = await registerOwner(app);
    const sent = await sendCode(`0${phone.slice(4)}`);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, data: { sent: true } });

    const message = smsLog(app).at(-1);
    expect(message).toMatchObject({ to: phone, kind: 'owner-sign-in-code' });
    expect(message?.text).toMatch(/^קוד הכניסה שלך לתפריט: \d{6}$/);
    expect(new Date(String(message?.at)).getTime()).toBeLessThanOrEqual(Date.now());

    const code = latestCode(app, phone);
    const verified = await verifyCode(phone, code);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ business: { phone }, token: expect.any(String) });
    expect(verified.cookies[OWNER_COOKIE]?.attributes.httponly).toBe(true);
  });

  it('stores only a keyed hash of the code, never its digits', async () => {
    const { phone } = await registerOwner(app);
    await sendCode(phone);
    const code = latestCode(app, phone);
    const rows = await sql('select * from otp_codes where phone = ?', [phone]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('answers a phone with no account exactly like a registered one, and sends it nothing', async () => {
    const { phone } = await registerOwner(app);
    const stranger = newPhone();
    const before = smsLog(app).length;
    const known = await sendCode(phone);
    const unknown = await sendCode(stranger.local);
    expect(smsLog(app)).toHaveLength(before + 1);
    expect(smsLog(app).some((message) => message.to === stranger.e164)).toBe(false);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    expect(unknown.headers.get('content-length')).toBe(known.headers.get('content-length'));
    // The same work was done: a (never sent) code is stored, so limits also behave the same.
    expect(await app.database.em().count(OtpCodeEntity, { phone: stranger.e164 })).toBe(1);
    expect((await sendCode(stranger.local)).status).toBe((await sendCode(phone)).status);
  });

  it('refuses any code for a phone with no account with the ordinary wrong-code answer', async () => {
    const stranger = newPhone();
    await sendCode(stranger.local);
    const answer = await verifyCode(stranger.local, '123456');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, code: 'otp.invalid', message: errorMessagesHe['otp.invalid'] });
  });

  it('accepts a code only once', async () => {
    const { phone } = await registerOwner(app);
    await sendCode(phone);
    const code = latestCode(app, phone);
    expect((await verifyCode(phone, code)).status).toBe(200);
    const again = await verifyCode(phone, code);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('otp.invalid');
  });

  it('refuses an expired code with otp.expired', async () => {
    const { phone } = await registerOwner(app);
    await sendCode(phone);
    const row = await app.database.em().findOneOrFail(OtpCodeEntity, { phone });
    // Five minutes of life, no more.
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(5 * 60_000);
    await sql(`update otp_codes set expires_at = now() - interval '1 second' where phone = ?`, [phone]);
    const answer = await verifyCode(phone, latestCode(app, phone));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('otp.expired');
  });

  it('cancels the code at the fifth wrong try: a sixth try fails even with the right code', async () => {
    const { phone } = await registerOwner(app);
    await sendCode(phone);
    const code = latestCode(app, phone);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await verifyCode(phone, wrong(code));
      expect([answer.status, answer.body.code]).toEqual([400, 'otp.invalid']);
    }
    const fifth = await verifyCode(phone, wrong(code));
    expect([fifth.status, fifth.body.code]).toEqual([429, 'otp.too_many_attempts']);
    expect(fifth.headers.get('retry-after')).toBe('30');
    const sixth = await verifyCode(phone, code);
    expect([sixth.status, sixth.body.code]).toEqual([429, 'otp.too_many_attempts']);
    expect(sixth.body.message).toBe(errorMessagesHe['otp.too_many_attempts']);
  });

  it('counts parallel guesses one by one: never more than five wrong tries', async () => {
    const { phone } = await registerOwner(app);
    await sendCode(phone);
    const code = latestCode(app, phone);
    const guesses = await Promise.all(Array.from({ length: 8 }, () => verifyCode(phone, wrong(code))));
    expect(guesses.filter((answer) => answer.body.code === 'otp.invalid')).toHaveLength(4);
    expect((await app.database.em().findOneOrFail(OtpCodeEntity, { phone })).attempts).toBe(5);
    expect((await verifyCode(phone, code)).status).toBe(429);
  });

  it('cancels the previous code when a new one is sent', async () => {
    const { phone } = await registerOwner(app);
    await sendCode(phone);
    const first = latestCode(app, phone);
    await age(phone, 31);
    expect((await sendCode(phone)).status).toBe(200);
    const second = latestCode(app, phone);
    if (first !== second) expect((await verifyCode(phone, first)).body.code).toBe('otp.invalid');
    expect((await verifyCode(phone, second)).status).toBe(200);
  });

  it('takes 4 digits by the schema (never right, we send 6) and refuses other lengths as invalid input', async () => {
    const { phone } = await registerOwner(app);
    await sendCode(phone);
    const four = await verifyCode(phone, '1234');
    expect([four.status, four.body.code]).toEqual([400, 'otp.invalid']);
    const five = await verifyCode(phone, '12345');
    expect(five.status).toBe(400);
    expect(five.body).toMatchObject({ code: 'validation.failed', fields: { code: expect.stringContaining('4 or 6') } });
  });
});

describe('limits on sending codes', () => {
  const expectRateLimited = (answer: Awaited<ReturnType<typeof sendCode>>, maxSeconds: number) => {
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({ success: false, code: 'rate_limited', message: errorMessagesHe.rate_limited });
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
    return retryAfter;
  };

  it('sends at most one code per 30 seconds to a phone, with or without an account', async () => {
    const { phone } = await registerOwner(app);
    const stranger = newPhone();
    for (const target of [phone, stranger.e164]) {
      expect((await sendCode(target)).status).toBe(200);
      expectRateLimited(await sendCode(target), 30);
    }
    expect(smsLog(app).filter((message) => message.to === phone)).toHaveLength(1);
    await age(phone, 31);
    expect((await sendCode(phone)).status).toBe(200);
  });

  it('sends at most five codes an hour to a phone', async () => {
    const { phone } = await registerOwner(app);
    for (let sent = 1; sent <= 5; sent++) {
      expect((await sendCode(phone)).status).toBe(200);
      await age(phone, 31);
    }
    // The oldest of the five was sent 155 seconds ago: the next one may go when it is an hour old.
    const retryAfter = expectRateLimited(await sendCode(phone), 3600);
    expect(retryAfter).toBeGreaterThan(3400);
    expect(retryAfter).toBeLessThanOrEqual(3600 - 155 + 1);
    await age(phone, 3600 - 155);
    expect((await sendCode(phone)).status).toBe(200);
  });

  it('limits one address to ten codes per ten minutes, whatever the phones', async () => {
    const ip = newIp();
    for (let sent = 1; sent <= 10; sent++) expect((await sendCode(newPhone().local, ip)).status).toBe(200);
    expectRateLimited(await sendCode(newPhone().local, ip), 600);
    // Another address is not affected.
    expect((await sendCode(newPhone().local)).status).toBe(200);
  });

  it('limits guesses from one address too', async () => {
    const ip = newIp();
    let last;
    for (let tried = 1; tried <= 31; tried++) last = await verifyCode(newPhone().local, '123456', ip);
    expect(last?.status).toBe(429);
    expect(last?.body.code).toBe('rate_limited');
  });
});
