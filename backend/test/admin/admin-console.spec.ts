import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildVersionOf } from '../../src/modules/admin/application/debug-info.service.js';
import { DEFAULT_TERMS_HE } from '../../src/modules/terms/domain/default-terms.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import type { TestApp } from '../support/test-app.js';
import { newIp, startAdminApp } from './support.js';

let app: TestApp;
let adminToken: string;

beforeAll(async () => {
  ({ app, adminToken } = await startAdminApp());
});
afterAll(() => app.close());

const ADMIN_ROUTES: [method: string, path: string][] = [
  ['GET', '/api/admin/terms'],
  ['PUT', '/api/admin/terms'],
  ['GET', '/api/admin/terms/history'],
  ['GET', '/api/admin/contact-submissions'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/debug'],
];

describe('the admin console routes', () => {
  it.each(ADMIN_ROUTES)('%s %s refuses a caller with no token and an owner', async (method, path) => {
    const owner = await registerOwner(app);
    const body = method === 'PUT' ? { content: 'תנאים של מי שאינו מנהל' } : undefined;
    for (const token of [undefined, owner.token]) {
      const answer = await call(app, method, path, { token, body });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ success: false, code: 'auth.unauthenticated' });
    }
    // The default terms of the installation are still the text.
    expect((await call(app, 'GET', '/api/terms')).body).toEqual({ success: true, data: { content: DEFAULT_TERMS_HE } });
  });
});

describe('the contact messages', () => {
  const send = (name: string) =>
    call(app, 'POST', '/api/contact', {
      body: { name, email: 'guest@example.co.il', message: `הודעה מאת ${name}, אשמח לשמוע עוד.` },
      ip: newIp(),
    });
  const list = (query = '') =>
    call<{ data: Record<string, unknown>[] }>(app, 'GET', `/api/admin/contact-submissions${query}`, {
      token: adminToken,
    });

  it('lists the landing page messages newest first, without the sender address', async () => {
    for (const name of ['ראשון', 'שני', 'שלישי']) expect((await send(name)).status).toBe(200);
    const answer = await list();
    expect(answer.status).toBe(200);
    const names = answer.body.data.map((message) => message.name);
    expect(names.slice(0, 3)).toEqual(['שלישי', 'שני', 'ראשון']);
    const [newest] = answer.body.data;
    expect(Object.keys(newest ?? {}).sort()).toEqual(['createdAt', 'email', 'id', 'message', 'name']);
    expect(newest).toMatchObject({ email: 'guest@example.co.il', message: 'הודעה מאת שלישי, אשמח לשמוע עוד.' });
    expect(new Date(String(newest?.createdAt)).toISOString()).toBe(newest?.createdAt);
  });

  it('pages back with ?before= the last id shown', async () => {
    const all = (await list()).body.data;
    const second = all[1];
    const page = (await list(`?before=${String(all[0]?.id)}`)).body.data;
    expect(page[0]).toEqual(second);
    expect(page).toHaveLength(all.length - 1);
    expect((await list('?before=abc')).status).toBe(400);
  });
});

describe('the debug details', () => {
  it('tell the build, the clock, the database, each processor and the printers online', async () => {
    const owner = await registerOwner(app);
    const em = app.database.em();
    await em.getConnection().execute(
      `insert into printer_connections (business_id, agent_id, is_online, last_seen)
           values (?, 'agent-debug-1', true, now())`,
      [owner.phone],
    );
    const store = app.app.get<EventStore>(EVENT_STORE);
    const [registered] = (await store.readStream(`business-${owner.phone}`)).events;
    await em.getConnection().execute(
      `insert into parked_events (processor, global_position, event_type, stream_id, error, attempts)
           values ('debug-test-processor', ?, 'BusinessRegistered', ?, 'Error: test', 3)`,
      [registered?.globalPosition, registered?.streamId],
    );

    const before = Date.now();
    const answer = await call(app, 'GET', '/api/admin/debug', { token: adminToken });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    const info = answer.body.data as {
      buildVersion: string;
      serverTime: string;
      databaseMode: string;
      databaseStatus: string;
      processors: { name: string; pending: number; parked: number }[];
      printerAgentsOnline: number;
    };
    expect(Object.keys(info).sort()).toEqual([
      'buildVersion',
      'databaseMode',
      'databaseStatus',
      'printerAgentsOnline',
      'processors',
      'serverTime',
    ]);
    expect(info.buildVersion).toMatch(/^\d+\.\d+\.\d+\+\d{8}\.\d{4}$/);
    expect(Math.abs(Date.parse(info.serverTime) - before)).toBeLessThan(60_000);
    expect(info.databaseMode).toBe(app.config.databaseUrl ? 'postgresql' : 'embedded');
    expect(info.databaseStatus).toBe('ready');
    expect(info.printerAgentsOnline).toBe(1);

    const runner = app.app.get(ProcessorRunner);
    for (const name of runner.processorNames) {
      const processor = info.processors.find((row) => row.name === name);
      expect(processor).toBeDefined();
      expect(Number.isInteger(processor?.pending) && (processor?.pending ?? -1) >= 0).toBe(true);
    }
    expect(info.processors.find((row) => row.name === 'debug-test-processor')).toMatchObject({ parked: 1 });
  });

  it('take BUILD_VERSION as it is when the image sets it', () => {
    expect(buildVersionOf('2026.11.21-rc1')).toBe('2026.11.21-rc1');
    expect(buildVersionOf(undefined)).toMatch(/^0\.1\.0\+\d{8}\.\d{4}$/);
  });
});
