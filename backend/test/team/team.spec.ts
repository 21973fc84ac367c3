import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { israelMonthOf, messageFor, type OwnerSession, type TeamAnswer } from '@tafrit/contracts';
import { claimsOf, newPhone, OWNER_COOKIE, registerOwner, type SignedInOwner, smsLog } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { invite, lastSms, pairScreen, refresh, signInByCode, sql } from './team-support.js';

// The café's team over HTTP (issue 31, decision 043): invitations, the sign-in of people, roles, removal, idle time.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const envelope = (code: Parameters<typeof messageFor>[0]) => ({ success: false, code, message: messageFor(code) });
const team = async (owner: { token: string }) => {
  const answer = await call(app, 'GET', '/api/team', { token: owner.token });
  expect(answer.status).toBe(200);
  return answer.body.data as TeamAnswer;
};
const liveOrders = (token: string) => call(app, 'GET', '/api/live-orders', { token });
const profile = (token: string) => call(app, 'GET', '/api/business/profile', { token });

describe('inviting a person', () => {
  it('sends the person an SMS with the sign-in link and the owner a notice', async () => {
    const owner = await registerOwner(app, { businessName: 'קפה הגפן' });
    const dana = await invite(app, owner, 'kitchen', { name: 'דנה לוי' });
    expect(dana.id).toMatch(/^[0-9a-f-]{36}$/);

    const invitation = lastSms(app, dana.e164, 'team-invitation');
    expect(invitation?.text).toContain('קפה הגפן');
    expect(invitation?.text).toContain(`${app.config.publicUrl}/login`);
    expect(lastSms(app, owner.phone, 'team-notice')?.text).toContain('דנה לוי');

    const row = (await team(owner)).members.find((member) => member.id === dana.id);
    expect(row).toMatchObject({ kind: 'person', name: 'דנה לוי', phone: dana.e164, role: 'kitchen', signIns: [] });
    expect(row?.lastActiveAt).toBeNull();
  });

  it("refuses the business's own phone with a clear Hebrew message, and adds nobody", async () => {
    const owner = await registerOwner(app);
    const answer = await call(app, 'POST', '/api/team', {
      token: owner.token,
      body: { phone: owner.phone, name: 'אני', role: 'manager' },
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual(envelope('team.own_phone'));
    expect(messageFor('team.own_phone')).toMatch(/[\u0590-\u05FF]/);
    expect((await team(owner)).members.map((member) => member.kind)).toEqual(['owner']);
  });

  it('refuses a phone already in the team, whatever the role', async () => {
    const owner = await registerOwner(app);
    const dana = await invite(app, owner, 'kitchen');
    const again = await call(app, 'POST', '/api/team', {
      token: owner.token,
      body: { phone: dana.local, name: 'דנה שוב', role: 'manager' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(envelope('team.already_member'));
    expect((await team(owner)).members).toHaveLength(2);
  });

  it('sends at most 30 invitations a day per business (each is two SMS), removals notwithstanding', async () => {
    const owner = await registerOwner(app);
    for (let sent = 0; sent < 30; sent += 1) {
      const person = await invite(app, owner, 'kitchen');
      expect((await call(app, 'DELETE', `/api/team/${person.id}`, { token: owner.token })).status).toBe(200);
    }
    const smsBefore = smsLog(app).length;
    const refused = await call(app, 'POST', '/api/team', {
      token: owner.token,
      body: { phone: newPhone().local, name: 'אחד יותר מדי', role: 'kitchen' },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(smsLog(app).length).toBe(smsBefore);
    // Another business is counted apart.
    const other = await registerOwner(app);
    expect((await invite(app, other, 'manager')).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is the owner’s alone: a manager may pair a screen but not invite or read the team', async () => {
    const owner = await registerOwner(app);
    const manager = await signInByCode(app, (await invite(app, owner, 'manager')).e164);
    const tried = await call(app, 'POST', '/api/team', {
      token: manager.token,
      body: { phone: newPhone().local, name: 'מישהו', role: 'kitchen' },
    });
    expect(tried.status).toBe(403);
    expect(tried.body).toEqual(envelope('auth.role_forbidden'));
    expect((await call(app, 'GET', '/api/team', { token: manager.token })).status).toBe(403);
    expect((await call(app, 'POST', '/api/team/pairing-codes', { token: manager.token })).status).toBe(201);
    expect((await team(owner)).members).toHaveLength(2);
  });
});

describe("a person's sign-in", () => {
  it("answers a kitchen person's role and the business without the owner's private fields", async () => {
    const owner = await registerOwner(app, { businessName: 'קפה הדקל' });
    const dana = await invite(app, owner, 'kitchen', { name: 'דנה' });
    const signed = await signInByCode(app, dana.e164);

    expect(signed.session.member).toEqual({ role: 'kitchen', kind: 'person', id: dana.id, name: 'דנה' });
    expect(signed.session.businesses).toBeUndefined();
    expect(signed.session.business).toMatchObject({
      phone: owner.phone,
      businessName: 'קפה הדקל',
      fullName: '',
      email: '',
      idNumber: '',
      bankName: '',
      branch: '',
      accountNumber: '',
      beneficiaryName: '',
    });
    expect(JSON.stringify(signed.answer.body)).not.toContain('515678902');
    expect(claimsOf(signed.token)).toMatchObject({ sub: owner.phone, rol: 'kitchen', mid: dana.id, mk: 'person' });

    expect((await liveOrders(signed.token)).status).toBe(200);
    const refused = await profile(signed.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(envelope('auth.role_forbidden'));

    // The refresh answers the same way: role, no private fields.
    const renewed = await refresh(app, signed.refreshCookie);
    expect(renewed.status).toBe(200);
    const session = renewed.body.data as OwnerSession;
    expect(session.member?.role).toBe('kitchen');
    expect(session.business.idNumber).toBe('');
  });

  it("lets another business's owner, invited, choose at sign-in and switch; the old sign-in ends", async () => {
    const cafe = await registerOwner(app, { businessName: 'קפה אלון' });
    const bakery = await registerOwner(app, { businessName: 'מאפיית רון', fullName: 'רון לוי' });
    const member = await invite(app, cafe, 'manager', {
      name: 'רון',
      phone: { local: bakery.phone, e164: bakery.phone },
    });

    const signed = await signInByCode(app, bakery.phone);
    expect(signed.session.businesses).toEqual([
      { id: 'own', businessName: 'מאפיית רון', role: 'owner' },
      { id: member.id, businessName: 'קפה אלון', role: 'manager' },
    ]);
    // The own business opens first, as before the team existed.
    expect(signed.session.business.phone).toBe(bakery.phone);
    expect(signed.session.member).toMatchObject({ kind: 'owner', role: 'owner' });

    const switched = await call(app, 'POST', '/api/auth/switch-business', {
      token: signed.token,
      body: { id: member.id },
    });
    expect(switched.status).toBe(200);
    const there = switched.body.data as OwnerSession;
    expect(there.business.phone).toBe(cafe.phone);
    expect(there.business.fullName).toBe('');
    expect(there.member).toEqual({ role: 'manager', kind: 'person', id: member.id, name: 'רון' });
    expect(there.businesses).toHaveLength(2);
    const cookie = switched.cookies[OWNER_COOKIE]?.value ?? '';
    expect(cookie).not.toBe(signed.refreshCookie);

    // One person, one business per sign-in: the bakery's sign-in has ended.
    expect((await profile(signed.token)).status).toBe(401);
    expect((await refresh(app, signed.refreshCookie)).status).toBe(401);
    expect((await call(app, 'GET', '/api/categories', { token: there.token })).status).toBe(200);
    expect((await profile(there.token)).status).toBe(403);

    // And back home, from the café's sign-in.
    const home = await call(app, 'POST', '/api/auth/switch-business', { token: there.token, body: { id: 'own' } });
    expect(home.status).toBe(200);
    expect((home.body.data as OwnerSession).business.idNumber).toBe('515678902');
    expect((await profile((home.body.data as OwnerSession).token)).status).toBe(200);
    expect((await refresh(app, cookie)).status).toBe(401);

    const unknown = await call(app, 'POST', '/api/auth/switch-business', {
      token: (home.body.data as OwnerSession).token,
      body: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('changing a role and removing a person', () => {
  it("ends the person's sign-ins at once; the next sign-in has the new role", async () => {
    const owner = await registerOwner(app);
    const dana = await invite(app, owner, 'kitchen');
    const signed = await signInByCode(app, dana.e164);
    expect((await liveOrders(signed.token)).status).toBe(200);

    const changed = await call(app, 'PATCH', `/api/team/${dana.id}`, {
      token: owner.token,
      body: { role: 'accountant' },
    });
    expect(changed.status).toBe(200);
    expect((await liveOrders(signed.token)).status).toBe(401);
    expect((await refresh(app, signed.refreshCookie)).status).toBe(401);

    const again = await signInByCode(app, dana.e164);
    expect(again.session.member?.role).toBe('accountant');
    expect((await liveOrders(again.token)).status).toBe(403);
    expect(
      (await call(app, 'GET', `/api/orders?month=${israelMonthOf(new Date())}`, { token: again.token })).status,
    ).toBe(200);
    // The owner's own sign-in is untouched.
    expect((await profile(owner.token)).status).toBe(200);
  });

  it("ends a removed person's sign-ins, sends them no more codes, and lets their phone be invited again", async () => {
    const owner = await registerOwner(app);
    const dana = await invite(app, owner, 'kitchen');
    const signed = await signInByCode(app, dana.e164);

    const removed = await call(app, 'DELETE', `/api/team/${dana.id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect((await liveOrders(signed.token)).status).toBe(401);
    expect((await refresh(app, signed.refreshCookie)).status).toBe(401);
    expect((await team(owner)).members.map((member) => member.id)).toEqual(['owner']);
    expect((await call(app, 'DELETE', `/api/team/${dana.id}`, { token: owner.token })).status).toBe(404);

    // The removed phone asks for a code and gets the answer every phone gets, but no SMS.
    const messagesBefore = smsLog(app).filter((message) => message.to === dana.e164).length;
    await sql(app, `update otp_codes set created_at = created_at - interval '31 seconds' where phone = ?`, [dana.e164]);
    const asked = await call(app, 'POST', '/api/send-otp', { body: { phone: dana.local }, ip: '10.63.0.1' });
    expect(asked.status).toBe(200);
    expect(smsLog(app).filter((message) => message.to === dana.e164)).toHaveLength(messagesBefore);

    const back = await invite(app, owner, 'manager', { phone: { local: dana.local, e164: dana.e164 } });
    expect(back.id).not.toBe(dana.id);
    const signedAgain = await signInByCode(app, dana.e164);
    expect(signedAgain.session.member).toMatchObject({ id: back.id, role: 'manager' });
  });
});

describe("the idle time of people's sign-ins", () => {
  const idleOf = async (memberId: string) =>
    (
      await sql<{ idle_ms: number | null }>(
        app,
        `select idle_ms from user_sessions where member_id = ? and not is_revoked`,
        [memberId],
      )
    ).map((row) => Number(row.idle_ms));
  const idleFor = (memberId: string, interval: string) =>
    sql(app, `update user_sessions set last_active = now() - interval '${interval}' where member_id = ?`, [memberId]);

  it('is twelve hours unless the owner chooses; a choice reaches open and new sign-ins, and refresh enforces it', async () => {
    const owner = await registerOwner(app);
    const early = await invite(app, owner, 'kitchen');
    const earlySignIn = await signInByCode(app, early.e164);
    expect(await idleOf(early.id)).toEqual([12 * 3_600_000]);
    expect((await team(owner)).settings).toEqual({ idleHours: 12 });

    const chosen = await call(app, 'PUT', '/api/team/settings', { token: owner.token, body: { idleHours: 2 } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toEqual({ idleHours: 2 });
    expect((await team(owner)).settings).toEqual({ idleHours: 2 });
    expect(await idleOf(early.id)).toEqual([2 * 3_600_000]);

    const late = await invite(app, owner, 'manager');
    const lateSignIn = await signInByCode(app, late.e164);
    expect(await idleOf(late.id)).toEqual([2 * 3_600_000]);
    // The owner's own sign-ins keep their seven days.
    const [ownerRow] = await sql<{ idle_ms: number | null }>(
      app,
      `select idle_ms from user_sessions where user_id = ? and member_id is null and not is_revoked`,
      [owner.phone],
    );
    expect(ownerRow?.idle_ms).toBeNull();

    await idleFor(early.id, '2 hours 1 minute');
    await idleFor(late.id, '1 hour 58 minutes');
    expect((await refresh(app, earlySignIn.refreshCookie)).status).toBe(401);
    const [ended] = await sql<{ revoked_reason: string }>(
      app,
      `select revoked_reason from user_sessions where member_id = ? order by created_at desc limit 1`,
      [early.id],
    );
    expect(ended?.revoked_reason).toBe('idle');
    expect((await refresh(app, lateSignIn.refreshCookie)).status).toBe(200);
  });
});

describe('the team list', () => {
  it('shows the owner, people and screens, each with where they are signed in', async () => {
    const owner: SignedInOwner = await registerOwner(app, { fullName: 'מיכל אברהם' });
    const dana = await invite(app, owner, 'kitchen', { name: 'דנה' });
    await signInByCode(app, dana.e164);
    const pending = await invite(app, owner, 'accountant', { name: 'רואה החשבון' });
    const screen = await pairScreen(app, owner, 'מטבח ראשי');

    const { members } = await team(owner);
    expect(members.map((member) => [member.kind, member.id])).toEqual([
      ['owner', 'owner'],
      ['person', dana.id],
      ['person', pending.id],
      ['screen', screen.id],
    ]);
    const [self, person, invited, tablet] = members;
    expect(self).toMatchObject({ name: 'מיכל אברהם', phone: owner.phone, role: 'owner' });
    expect(self?.signIns).toEqual([expect.objectContaining({ current: true, impersonated: false })]);
    expect(person).toMatchObject({ name: 'דנה', role: 'kitchen', phone: dana.e164 });
    expect(person?.signIns).toEqual([expect.objectContaining({ current: false })]);
    expect(person?.lastActiveAt).toBe(person?.signIns[0]?.lastUsedAt);
    expect(invited).toMatchObject({ signIns: [], lastActiveAt: null, role: 'accountant' });
    expect(tablet).toMatchObject({ name: 'מטבח ראשי', phone: null, role: 'kitchen', pinSet: false });
    expect(tablet?.signIns).toHaveLength(1);
    // No address of anyone's sign-in leaves the server in this list.
    expect(JSON.stringify(members)).not.toContain('ipAddress');
  });
});

describe('invalid requests', () => {
  it('get the 400 envelope with a Hebrew message, never a 500', async () => {
    const owner = await registerOwner(app);
    const dana = await invite(app, owner, 'kitchen');
    const tries: Array<[string, string, unknown]> = [
      ['POST', '/api/team', {}],
      ['POST', '/api/team', []],
      ['POST', '/api/team', 'text'],
      ['POST', '/api/team', { phone: '123', name: 'דנה', role: 'kitchen' }],
      ['POST', '/api/team', { phone: newPhone().local, name: '', role: 'kitchen' }],
      ['POST', '/api/team', { phone: newPhone().local, name: 'א'.repeat(61), role: 'kitchen' }],
      ['POST', '/api/team', { phone: newPhone().local, name: 'דנה', role: 'owner' }],
      ['POST', '/api/team', { phone: newPhone().local, name: 'דנה', role: 'chef' }],
      ['POST', '/api/team', { phone: 5, name: { he: 'x' }, role: null }],
      ['PATCH', `/api/team/${dana.id}`, { role: 'owner' }],
      ['PATCH', `/api/team/${dana.id}`, {}],
      ['PUT', '/api/team/settings', { idleHours: 0 }],
      ['PUT', '/api/team/settings', { idleHours: 73 }],
      ['PUT', '/api/team/settings', { idleHours: 1.5 }],
      ['PUT', '/api/team/settings', { idleHours: '12' }],
      ['POST', '/api/auth/switch-business', {}],
      ['POST', '/api/auth/switch-business', { id: 'x'.repeat(65) }],
    ];
    for (const [method, path, body] of tries) {
      const answer = await call(app, method, path, { token: owner.token, body });
      expect([method, path, body, answer.status]).toEqual([method, path, body, 400]);
      expect(answer.body).toMatchObject({ success: false, code: 'validation.failed' });
      expect((answer.body as { message: string }).message).toMatch(/[\u0590-\u05FF]/);
    }
    // Ids that name no one: a plain 404, the owner's own row included.
    for (const id of ['owner', 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const changed = await call(app, 'PATCH', `/api/team/${id}`, { token: owner.token, body: { role: 'manager' } });
      expect([id, changed.status]).toEqual([id, 404]);
      expect((await call(app, 'DELETE', `/api/team/${id}`, { token: owner.token })).status).toBe(404);
    }
    // Nothing of the above changed the team.
    const { members, settings } = await team(owner);
    expect(members.map((member) => [member.id, member.role])).toEqual([
      ['owner', 'owner'],
      [dana.id, 'kitchen'],
    ]);
    expect(settings.idleHours).toBe(12);
  });
});
