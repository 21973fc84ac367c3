import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomInt } from 'node:crypto';
import { ADMIN_COOKIE, latestCode, newPhone, OWNER_COOKIE, registerOwner, signInAdmin } from '../support/accounts.js';
import { call, type ApiAnswer } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Attacks on sign-in beyond the rules tested in test/accounts: what an attacker gets from a whole campaign.
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(() => app?.close());

/** Every request from a new address, as a botnet would: the per-address limits never apply, only the phone's. */
const anyIp = () => `10.${randomInt(100, 200)}.${randomInt(256)}.${randomInt(1, 255)}`;
const send = (phone: string) => call(app, 'POST', '/api/send-otp', { body: { phone }, ip: anyIp() });
const verify = (phone: string, code: string) =>
  call(app, 'POST', '/api/verify-otp', { body: { phone, code }, ip: anyIp() });
const sql = (statement: string, params: unknown[] = []) => app.database.em().getConnection().execute(statement, params);
/** As if the attacker had waited this long since each of the phone's codes. */
const wait = (phone: string, seconds: number) =>
  sql(`update otp_codes set created_at = created_at - (? * interval '1 second') where phone = ?`, [seconds, phone]);

/** What an observer sees of an answer: status, body, the headers that could differ, the cookies set. */
const observable = (answer: ApiAnswer) => ({
  status: answer.status,
  body: answer.body,
  retryAfter: answer.headers.get('retry-after'),
  contentType: answer.headers.get('content-type'),
  contentLength: answer.headers.get('content-length'),
  cookies: Object.keys(answer.cookies),
});

describe('guessing one-time codes', () => {
  it('stops a guesser with many addresses at five tries per code and five codes an hour, with 429 and Retry-After', async () => {
    const { phone } = await registerOwner(app);
    let counted = 0;
    let lastCode = '';
    for (let round = 1; round <= 5; round++) {
      expect((await send(phone)).status).toBe(200);
      lastCode = latestCode(app, phone);
      // Guesses that are surely wrong: never the code that was sent.
      const guesses = Array.from({ length: 7 }, (_, index) =>
        String((Number(lastCode) + 1 + index) % 1e6).padStart(6, '0'),
      );
      for (const guess of guesses) {
        const answer = await verify(phone, guess);
        if (answer.body.code === 'otp.invalid') counted += 1;
        else {
          expect(answer.status).toBe(429);
          expect(answer.body).toMatchObject({ success: false, code: 'otp.too_many_attempts' });
          expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      // Even the right code is refused once the code is locked: the guesser cannot tell it found it.
      expect((await verify(phone, lastCode)).status).toBe(429);
      await wait(phone, 31);
    }
    // Four counted wrong tries and the locking fifth per code, five codes an hour.
    expect(counted).toBe(20);
    const sixthCode = await send(phone);
    expect(sixthCode.status).toBe(429);
    expect(sixthCode.body).toMatchObject({ success: false, code: 'rate_limited' });
    expect(Number(sixthCode.headers.get('retry-after'))).toBeGreaterThan(3000);
    // No new code means nothing left to guess: the last one stays locked.
    expect((await verify(phone, lastCode)).status).toBe(429);
    const rows = (await sql(`select max(attempts) as attempts from otp_codes where phone = ?`, [phone])) as {
      attempts: number;
    }[];
    expect(Number(rows[0]?.attempts)).toBe(5);
  });
});

describe('no answer tells whether a phone has an account', () => {
  it('answers a known and an unknown phone alike through a whole campaign: send, guesses, lock, send again', async () => {
    const campaign = async (phone: string) => {
      const answers = [observable(await send(phone))];
      for (let guess = 0; guess < 6; guess++) answers.push(observable(await verify(phone, '000000')));
      answers.push(observable(await send(phone)));
      return answers;
    };
    const known = await registerOwner(app);
    const knownAnswers = await campaign(known.phone);
    const unknownAnswers = await campaign(newPhone().local);
    // Retry-After counts down with the clock: equal up to the second that may pass between the two campaigns.
    const rounded = (answers: ReturnType<typeof observable>[]) =>
      answers.map((answer) => ({ ...answer, retryAfter: answer.retryAfter === null ? null : 'set' }));
    expect(rounded(unknownAnswers)).toEqual(rounded(knownAnswers));
    expect(knownAnswers.map((answer) => answer.status)).toEqual([200, 400, 400, 400, 400, 429, 429, 429]);
  });

  it('answers a guess for a phone that never asked for a code like one for a registered phone', async () => {
    const known = await registerOwner(app);
    const unknown = newPhone();
    expect(observable(await verify(unknown.local, '123456'))).toEqual(observable(await verify(known.phone, '123456')));
  });
});

describe('a stolen refresh token', () => {
  /** The copy comes back after the 30 s in which two tabs of the holder may still present it (decision 003). */
  const afterGraceWindow = (token: string) =>
    sql(`update user_sessions set revoked_at = now() - interval '31 seconds' where refresh_token_hash = ?`, [
      createHash('sha256').update(token).digest('hex'),
    ]);

  it("ends the owner's sign-in when an old generation comes back after several rotations", async () => {
    const owner = await registerOwner(app);
    const stolen = owner.refreshCookie;
    let cookie = stolen;
    let token = owner.token;
    for (let rotation = 0; rotation < 3; rotation++) {
      const renewed = await call(app, 'POST', '/api/auth/refresh', { cookies: { [OWNER_COOKIE]: cookie } });
      expect(renewed.status).toBe(200);
      cookie = renewed.cookies[OWNER_COOKIE]?.value ?? '';
      token = (renewed.body.data as { token: string }).token;
    }
    expect((await call(app, 'GET', '/api/business/profile', { token })).status).toBe(200);
    await afterGraceWindow(stolen);

    const replay = await call(app, 'POST', '/api/auth/refresh', { cookies: { [OWNER_COOKIE]: stolen } });
    expect(replay.status).toBe(401);
    // The legitimate holder of the newest generation is signed out too: the family is over.
    expect((await call(app, 'POST', '/api/auth/refresh', { cookies: { [OWNER_COOKIE]: cookie } })).status).toBe(401);
    expect((await call(app, 'GET', '/api/business/profile', { token })).status).toBe(401);
  });

  it("ends the administrator's sign-in the same way", async () => {
    const admin = await signInAdmin(app);
    const refresh = (value: string) =>
      call(app, 'POST', '/api/auth/refresh', { body: { audience: 'admin' }, cookies: { [ADMIN_COOKIE]: value } });
    const renewed = await refresh(admin.refreshCookie);
    expect(renewed.status).toBe(200);
    const current = renewed.cookies[ADMIN_COOKIE]?.value ?? '';
    const token = (renewed.body.data as { token: string }).token;
    expect((await call(app, 'GET', '/api/admin/businesses', { token })).status).toBe(200);
    await afterGraceWindow(admin.refreshCookie);

    expect((await refresh(admin.refreshCookie)).status).toBe(401);
    expect((await refresh(current)).status).toBe(401);
    expect((await call(app, 'GET', '/api/admin/businesses', { token })).status).toBe(401);
  });
});
