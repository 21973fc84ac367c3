import { randomInt } from 'node:crypto';
import type { OwnerSession } from '@tafrit/contracts';
import { latestCode, newPhone, OWNER_COOKIE, type SignedInOwner, smsLog } from '../support/accounts.js';
import { call, type ApiAnswer } from '../support/http-client.js';
import type { TestApp } from '../support/test-app.js';

// What the team's tests share (issue 31): inviting a person, their sign-in by code, pairing a screen.

export const sql = <Row = Record<string, unknown>>(app: TestApp, statement: string, params: unknown[] = []) =>
  app.database.em().getConnection().execute(statement, params) as Promise<Row[]>;

const anAddress = (network: number) => `10.${network}.${randomInt(256)}.${randomInt(1, 255)}`;

export interface InvitedPerson {
  id: string;
  /** As people type it. */
  local: string;
  e164: string;
  name: string;
}

/** The owner invites a person with a fresh phone (or `phone`); fails the test on anything but 201. */
export async function invite(
  app: TestApp,
  owner: { token: string },
  role: 'manager' | 'kitchen' | 'accountant',
  options: { name?: string; phone?: { local: string; e164: string } } = {},
): Promise<InvitedPerson> {
  const phone = options.phone ?? newPhone();
  const name = options.name ?? `${role === 'manager' ? 'יוסי' : 'דנה'} ${randomInt(1000)}`;
  const answer = await call(app, 'POST', '/api/team', { token: owner.token, body: { phone: phone.local, name, role } });
  if (answer.status !== 201) throw new Error(`invite failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { id: (answer.body.data as { id: string }).id, local: phone.local, e164: phone.e164, name };
}

export interface SignedInPerson {
  token: string;
  refreshCookie: string;
  session: OwnerSession;
  answer: ApiAnswer;
}

/**
 * A person signs in on the usual page: send-otp, the code read from the SMS log as the person reads their phone,
 * verify-otp. Earlier codes of the phone are moved back past the resend interval first, as if they had waited.
 */
export async function signInByCode(app: TestApp, e164: string): Promise<SignedInPerson> {
  await sql(app, `update otp_codes set created_at = created_at - interval '31 seconds' where phone = ?`, [e164]);
  const ip = anAddress(61);
  const sent = await call(app, 'POST', '/api/send-otp', { body: { phone: e164 }, ip });
  if (sent.status !== 200) throw new Error(`send-otp failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const answer = await call(app, 'POST', '/api/verify-otp', { body: { phone: e164, code: latestCode(app, e164) }, ip });
  if (answer.status !== 200) throw new Error(`verify-otp failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const session = answer.body.data as OwnerSession;
  return { token: session.token, refreshCookie: answer.cookies[OWNER_COOKIE]?.value ?? '', session, answer };
}

export const refresh = (app: TestApp, cookie: string) =>
  call(app, 'POST', '/api/auth/refresh', { cookies: { [OWNER_COOKIE]: cookie } });

/** The latest message of a kind sent to a phone (E.164), if any. */
export const lastSms = (app: TestApp, to: string, kind: string) =>
  smsLog(app)
    .filter((message) => message.to === to && message.kind === kind)
    .at(-1);

export interface PairedScreen {
  id: string;
  /** The screen's refresh credential: the pairing's answer, and its cookie. */
  credential: string;
  /** A 15-minute access token, from a refresh with the credential. */
  token: string;
}

/** The owner (or a manager) opens a pairing code; fails the test on anything but 201. */
export async function pairingCode(app: TestApp, who: { token: string }): Promise<string> {
  const answer = await call(app, 'POST', '/api/team/pairing-codes', { token: who.token });
  if (answer.status !== 201) throw new Error(`pairing code failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body.data as { code: string }).code;
}

/** A tablet pairs with a fresh code of `owner`, then gets its first access token. */
export async function pairScreen(app: TestApp, owner: SignedInOwner, name = 'מטבח'): Promise<PairedScreen> {
  const code = await pairingCode(app, owner);
  const paired = await call(app, 'POST', '/api/devices/pair', { body: { code, name }, ip: anAddress(62) });
  if (paired.status !== 201) throw new Error(`pairing failed: ${paired.status} ${JSON.stringify(paired.body)}`);
  const credential = (paired.body.data as { token: string }).token;
  const renewed = await refresh(app, credential);
  if (renewed.status !== 200) throw new Error(`screen refresh failed: ${renewed.status}`);
  const session = renewed.body.data as OwnerSession;
  return { id: session.member?.id ?? '', credential, token: session.token };
}
