import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminMessagesHe, TERMS_MAX_LENGTH, validationMessagesHe } from '@tafrit/contracts';
import { CommandBus } from '@nestjs/cqrs';
import { DEFAULT_TERMS_HE } from '../../src/modules/terms/domain/default-terms.js';
import { PublishDefaultTermsCommand } from '../../src/modules/terms/application/publish-default-terms.handler.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { CONFIGURED_ADMIN } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import type { TestApp } from '../support/test-app.js';
import { startAdminApp } from './support.js';

let app: TestApp;
let adminToken: string;
let store: EventStore;

beforeAll(async () => {
  ({ app, adminToken } = await startAdminApp());
  store = app.app.get(EVENT_STORE);
});
afterAll(() => app.close());

const save = (content: unknown, ip = '10.20.30.40') =>
  call(app, 'PUT', '/api/admin/terms', { token: adminToken, body: { content }, ip });
const publicTerms = async () => ((await call(app, 'GET', '/api/terms')).body.data as { content: string }).content;
const history = async () =>
  (await call(app, 'GET', '/api/admin/terms/history', { token: adminToken })).body.data as {
    version: number;
    content: string;
    changedAt: string;
    changedBy: string | null;
  }[];
const versions = async () => (await store.readStream('terms')).version;

describe('the default terms of a fresh installation', () => {
  it('are published as the first version, by the system, so registration never shows terms that do not exist', async () => {
    const content = await publicTerms();
    expect(content).toBe(DEFAULT_TERMS_HE);
    expect(content).toMatch(/^תנאי שימוש/);
    expect(content).toContain('5%');
    expect(await history()).toEqual([
      { version: 1, content: DEFAULT_TERMS_HE, changedAt: expect.any(String), changedBy: 'system' },
    ]);
    const admin = await call(app, 'GET', '/api/admin/terms', { token: adminToken });
    expect(admin.body).toEqual({ success: true, data: { content: DEFAULT_TERMS_HE } });
  });

  it('are written once: a later start writes nothing', async () => {
    const before = await versions();
    expect(await app.app.get(CommandBus).execute(new PublishDefaultTermsCommand())).toBe(false);
    expect(await versions()).toBe(before);
  });
});

describe('the terms of use', () => {
  it('an admin saves the terms and the public page shows them at once', async () => {
    const content = 'סעיף 1: השירות ניתן כמות שהוא.\n\nסעיף 2: <b>לא HTML</b>';
    const answer = await save(content);
    expect(answer.status).toBe(200);
    // Version 1 is the default text: the administrator's edit is the next version.
    expect(answer.body).toEqual({ success: true, data: { content, version: 2 } });
    expect(await publicTerms()).toBe(content);
    const admin = await call(app, 'GET', '/api/admin/terms', { token: adminToken });
    expect(admin.body).toEqual({ success: true, data: { content } });
  });

  it('blank terms are refused with the spec message and change nothing', async () => {
    const before = await versions();
    for (const content of ['', '   \n\t ', undefined, 42]) {
      const answer = await save(content);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'validation.failed',
        message: validationMessagesHe.termsContentRequired,
        fields: { content: validationMessagesHe.termsContentRequired },
      });
    }
    expect(await versions()).toBe(before);
  });

  it('terms over 100,000 characters are refused; exactly 100,000 are kept', async () => {
    const before = await versions();
    const tooLong = await save('א'.repeat(TERMS_MAX_LENGTH + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 'validation.failed', message: adminMessagesHe.termsTooLong });
    expect(await versions()).toBe(before);

    const longest = 'ב'.repeat(TERMS_MAX_LENGTH);
    const kept = await save(longest);
    expect(kept.status).toBe(200);
    expect(await publicTerms()).toBe(longest);
  });

  it('saving the same text twice records nothing new', async () => {
    const first = await save('תנאים יציבים');
    const version = (first.body.data as { version: number }).version;
    const again = await save('תנאים יציבים', '10.20.30.41');
    expect(again.body).toEqual({ success: true, data: { content: 'תנאים יציבים', version } });
    expect(await versions()).toBe(version);
  });

  it('keeps every version with who saved it and when, newest first', async () => {
    const started = Date.now();
    await save('גרסה א');
    await save('גרסה ב');
    const list = await history();
    expect(list.map((row) => row.version)).toEqual([...list.map((row) => row.version)].sort((a, b) => b - a));
    expect(list.slice(0, 2).map((row) => row.content)).toEqual(['גרסה ב', 'גרסה א']);
    expect(list[0]).toMatchObject({ changedBy: CONFIGURED_ADMIN.e164, version: await versions() });
    expect(Date.parse(list[0]?.changedAt ?? '')).toBeGreaterThanOrEqual(started - 1000);
    expect(list.at(-1)?.version).toBe(1);

    const [event] = (await store.readStream('terms', { fromVersion: await versions() })).events;
    expect(event).toMatchObject({
      type: 'TermsChanged',
      data: { content: 'גרסה ב', adminPhone: CONFIGURED_ADMIN.e164, ip: '10.20.30.40' },
      metadata: { actor: { kind: 'admin', id: CONFIGURED_ADMIN.e164 }, schemaVersion: 1 },
    });
    expect(await publicTerms()).toBe('גרסה ב');
  });

  it('the current text is rebuilt from the stream: an older version never overwrites a newer one', async () => {
    const { termsProjection } = await import('../../src/modules/terms/projections/terms.projection.js');
    const { events } = await store.readStream('terms');
    const em = app.database.em();
    await em.transactional(async (tx) => {
      // Delivered twice, in order: ends on the latest, like the first time.
      for (const event of [...events, ...events]) await termsProjection.apply(tx, event);
    });
    expect(await publicTerms()).toBe('גרסה ב');
    await em.transactional(async (tx) => termsProjection.apply(tx, events[0]!));
    expect(await publicTerms()).toBe('גרסה ב');
  });
});
