import { randomInt } from 'node:crypto';
import type { InvitableRole, ScreenPairingCode } from '@tafrit/contracts';
import { claimsOf, latestCode, newPhone, OWNER_COOKIE } from '../support/accounts.js';
import { call, type ApiAnswer } from '../support/http-client.js';
import type { TestApp } from '../support/test-app.js';

/** Someone signed in to a business who is not its owner: a person of its team or a paired screen. */
export interface SignedInMember {
  /** The team id (the token's `mid`). */
  id: string;
  token: string;
  /** The refresh credential: a person's rotating cookie, a screen's device token. */
  refreshCookie: string;
}

export interface Person extends SignedInMember {
  phone: { local: string; e164: string };
  /** The verify-otp answer's data. */
  session: Record<string, unknown>;
}

const fail = (what: string, answer: ApiAnswer): never => {
  throw new Error(`${what} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
};

/** The owner (or whoever may) invites a person by phone with a role (`POST /api/team`); answers the team id. */
export async function invite(
  app: TestApp,
  inviter: { token: string },
  role: InvitableRole,
  phone = newPhone(),
  name = 'דנה',
): Promise<{ id: string; phone: { local: string; e164: string } }> {
  const answer = await call<{ data: { id: string } }>(app, 'POST', '/api/team', {
    token: inviter.token,
    body: { phone: phone.local, name, role },
  });
  if (answer.status >= 300) fail('invite', answer);
  return { id: answer.body.data.id, phone };
}

/**
 * A person signs in with their own phone as anyone does: send-otp, the code from the SMS log, verify-otp. Earlier
 * codes of the phone are moved back past the resend interval first, as if the person had waited.
 */
export async function signInPerson(app: TestApp, phone: { local: string; e164: string }): Promise<Person> {
  await app.database
    .em()
    .getConnection()
    .execute(`update otp_codes set created_at = created_at - interval '31 seconds' where phone = ?`, [phone.e164]);
  const ip = `10.31.${randomInt(256)}.${randomInt(1, 255)}`;
  const sent = await call(app, 'POST', '/api/send-otp', { body: { phone: phone.local }, ip });
  if (sent.status !== 200) fail('send-otp', sent);
  const verified = await call<{ data: Record<string, unknown> & { token: string } }>(app, 'POST', '/api/verify-otp', {
    body: { phone: phone.local, code: latestCode(app, phone.e164) },
    ip,
  });
  if (verified.status !== 200) fail('verify-otp', verified);
  const token = verified.body.data.token;
  return {
    id: String(claimsOf(token).mid),
    token,
    refreshCookie: verified.cookies[OWNER_COOKIE]?.value ?? '',
    phone,
    session: verified.body.data,
  };
}

/** Invites a person with a role and signs them in. */
export async function invitedAndSignedIn(app: TestApp, inviter: { token: string }, role: InvitableRole) {
  const { phone } = await invite(app, inviter, role);
  return signInPerson(app, phone);
}

/** `POST /api/auth/refresh` with an owner-audience refresh credential (a person's cookie, a screen's token). */
export const refresh = (app: TestApp, credential: string) =>
  call<{ data: Record<string, unknown> & { token: string } }>(app, 'POST', '/api/auth/refresh', {
    cookies: { [OWNER_COOKIE]: credential },
  });

/**
 * Pairs a kitchen screen as a tablet does: a pairing code from Settings (`POST /api/team/pairing-codes`, by the owner
 * or a manager), the tablet's `POST /api/devices/pair`, then a refresh with the device token for an access token.
 */
export async function pairScreen(app: TestApp, pairer: { token: string }, name = 'מסך מטבח'): Promise<SignedInMember> {
  const code = await call<{ data: ScreenPairingCode }>(app, 'POST', '/api/team/pairing-codes', {
    token: pairer.token,
  });
  if (code.status !== 201) fail('pairing code', code);
  const paired = await call<{ data: { token: string } }>(app, 'POST', '/api/devices/pair', {
    body: { code: code.body.data.code, name },
    ip: `10.32.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  if (paired.status >= 300) fail('pair', paired);
  const device = paired.body.data.token;
  const renewed = await refresh(app, device);
  if (renewed.status !== 200) fail('refresh of the screen', renewed);
  const token = renewed.body.data.token;
  return { id: String(claimsOf(token).mid), token, refreshCookie: device };
}
