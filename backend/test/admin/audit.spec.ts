import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminAuditEntry } from '@tafrit/contracts';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { CONFIGURED_ADMIN, registerOwner, registrationForm } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import type { TestApp } from '../support/test-app.js';
import { startAdminApp } from './support.js';

/** A value of an audit line stands isolated (FSI ... PDI), so the page shows it in a <bdi>. */
const iso = (value: string) => `\u2068${value}\u2069`;

let app: TestApp;
let adminToken: string;
let store: EventStore;

beforeAll(async () => {
  ({ app, adminToken } = await startAdminApp());
  store = app.app.get(EVENT_STORE);
});
afterAll(() => app.close());

const audit = async (query = '') => {
  const answer = await call<{ data: AdminAuditEntry[] }>(app, 'GET', `/api/admin/audit${query}`, {
    token: adminToken,
  });
  expect(answer.status).toBe(200);
  return answer.body.data;
};

/** An admin action as its module records it (the plain data those events carry). */
const adminAction = (type: string, data: Record<string, unknown>) => ({
  type,
  data: { adminPhone: '+972501112233', ip: '192.0.2.9', at: '2026-11-21T09:30:00.000Z', ...data },
  metadata: {
    correlationId: `audit-test-${type}`,
    actor: { kind: 'admin' as const, id: '+972501112233' },
    occurredAt: '2026-11-21T09:30:00.000Z',
    schemaVersion: 1,
  },
});

describe('the audit of admin actions', () => {
  it('shows an impersonation with the admin, the address and the business', async () => {
    const owner = await registerOwner(app, { businessName: 'קפה הנמל' });
    const opened = await call(app, 'POST', `/api/admin/impersonate/${encodeURIComponent(owner.phone)}`, {
      token: adminToken,
      ip: '198.51.100.23',
    });
    expect(opened.status).toBe(200);
    const [latest] = await audit();
    expect(latest).toMatchObject({
      type: 'BusinessImpersonated',
      admin: CONFIGURED_ADMIN.e164,
      ip: '198.51.100.23',
      subject: owner.phone,
      summary: `כניסה כעסק ${iso('קפה הנמל')}`,
    });
    expect(Date.parse(latest?.at ?? '')).not.toBeNaN();
  });

  it('shows a terms change with the admin and the address', async () => {
    const saved = await call(app, 'PUT', '/api/admin/terms', {
      token: adminToken,
      body: { content: 'תנאים לבדיקת היומן' },
      ip: '198.51.100.24',
    });
    expect(saved.status).toBe(200);
    const [latest] = await audit();
    expect(latest).toMatchObject({
      type: 'TermsChanged',
      admin: CONFIGURED_ADMIN.e164,
      ip: '198.51.100.24',
      subject: 'terms',
      summary: 'עדכון תנאי השימוש',
    });
  });

  it('shows pause, activation, closing and payouts in Hebrew, newest first', async () => {
    const owner = await registerOwner(app, { businessName: 'מאפיית השכונה' });
    const stream = `business-${owner.phone}`;
    await store.appendToStream(
      stream,
      [
        adminAction('BusinessPaused', { phone: owner.phone }),
        adminAction('BusinessActivated', { phone: owner.phone }),
        adminAction('BusinessClosed', { phone: owner.phone }),
      ],
      { expectedVersion: 'any' },
    );
    await store.appendToStream(
      'payout-2026-10',
      [
        adminAction('PayoutBatchCreated', { month: '2026-10' }),
        adminAction('PayoutBatchTransferred', { month: '2026-10' }),
      ],
      { expectedVersion: 'any' },
    );
    const entries = (await audit()).slice(0, 5);
    expect(entries.map(({ type, subject, summary }) => ({ type, subject, summary }))).toEqual([
      { type: 'PayoutBatchTransferred', subject: '2026-10', summary: `סימון העברות חודש ${iso('2026-10')} כבוצעו` },
      { type: 'PayoutBatchCreated', subject: '2026-10', summary: `יצירת רשימת העברות לחודש ${iso('2026-10')}` },
      { type: 'BusinessClosed', subject: owner.phone, summary: `סגירת החשבון ${iso('מאפיית השכונה')}` },
      { type: 'BusinessActivated', subject: owner.phone, summary: `הפעלת העסק ${iso('מאפיית השכונה')}` },
      { type: 'BusinessPaused', subject: owner.phone, summary: `השהיית העסק ${iso('מאפיית השכונה')}` },
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ admin: '+972501112233', ip: '192.0.2.9', at: '2026-11-21T09:30:00.000Z' });
    }
    const positions = entries.map((entry) => BigInt(entry.eventPosition));
    expect([...positions].sort((a, b) => (a > b ? -1 : 1))).toEqual(positions);
  });

  it('shows what an admin changed inside a business, and never what the owner did', async () => {
    const owner = await registerOwner(app, { businessName: 'בית הקפה של רוני' });
    const { phone: _phone, ...form } = registrationForm({ businessName: 'בית הקפה של רוני' });
    expect((await call(app, 'PUT', '/api/business/profile', { token: owner.token, body: form })).status).toBe(200);
    expect((await audit()).some((entry) => entry.subject === owner.phone)).toBe(false);

    const opened = await call(app, 'POST', `/api/admin/impersonate/${encodeURIComponent(owner.phone)}`, {
      token: adminToken,
      ip: '198.51.100.25',
    });
    const token = (opened.body.data as { token: string }).token;
    const changed = registrationForm({ businessName: 'רוני בע"מ' });
    const { phone: _ignored, ...changedForm } = changed;
    expect((await call(app, 'PUT', '/api/business/profile', { token, body: changedForm })).status).toBe(200);
    const [latest] = await audit();
    expect(latest).toMatchObject({
      type: 'BusinessProfileChanged',
      admin: CONFIGURED_ADMIN.e164,
      subject: owner.phone,
      summary: `עדכון פרטי העסק ${iso('רוני בע"מ')}`,
    });
  });

  it('describes in Hebrew an admin action it has no sentence for, never by the event name', async () => {
    const owner = await registerOwner(app, { businessName: 'קפה החדש' });
    await store.appendToStream(`business-${owner.phone}`, [adminAction('OpeningHoursChosen', { phone: owner.phone })], {
      expectedVersion: 'any',
    });
    const [latest] = await audit();
    expect(latest).toMatchObject({ type: 'OpeningHoursChosen', subject: owner.phone });
    expect(latest?.summary).toBe(`פעולה של מנהל המערכת בחשבון ${iso('קפה החדש')}`);
  });

  it('pages back with ?before= the last position shown, and refuses a bad one', async () => {
    const all = await audit();
    expect(all.length).toBeGreaterThan(3);
    const page = await audit(`?before=${all[1]?.eventPosition}&limit=2`);
    expect(page).toEqual(all.slice(2, 4));
    for (const query of ['?before=abc', '?before=-1', '?limit=201', '?limit=0']) {
      expect((await call(app, 'GET', `/api/admin/audit${query}`, { token: adminToken })).status).toBe(400);
    }
  });
});
