import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { UserSessionEntity } from '../../src/modules/accounts/persistence/user-session.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import {
  claimsOf,
  CONFIGURED_ADMIN,
  newPhone,
  OWNER_COOKIE,
  registerOwner,
  signInAdmin,
  registrationForm,
} from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
let store: EventStore;
let adminToken: string;

beforeAll(async () => {
  app = await startTestApp();
  store = app.app.get(EVENT_STORE);
  adminToken = (await signInAdmin(app)).token;
});
afterAll(() => app.close());

const impersonate = (phone: string, token = adminToken) =>
  call(app, 'POST', `/api/admin/impersonate/${encodeURIComponent(phone)}`, { token, ip: '10.4.0.7' });

describe('opening a business as its owner (impersonation)', () => {
  it('answers an owner token of at most one hour naming the admin, and no refresh cookie', async () => {
    const owner = await registerOwner(app);
    const local = `0${owner.phone.slice(4, 6)}-${owner.phone.slice(6)}`;
    const answer = await impersonate(local);
    expect(answer.status).toBe(200);
    const data = answer.body.data as { token: string; business: { phone: string } };
    expect(Object.keys(data).sort()).toEqual(['business', 'token']);
    expect(data.business.phone).toBe(owner.phone);
    expect(answer.cookies[OWNER_COOKIE]).toBeUndefined();

    const claims = claimsOf(data.token);
    expect(claims).toMatchObject({ aud: 'owner', sub: owner.phone, impersonatedBy: CONFIGURED_ADMIN.e164 });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    const session = await app.database.em().findOneOrFail(UserSessionEntity, { id: String(claims.sid) });
    expect(session).toMatchObject({ userId: owner.phone, impersonatedBy: CONFIGURED_ADMIN.e164 });
  });

  it('works on owner routes, and what the admin changes is recorded as the admin', async () => {
    const owner = await registerOwner(app);
    const token = ((await impersonate(owner.phone)).body.data as { token: string }).token;
    expect((await call(app, 'GET', '/api/business/profile', { token })).status).toBe(200);
    const { phone: _phone, ...form } = registrationForm({ businessName: 'תוקן על ידי המנהל' });
    expect((await call(app, 'PUT', '/api/business/profile', { token, body: form })).status).toBe(200);
    const events = (await store.readStream(`business-${owner.phone}`)).events;
    expect(events.at(-1)?.metadata.actor).toEqual({ kind: 'admin', id: CONFIGURED_ADMIN.e164 });
    expect((await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone })).businessName).toBe(
      'תוקן על ידי המנהל',
    );
  });

  it('records BusinessImpersonated with the admin, the time and the address, changing no read model', async () => {
    const owner = await registerOwner(app);
    const before = await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
    await impersonate(owner.phone);
    const events = (await store.readStream(`business-${owner.phone}`)).events;
    expect(events.map((event) => event.type)).toEqual(['BusinessRegistered', 'BusinessImpersonated']);
    expect(events[1]).toMatchObject({
      data: { phone: owner.phone, adminPhone: CONFIGURED_ADMIN.e164, at: expect.any(String), ip: '10.4.0.7' },
      metadata: { actor: { kind: 'admin', id: CONFIGURED_ADMIN.e164 } },
    });
    const after = await app.database.em().fork().findOneOrFail(BusinessEntity, { phone: owner.phone });
    expect(after.streamVersion).toBe(before.streamVersion);
  });

  it('cannot be renewed, and its logout ends it at once', async () => {
    const owner = await registerOwner(app);
    const token = ((await impersonate(owner.phone)).body.data as { token: string }).token;
    expect((await call(app, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await call(app, 'GET', '/api/business/profile', { token })).status).toBe(401);
  });

  it('answers 404 for a phone without a business, or not a phone at all', async () => {
    const unknown = await impersonate(newPhone().local);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    expect((await impersonate('not-a-phone')).status).toBe(404);
  });

  it('needs an admin token: none, or an owner token, is refused', async () => {
    const owner = await registerOwner(app);
    expect((await impersonate(owner.phone, '')).status).toBe(401);
    expect((await impersonate(owner.phone, owner.token)).status).toBe(401);
    const ownerInside = ((await impersonate(owner.phone)).body.data as { token: string }).token;
    expect((await impersonate(owner.phone, ownerInside)).status).toBe(401);
  });
});
