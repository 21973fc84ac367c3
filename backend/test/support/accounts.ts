import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isIsraeliMobile, toE164 } from '@tafrit/contracts';
import { call, type ApiAnswer } from './http-client.js';
import type { TestApp } from './test-app.js';

export const OWNER_COOKIE = 'tafrit_refresh';
export const ADMIN_COOKIE = 'tafrit_admin_refresh';

const handedOut = new Set<string>();

/** A valid Israeli mobile no other test of this file has used: `local` as people type it, `e164` as stored. */
export function newPhone(): { local: string; e164: string } {
  for (;;) {
    const local = `05${[2, 3, 4, 8][randomInt(4)]}${randomInt(2, 10)}${String(randomInt(1_000_000)).padStart(6, '0')}`;
    if (!isIsraeliMobile(local) || handedOut.has(local)) continue;
    handedOut.add(local);
    return { local, e164: toE164(local) as string };
  }
}

let emails = 0;

/** A valid registration form (product-spec §2) with a fresh phone and e-mail. */
export function registrationForm(overrides: Record<string, unknown> = {}): Record<string, string> & {
  phone: string;
  email: string;
} {
  emails += 1;
  return {
    fullName: 'דנה כהן',
    businessName: 'קפה דנה',
    email: `owner${emails}.${randomInt(1e9)}@example.co.il`,
    idNumber: '515678902',
    phone: newPhone().local,
    bankName: '12',
    branch: '600',
    accountNumber: '123456',
    beneficiaryName: 'דנה כהן',
    street: 'הרצל 12',
    city: 'תל אביב-יפו',
    ...overrides,
  } as Record<string, string> & { phone: string; email: string };
}

export interface SignedInOwner {
  phone: string;
  token: string;
  refreshCookie: string;
  answer: ApiAnswer;
}

/** Registers a business over HTTP and returns its owner's token and refresh cookie. */
export async function registerOwner(app: TestApp, overrides: Record<string, unknown> = {}): Promise<SignedInOwner> {
  const form = registrationForm(overrides);
  const answer = await call(app, 'POST', '/api/register', {
    body: form,
    ip: `10.1.${randomInt(256)}.${randomInt(256)}`,
  });
  if (answer.status !== 201) throw new Error(`registration failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const data = answer.body.data as { token: string; business: { phone: string } };
  return {
    phone: data.business.phone,
    token: data.token,
    refreshCookie: answer.cookies[OWNER_COOKIE]?.value ?? '',
    answer,
  };
}

export interface SmsLine {
  to: string;
  text: string;
  kind: string;
  at: string;
}

/** Every message the log provider wrote so far. */
export function smsLog(app: TestApp): SmsLine[] {
  if (!existsSync(app.config.smsLogFile)) return [];
  return readFileSync(app.config.smsLogFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SmsLine);
}

/** The six digits of the latest code sent to this phone (E.164), read from the SMS log like a person would. */
export function latestCode(app: TestApp, e164: string): string {
  const line = smsLog(app)
    .filter((message) => message.to === e164)
    .at(-1);
  const code = line ? /(\d{6})/.exec(line.text)?.[1] : undefined;
  if (!code) throw new Error(`no code was sent to ${e164}`);
  return code;
}

/** The default ADMIN_PHONES of the configuration. */
export const CONFIGURED_ADMIN = { local: '0547654321', e164: '+972547654321' };

/** Signs the configured administrator in over HTTP (send-otp, code from the SMS log, verify-otp). */
export async function signInAdmin(app: TestApp, ip = `10.9.${randomInt(256)}.${randomInt(1, 255)}`) {
  const sent = await call(app, 'POST', '/api/admin/send-otp', { body: { phone: CONFIGURED_ADMIN.local }, ip });
  if (sent.status !== 200) throw new Error(`admin send-otp failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = latestCode(app, CONFIGURED_ADMIN.e164);
  const answer = await call(app, 'POST', '/api/admin/verify-otp', { body: { phone: CONFIGURED_ADMIN.e164, code }, ip });
  if (answer.status !== 200)
    throw new Error(`admin verify-otp failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return {
    token: (answer.body.data as { token: string }).token,
    refreshCookie: answer.cookies[ADMIN_COOKIE]?.value ?? '',
    answer,
  };
}

/** The claims of a JWT, read without checking it (tests look at what the server signed). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * Gives the owner's session a fresh step-up (decision 036): asks for a code, reads it from the SMS log as the owner
 * would from the phone, and presents it. Payout details, the Cardcom password and a new QR address need one.
 */
export async function stepUp(app: TestApp, owner: { phone: string; token: string }): Promise<void> {
  const sent = await call(app, 'POST', '/api/auth/step-up', { token: owner.token, ip: `10.7.${randomInt(256)}.1` });
  if (sent.status !== 200) throw new Error(`step-up failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = latestCode(app, owner.phone);
  const verified = await call(app, 'POST', '/api/auth/step-up/verify', { token: owner.token, body: { code } });
  if (verified.status !== 200)
    throw new Error(`step-up verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
}

/**
 * One more sign-in of an existing business (another device), by send-otp and verify-otp. The phone's earlier codes are
 * moved back past the 30-second resend interval first, as if the owner had waited.
 */
export async function signInOnceMore(
  app: TestApp,
  phone: string,
  options: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; refreshCookie: string }> {
  await app.database
    .em()
    .getConnection()
    .execute(`update otp_codes set created_at = created_at - interval '31 seconds' where phone = ?`, [phone]);
  const ip = options.ip ?? `10.8.${randomInt(256)}.${randomInt(1, 255)}`;
  const sent = await call(app, 'POST', '/api/send-otp', { body: { phone }, ip });
  if (sent.status !== 200) throw new Error(`send-otp failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const answer = await call(app, 'POST', '/api/verify-otp', {
    body: { phone, code: latestCode(app, phone) },
    ip,
    ...(options.userAgent ? { headers: { 'user-agent': options.userAgent } } : {}),
  });
  if (answer.status !== 200) throw new Error(`verify-otp failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return {
    token: (answer.body.data as { token: string }).token,
    refreshCookie: answer.cookies[OWNER_COOKIE]?.value ?? '',
  };
}
