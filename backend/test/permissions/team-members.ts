import { randomInt } from 'node:crypto';
import type { InvitableRole, OwnerSession } from '@tafrit/contracts';
import { claimsOf } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import type { TestApp } from '../support/test-app.js';
import { invite, pairingCode, refresh, signInByCode } from '../team/team-support.js';

// The permission tests' callers: people of a team and paired screens, signed in as they are in the product.
export { invite, refresh };

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
  session: OwnerSession;
}

/** A person signs in with their own phone as anyone does: send-otp, the code from the SMS log, verify-otp. */
export async function signInPerson(app: TestApp, phone: { local: string; e164: string }): Promise<Person> {
  const signedIn = await signInByCode(app, phone.e164);
  return {
    id: String(claimsOf(signedIn.token).mid),
    token: signedIn.token,
    refreshCookie: signedIn.refreshCookie,
    phone,
    session: signedIn.session,
  };
}

/** Invites a person with a role and signs them in. */
export async function invitedAndSignedIn(app: TestApp, inviter: { token: string }, role: InvitableRole) {
  const { local, e164 } = await invite(app, inviter, role);
  return signInPerson(app, { local, e164 });
}

/**
 * Pairs a kitchen screen as a tablet does: a pairing code from Settings (by the owner or a manager), the tablet's
 * `POST /api/devices/pair`, then a refresh with the device token for an access token.
 */
export async function pairScreen(app: TestApp, pairer: { token: string }, name = 'מסך מטבח'): Promise<SignedInMember> {
  const code = await pairingCode(app, pairer);
  const paired = await call<{ data: { token: string } }>(app, 'POST', '/api/devices/pair', {
    body: { code, name },
    ip: `10.32.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  if (paired.status !== 201) throw new Error(`pairing failed: ${paired.status} ${JSON.stringify(paired.body)}`);
  const device = paired.body.data.token;
  const renewed = await refresh(app, device);
  if (renewed.status !== 200) throw new Error(`screen refresh failed: ${renewed.status}`);
  const token = (renewed.body.data as { token: string }).token;
  return { id: String(claimsOf(token).mid), token, refreshCookie: device };
}
