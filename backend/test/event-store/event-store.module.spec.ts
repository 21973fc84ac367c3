import 'reflect-metadata';
import { Global, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { DATABASE } from '../../src/platform/database/database.module.js';
import type { Database } from '../../src/platform/database/database.js';
import { EventStoreModule } from '../../src/platform/event-store/event-store.module.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../src/platform/event-store/event-store.port.js';
import { InlineProjectionRegistry } from '../../src/platform/event-store/inline-projection.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { startTestDatabase } from '../support/test-database.js';
import { newEvent, sql, until } from './event-factory.js';

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await startTestDatabase());
});
afterAll(() => close());

describe('event store module', () => {
  it('wires the store, its inline projections and a runner that an append wakes', async () => {
    @Global()
    @Module({ providers: [{ provide: DATABASE, useValue: database }], exports: [DATABASE] })
    class TestDatabaseModule {}

    const moduleRef: TestingModule = await Test.createTestingModule({
      imports: [TestDatabaseModule, EventStoreModule],
    }).compile();
    await moduleRef.init();

    const store = moduleRef.get<EventStore>(EVENT_STORE);
    const runner = moduleRef.get(ProcessorRunner);
    const inline: string[] = [];
    moduleRef.get(InlineProjectionRegistry).register({
      name: 'module-inline',
      handles: ['BusinessRegistered'],
      apply: async (_em, event) => void inline.push(event.streamId),
    });
    const processed: RecordedEvent[] = [];
    runner.register({
      name: 'module-processor',
      handles: ['BusinessRegistered'],
      handle: async (event) => void processed.push(event),
    });

    // Nothing runs at import or init: processors start when told to.
    await store.appendToStream('business-1', [newEvent('BusinessRegistered')], { expectedVersion: 'no_stream' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(processed).toEqual([]);
    expect(inline).toEqual(['business-1']);

    runner.start();
    await until(() => processed.length === 1);
    // An append wakes the runner with its events (the runner's own tests show a wake-up delivers at once); no clock
    // is read here, so a busy machine cannot make the check fail.
    const woken: string[][] = [];
    const wake = runner.wake.bind(runner);
    runner.wake = (events) => {
      woken.push((events ?? []).map((event) => event.streamId));
      return wake(events);
    };
    await store.appendToStream('business-2', [newEvent('BusinessRegistered')], { expectedVersion: 'no_stream' });
    await until(() => processed.length === 2);
    expect(woken).toContainEqual(['business-2']);

    await moduleRef.close();
    const [checkpoint] = await sql<{ owner: string | null }>(
      database.em(),
      "select owner from processor_checkpoints where name = 'module-processor'",
    );
    expect(checkpoint?.owner).toBeNull();
  });
});
