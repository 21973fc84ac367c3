import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { errorMessagesHe } from '@tafrit/contracts';
import { InforuSmsSender } from '../../src/platform/sms/inforu-sms.sender.js';
import { LogSmsSender } from '../../src/platform/sms/log-sms.sender.js';
import { SmsDeliveryError } from '../../src/platform/sms/sms.port.js';
import { registerOwner, newPhone } from '../support/accounts.js';
import { startFakeInforu } from '../support/fake-inforu.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const credentials = { username: 'tafrit-user', apiToken: 'a5b7c9d1-token' };
const message = { to: '+972542222222', text: 'קוד הכניסה שלך לתפריט: 123456', kind: 'owner-sign-in-code' as const };

describe('the log SMS provider', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'tafrit-sms-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('appends one JSON line { to, text, kind, at } per message and prints it', async () => {
    const file = join(folder, 'nested', 'sms.log');
    const print = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const sender = new LogSmsSender({ file, print: true });
      await sender.send(message);
      await sender.send({ ...message, to: '+972543333333' });
      const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
      expect(lines).toHaveLength(2);
      const first = JSON.parse(lines[0] ?? '') as Record<string, string>;
      expect(Object.keys(first)).toEqual(['to', 'text', 'kind', 'at']);
      expect(first).toMatchObject(message);
      expect(new Date(first.at ?? '').toISOString()).toBe(first.at);
      expect(print).toHaveBeenCalledTimes(2);
      expect(String(print.mock.calls[0]?.[0])).toContain('+972542222222');
    } finally {
      print.mockRestore();
    }
  });
});

describe('the InforU provider', () => {
  let gateway: Awaited<ReturnType<typeof startFakeInforu>>;
  let sender: InforuSmsSender;
  beforeAll(async () => {
    gateway = await startFakeInforu(credentials);
    sender = new InforuSmsSender({ ...credentials, sender: 'Tafrit', apiUrl: gateway.url }, 2_000);
  });
  afterAll(() => gateway.close());
  beforeEach(() => gateway.behave('accept'));

  it('posts SendSms as InforU documents it: Basic auth, JSON Data with message, recipient and sender', async () => {
    await sender.send(message);
    expect(gateway.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/api/v2/SMS/SendSms',
      authorization: `Basic ${Buffer.from('tafrit-user:a5b7c9d1-token').toString('base64')}`,
      contentType: 'application/json; charset=utf-8',
      body: {
        Data: { Message: message.text, Recipients: [{ Phone: '972542222222' }], Settings: { Sender: 'Tafrit' } },
      },
    });
  });

  it.each(['refuse', 'http-500', 'garbage'] as const)(
    'throws SmsDeliveryError when the gateway answers %s',
    async (mode) => {
      gateway.behave(mode);
      await expect(sender.send(message)).rejects.toBeInstanceOf(SmsDeliveryError);
    },
  );

  it('throws SmsDeliveryError for wrong credentials and for a gateway that is not there', async () => {
    const wrong = new InforuSmsSender({ ...credentials, apiToken: 'wrong', sender: 'Tafrit', apiUrl: gateway.url });
    await expect(wrong.send(message)).rejects.toThrow(/Authentication failed/);
    const nowhere = new InforuSmsSender({ ...credentials, sender: 'Tafrit', apiUrl: 'http://127.0.0.1:9' }, 500);
    await expect(nowhere.send(message)).rejects.toThrow(/unreachable/);
  });
});

describe('sign-in codes through InforU', () => {
  let gateway: Awaited<ReturnType<typeof startFakeInforu>>;
  let app: TestApp;
  beforeAll(async () => {
    gateway = await startFakeInforu(credentials);
    app = await startTestApp({
      SMS_PROVIDER: 'inforu',
      INFORU_USERNAME: credentials.username,
      INFORU_API_TOKEN: credentials.apiToken,
      INFORU_SENDER: 'Tafrit',
      INFORU_API_URL: gateway.url,
    });
  });
  afterAll(async () => {
    await app.close();
    await gateway.close();
  });
  beforeEach(() => gateway.behave('accept'));

  it('sends the code through the gateway and the owner signs in with it', async () => {
    const owner = await registerOwner(app);
    expect((await call(app, 'POST', '/api/send-otp', { body: { phone: owner.phone } })).status).toBe(200);
    const sent = gateway.requests.at(-1)?.body as { Data: { Message: string; Recipients: { Phone: string }[] } };
    expect(sent.Data.Recipients).toEqual([{ Phone: owner.phone.slice(1) }]);
    const code = /(\d{6})/.exec(sent.Data.Message)?.[1];
    const answer = await call(app, 'POST', '/api/verify-otp', { body: { phone: owner.phone, code } });
    expect(answer.status).toBe(200);
  });

  it('sends nothing to the gateway for a phone without an account', async () => {
    const before = gateway.requests.length;
    expect((await call(app, 'POST', '/api/send-otp', { body: { phone: newPhone().local } })).status).toBe(200);
    expect(gateway.requests).toHaveLength(before);
  });

  it('answers a gateway failure with the send-code error (502) and keeps serving', async () => {
    const owner = await registerOwner(app);
    gateway.behave('refuse');
    const answer = await call(app, 'POST', '/api/send-otp', { body: { phone: owner.phone } });
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({
      success: false,
      code: 'sms.send_failed',
      message: errorMessagesHe['sms.send_failed'],
    });
    expect(errorMessagesHe['sms.send_failed']).toBe('שגיאה בשליחת הקוד, נסו שוב');
    const health = await call(app, 'GET', '/api/health/database');
    expect(health.status).toBe(200);
  });
});
