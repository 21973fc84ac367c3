import { PHONE_CANNOT_CHANGE_HE } from '@tafrit/contracts';
import { businessesProjection } from '../../src/modules/accounts/projections/businesses.projection.js';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, registrationForm, stepUp } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
let store: EventStore;

beforeAll(async () => {
  app = await startTestApp();
  store = app.app.get(EVENT_STORE);
});
afterAll(() => app.close());

/** The settings form as the front end sends it: the registration fields without the phone. */
function settingsForm(overrides: Record<string, unknown> = {}) {
  const { phone: _phone, ...form } = registrationForm();
  return { ...form, ...overrides };
}

const update = (token: string, body: unknown) => call(app, 'PUT', '/api/business/profile', { token, body });
const eventsOf = async (phone: string) =>
  (await store.readStream(`business-${phone}`)).events.map((event) => event.type);

describe('the business profile', () => {
  it('answers the signed-in owner their business', async () => {
    const owner = await registerOwner(app, { businessName: 'מאפיית השכונה' });
    const answer = await call(app, 'GET', '/api/business/profile', { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ business: (owner.answer.body.data as { business: unknown }).business });
  });

  it('records only what changed: the profile and the payout account are separate events', async () => {
    const owner = await registerOwner(app);
    const form = settingsForm({ businessName: 'קפה חדש', receiptPhone: '054-3333333' });
    const first = await update(owner.token, form);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ business: { businessName: 'קפה חדש', receiptPhone: '+972543333333' } });

    // New bank details need a fresh code (decision 036; test/accounts/step-up.spec.ts).
    await stepUp(app, owner);
    const second = await update(owner.token, { ...form, bankName: '10', accountNumber: '998877' });
    expect(second.body.data).toMatchObject({ business: { bankName: '10', accountNumber: '998877' } });

    const unchanged = await update(owner.token, { ...form, bankName: '10', accountNumber: '998877' });
    expect(unchanged.status).toBe(200);

    expect(await eventsOf(owner.phone)).toEqual([
      'BusinessRegistered',
      'BusinessProfileChanged',
      'PayoutAccountChanged',
    ]);
    const [, profileChanged] = (await store.readStream(`business-${owner.phone}`)).events;
    expect(profileChanged?.metadata.actor).toEqual({ kind: 'owner', id: owner.phone });
    const row = await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
    expect(row).toMatchObject({ businessName: 'קפה חדש', bankName: '10', streamVersion: 3 });
  });

  it('refuses a phone in the body with a clear message and changes nothing', async () => {
    const owner = await registerOwner(app);
    const answer = await update(owner.token, settingsForm({ phone: '0549999999', businessName: 'שם אחר' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation.failed', fields: { phone: PHONE_CANNOT_CHANGE_HE } });
    expect(await eventsOf(owner.phone)).toEqual(['BusinessRegistered']);
  });

  it('validates every field like registration', async () => {
    const owner = await registerOwner(app);
    const answer = await update(owner.token, settingsForm({ email: 'nope', branch: '' }));
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields as object).sort()).toEqual(['branch', 'email']);
  });

  it("keeps e-mails unique: another business's e-mail is a 409 and nothing is recorded", async () => {
    const taken = await registerOwner(app);
    const takenEmail = (taken.answer.body.data as { business: { email: string } }).business.email;
    const owner = await registerOwner(app);
    const answer = await update(owner.token, settingsForm({ email: takenEmail.toUpperCase() }));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'business.email_taken', fields: { email: expect.any(String) } });
    expect(await eventsOf(owner.phone)).toEqual(['BusinessRegistered']);
  });

  it('applies a replayed event only once (the row remembers its stream version)', async () => {
    const owner = await registerOwner(app);
    await update(owner.token, settingsForm({ businessName: 'גרסה 2' }));
    await update(owner.token, settingsForm({ businessName: 'גרסה 3' }));
    const [, older] = (await store.readStream(`business-${owner.phone}`)).events;
    await app.database.em().transactional((em) => businessesProjection.apply(em, older!));
    const row = await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone });
    expect(row).toMatchObject({ businessName: 'גרסה 3', streamVersion: 3 });
  });

  it('refuses a profile change without a token', async () => {
    expect((await call(app, 'PUT', '/api/business/profile', { body: settingsForm() })).status).toBe(401);
  });
});
