import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/config.js';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';

// The embedded database lives on disk in DATA_DIR: a clean shutdown must leave everything for the next start.
describe('the embedded database across a restart', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tafrit-restart-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const start = () =>
    createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'true' }));

  // Two starts of the product on an on-disk PGlite with the demo seeded: slow on a busy 2-core machine.
  it('keeps the demo café, its events and the signing secret, and seeds nothing twice', async () => {
    const first = await start();
    const secret = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const eventsBefore = await first.app.get<EventStore>(EVENT_STORE).readAll({ limit: 1000 });
    // The demo café's 17, its readable address, order ahead and promo code (issue 33), its option groups' 35 (5
    // groups, 20 options, 10 places on products) and the default terms. The second start seeds nothing again.
    expect(eventsBefore.length).toBe(57);
    expect(eventsBefore.filter((event) => event.type === 'TermsChanged')).toHaveLength(1);
    await first.app.close();
    expect(first.database.status).toBe('closed');

    const second = await start();
    try {
      expect(second.database.status).toBe('ready');
      expect(await second.database.em().count(BusinessEntity, { departmentId: 'demo' })).toBe(1);
      const eventsAfter = await second.app.get<EventStore>(EVENT_STORE).readAll({ limit: 1000 });
      expect(eventsAfter.map((event) => event.globalPosition)).toEqual(
        eventsBefore.map((event) => event.globalPosition),
      );
      expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(secret);
    } finally {
      await second.app.close();
    }
  }, 90_000);
});
