import 'reflect-metadata';
import { jest } from '@jest/globals';
import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { APP_CONFIG } from '../../src/config/config.module.js';
import { loadConfig } from '../../src/config/config.js';
import { DATABASE } from '../../src/platform/database/database.module.js';
import type { Database } from '../../src/platform/database/database.js';
import { EventStoreModule } from '../../src/platform/event-store/event-store.module.js';
import { EVENT_STORE } from '../../src/platform/event-store/event-store.port.js';
import { KurrentDbEventStore } from '../../src/platform/event-store/kurrentdb/kurrentdb-event-store.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres/postgres-event-store.js';
import { startTestDatabase } from '../support/test-database.js';

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await startTestDatabase());
});
afterAll(() => close());

async function storeChosenFor(env: Record<string, string>) {
  const config = loadConfig({
    DATABASE_URL: 'postgres://postgres@db/tafrit',
    JWT_SECRET: 'x'.repeat(32),
    SECRETS_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
    ...env,
  });
  @Global()
  @Module({
    providers: [
      { provide: DATABASE, useValue: database },
      { provide: APP_CONFIG, useValue: config },
    ],
    exports: [DATABASE, APP_CONFIG],
  })
  class TestInfrastructureModule {}
  const moduleRef = await Test.createTestingModule({ imports: [TestInfrastructureModule, EventStoreModule] }).compile();
  await moduleRef.init();
  return { store: moduleRef.get(EVENT_STORE), moduleRef };
}

describe('which event store the app uses', () => {
  it('keeps the log in PostgreSQL when EVENTSTORE_URL is unset', async () => {
    const { store, moduleRef } = await storeChosenFor({});
    expect(store).toBeInstanceOf(PostgresEventStore);
    await moduleRef.close();
  });

  it('uses KurrentDB when EVENTSTORE_URL is set, and closes its client with the app', async () => {
    // Nothing listens on port 1: the client connects lazily, so wiring and shutdown must not wait for a server.
    const { store, moduleRef } = await storeChosenFor({ EVENTSTORE_URL: 'kurrentdb://127.0.0.1:1?tls=false' });
    expect(store).toBeInstanceOf(KurrentDbEventStore);
    const closing = jest.spyOn(store as KurrentDbEventStore, 'close');
    await moduleRef.close();
    expect(closing).toHaveBeenCalledTimes(1);
  });
});
