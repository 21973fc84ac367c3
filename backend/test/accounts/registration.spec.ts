import { createHash } from 'node:crypto';
import { ownerBusinessSchema, validationMessagesHe as m } from '@tafrit/contracts';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { UserSessionEntity } from '../../src/modules/accounts/persistence/user-session.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { newPhone, OWNER_COOKIE, registrationForm } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
let store: EventStore;

beforeAll(async () => {
  app = await startTestApp();
  store = app.app.get(EVENT_STORE);
});
afterAll(() => app.close());

const businesses = () => app.database.em().count(BusinessEntity);
let addresses = 0;
// A new address per registration: the per-address limit has a test of its own below.
const register = (body: unknown) => {
  addresses += 1;
  return call(app, 'POST', '/api/register', { body, ip: `10.20.${addresses >> 8}.${addresses & 255}` });
};

describe('registering over HTTP', () => {
  it('creates an active business with an unguessable department id and signs its owner in', async () => {
    const form = registrationForm({ email: ' New.Owner@Example.CO.IL ', phone: '054-2222222' });
    const answer = await register(form);

    expect(answer.status).toBe(201);
    const data = answer.body.data as { business: Record<string, unknown>; token: string };
    expect(answer.body.success).toBe(true);
    expect(Object.keys(data).sort()).toEqual(['business', 'token']);
    // Exactly the owner's shape: nothing the schema does not name (no Cardcom API name, no stream version).
    expect(Object.keys(data.business).sort()).toEqual(Object.keys(ownerBusinessSchema.shape).sort());
    expect(data.business).toMatchObject({
      phone: '+972542222222',
      email: 'new.owner@example.co.il',
      isActive: true,
      logo: null,
      receiptPhone: null,
      cardcomEnabled: false,
    });
    expect(data.business.departmentId).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const cookie = answer.cookies[OWNER_COOKIE];
    expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/api/auth' });
    expect(cookie?.attributes.secure).toBeUndefined();
    const expires = new Date(String(cookie?.attributes.expires)).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29.9 * 24 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600_000);
    // Only the hash of the refresh token is stored.
    const hash = createHash('sha256')
      .update(cookie?.value ?? '')
      .digest('hex');
    const session = await app.database.em().findOneOrFail(UserSessionEntity, { refreshTokenHash: hash });
    expect(session).toMatchObject({ userId: '+972542222222', audience: 'owner', isRevoked: false });

    const profile = await call(app, 'GET', '/api/business/profile', { token: data.token });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toEqual({ business: data.business });
  });

  it('keeps the payment terminal settings but never answers the Cardcom API name', async () => {
    const answer = await register(
      registrationForm({ cardcomEnabled: true, cardcomTerminalNumber: '1000', cardcomApiName: 'secret-api-name' }),
    );
    expect(answer.status).toBe(201);
    expect(JSON.stringify(answer.body)).not.toContain('secret-api-name');
    expect((answer.body.data as { business: object }).business).toMatchObject({
      cardcomEnabled: true,
      cardcomTerminalNumber: '1000',
    });
  });

  it.each([
    ['fullName', 'ד', m.fullNameRequired],
    ['fullName', undefined, m.fullNameRequired],
    ['businessName', ' ק ', m.businessNameRequired],
    ['email', 'not-an-email', m.invalidEmail],
    ['idNumber', '123456789', m.idNumberInvalid],
    ['idNumber', '12345678', m.idNumberInvalid],
    ['phone', '054765432', m.phoneIsAccountId],
    ['phone', '0501234567', m.phoneIsAccountId],
    ['phone', '05476a4321', m.phoneDigitsOnly],
    ['phone', '', m.phoneRequired],
    ['bankName', '99', m.bankRequired],
    ['branch', '', m.branchRequired],
    ['branch', '1234', m.branchRequired],
    ['accountNumber', '', m.accountNumberRequired],
    ['accountNumber', '1234567890', m.accountNumberRequired],
    ['beneficiaryName', 'א', m.beneficiaryNameRequired],
  ])('refuses %s = %j with 400 and its Hebrew message, creating nothing', async (field, value, message) => {
    const before = await businesses();
    const answer = await register(registrationForm({ [field]: value }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'validation.failed', fields: { [field]: message } });
    expect(await businesses()).toBe(before);
  });

  it('refuses a receipt phone that is not an Israeli mobile', async () => {
    const answer = await register(registrationForm({ receiptPhone: '031234567' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation.failed', fields: { receiptPhone: expect.any(String) } });
  });

  it('requires the Cardcom terminal and API name when Cardcom is enabled', async () => {
    const answer = await register(registrationForm({ cardcomEnabled: true }));
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields as object).sort()).toEqual(['cardcomApiName', 'cardcomTerminalNumber']);
  });

  it('answers an empty body with every required field at once', async () => {
    const answer = await call(app, 'POST', '/api/register', { body: {} });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields as object).sort()).toEqual(
      [
        'accountNumber',
        'bankName',
        'beneficiaryName',
        'branch',
        'businessName',
        'email',
        'fullName',
        'idNumber',
        'phone',
        'street',
        'city',
      ].sort(),
    );
  });

  it('refuses a taken phone with business.phone_taken, in any spelling', async () => {
    const first = registrationForm();
    expect((await register(first)).status).toBe(201);
    const e164 = `+972${first.phone.slice(1)}`;
    const answer = await register(registrationForm({ phone: e164 }));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ success: false, code: 'business.phone_taken' });
  });

  it('refuses a taken e-mail with business.email_taken, whatever its case', async () => {
    const first = registrationForm();
    expect((await register(first)).status).toBe(201);
    const answer = await register(registrationForm({ email: first.email.toUpperCase() }));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'business.email_taken', fields: { email: expect.any(String) } });
  });

  it('lets one of two racing registrations of one e-mail win, leaving nothing of the other', async () => {
    const email = `race.${Date.now()}@example.co.il`;
    const [a, b] = [registrationForm({ email }), registrationForm({ email })];
    const answers = await Promise.all([register(a), register(b)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const loser = answers[0]?.status === 409 ? a : b;
    const loserPhone = `+972${loser.phone.slice(1)}`;
    expect((await store.readStream(`business-${loserPhone}`)).events).toHaveLength(0);
    expect(await app.database.em().count(BusinessEntity, { phone: loserPhone })).toBe(0);
    expect(await app.database.em().count(UserSessionEntity, { userId: loserPhone })).toBe(0);
  });

  it('lets one of two racing registrations of one phone win, with one event and one session', async () => {
    const phone = newPhone();
    const answers = await Promise.all([
      register(registrationForm({ phone: phone.local })),
      register(registrationForm({ phone: phone.local })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.code).toBe('business.phone_taken');
    expect((await store.readStream(`business-${phone.e164}`)).events).toHaveLength(1);
    expect(await app.database.em().count(UserSessionEntity, { userId: phone.e164 })).toBe(1);
  });
});

describe('registrations from one address', () => {
  it('stop at ten in ten minutes with 429, Retry-After and the envelope, while other addresses still register', async () => {
    const ip = '198.51.100.77';
    const statuses: number[] = [];
    // Refused forms count too: a script sending junk is held back as well as one sending good forms.
    for (let i = 0; i < 10; i++) {
      const body = i % 2 === 0 ? registrationForm() : { phone: 'x' };
      statuses.push((await call(app, 'POST', '/api/register', { body, ip })).status);
    }
    expect(statuses).toEqual([201, 400, 201, 400, 201, 400, 201, 400, 201, 400]);
    const before = await businesses();
    const refused = await call(app, 'POST', '/api/register', { body: registrationForm(), ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'rate_limited',
      message: expect.stringMatching(/[\u0590-\u05FF]/),
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await businesses()).toBe(before);
    expect((await call(app, 'POST', '/api/register', { body: registrationForm(), ip: '198.51.100.78' })).status).toBe(
      201,
    );
  });
});
