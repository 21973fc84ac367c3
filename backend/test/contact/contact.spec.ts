import { contactMessagesHe } from '@tafrit/contracts';
import { ContactSubmissionEntity } from '../../src/modules/contact/persistence/contact-submission.entity.js';
import { CONTACT_RATE_LIMIT } from '../../src/modules/contact/application/contact-rate-limiter.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ENDPOINTS = ['/contact-form.php', '/api/contact'] as const;
const valid = { name: 'דנה כהן', email: 'dana@example.co.il', message: 'שלום, אשמח לשמוע עוד על תפריט.' };
const RECEIVED = { success: true, data: { message: 'ההודעה התקבלה, נחזור אליכם בהקדם' } };

// Every test sends from its own address, so the per-address limit of one never reaches another.
let nextAddress = 1;
const newAddress = () => `203.0.113.${nextAddress++}`;

function post(url: string, payload: unknown, remoteAddress = newAddress()) {
  return app.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
}

const rowsFrom = (email: string) => app.database.em().find(ContactSubmissionEntity, { email });

describe('the contact form endpoints', () => {
  it.each(ENDPOINTS)('%s stores a valid message with the sender address and says it was received', async (url) => {
    const email = `store${url.length}@example.co.il`;
    const response = await post(url, { ...valid, email, name: '  דנה כהן  ' }, '198.51.100.7');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(RECEIVED);
    const rows = await rowsFrom(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'דנה כהן', email, message: valid.message, ipAddress: '198.51.100.7' });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('takes the address a proxy forwarded', async () => {
    const email = 'forwarded@example.co.il';
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...valid, email },
      headers: { 'x-forwarded-for': '192.0.2.44' },
      remoteAddress: '10.0.0.1',
    });
    expect(response.statusCode).toBe(200);
    expect((await rowsFrom(email))[0]?.ipAddress).toBe('192.0.2.44');
  });

  it.each([
    ['an empty name', 'name', '', contactMessagesHe.nameRequired],
    ['a 1-letter name', 'name', 'ד', contactMessagesHe.nameTooShort],
    ['a 101-letter name', 'name', 'א'.repeat(101), contactMessagesHe.nameTooLong],
    ['a malformed e-mail', 'email', 'not-an-email', contactMessagesHe.invalidEmail],
    ['an empty e-mail', 'email', '', contactMessagesHe.invalidEmail],
    ['an empty message', 'message', '', contactMessagesHe.messageRequired],
    ['a 7-letter message', 'message', 'קצר מדי', contactMessagesHe.messageTooShort],
    ['a 2,001-letter message', 'message', 'א'.repeat(2001), contactMessagesHe.messageTooLong],
  ])(
    'refuses %s on both paths with the 400 envelope and its Hebrew message, storing nothing',
    async (_label, field, value, message) => {
      for (const url of ENDPOINTS) {
        const email = field === 'email' ? value : `invalid-${field}-${String(value).length}@example.co.il`;
        const response = await post(url, { ...valid, email, [field]: value });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          code: 'validation.failed',
          message: 'חלק מהפרטים שהוזנו אינם תקינים',
          fields: { [field]: message },
        });
        if (field !== 'email') expect(await rowsFrom(email)).toHaveLength(0);
      }
    },
  );

  it('refuses a body that is no object, and an empty one, with every field named', async () => {
    const empty = await post('/api/contact', {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields).sort()).toEqual(['email', 'message', 'name']);

    const text = await app.app.inject({
      method: 'POST',
      url: '/contact-form.php',
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
      remoteAddress: newAddress(),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ success: false, code: 'validation.failed' });
  });

  it.each(ENDPOINTS)('%s drops a bot that filled the honeypot, answering exactly like a success', async (url) => {
    const email = `bot${url.length}@example.co.il`;
    const response = await post(url, { ...valid, email, website: 'https://cheap-pills.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(RECEIVED);
    expect(await rowsFrom(email)).toHaveLength(0);

    // Even with nonsense in the other fields: a bot learns nothing from a 400.
    const nonsense = await post(url, { name: '', email: 'x', message: '', website: 'x' });
    expect(nonsense.statusCode).toBe(200);
    expect(nonsense.json()).toEqual(RECEIVED);
  });

  it('stores a message whose honeypot is present but empty (a person with an autofilling browser)', async () => {
    const email = 'empty-honeypot@example.co.il';
    expect((await post('/api/contact', { ...valid, email, website: '' })).statusCode).toBe(200);
    expect(await rowsFrom(email)).toHaveLength(1);
  });

  it('limits an address to 5 messages in 10 minutes over both endpoints, with Retry-After', async () => {
    const address = newAddress();
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) {
      const response = await post(ENDPOINTS[i % 2]!, { ...valid, email: `limit${i}@example.co.il` }, address);
      expect(response.statusCode).toBe(200);
    }
    const limited = await post('/api/contact', { ...valid, email: 'limit-over@example.co.il' }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      code: 'rate_limited',
      message: 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await rowsFrom('limit-over@example.co.il')).toHaveLength(0);
    expect((await post('/contact-form.php', valid, address)).statusCode).toBe(429);

    // Another address is not affected.
    expect((await post('/api/contact', { ...valid, email: 'other-address@example.co.il' })).statusCode).toBe(200);
  });

  it('takes POST only: GET /api/contact is an unknown API path', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/contact' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('api.not_found');
  });
});
