import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '../../src/platform/database/database.js';
import { StreamVersionConflictError, type RecordedEvent } from '../../src/platform/event-store/event-store.port.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres/postgres-event-store.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { startTestDatabase } from '../support/test-database.js';
import { newEvent, until } from '../event-store/event-factory.js';

// The log under load: many writers racing on one stream, and many writers on many streams while subscriptions (the
// ProcessorRunner, as the product runs its processors) follow the log. On PostgreSQL the ORM pool holds ten
// connections, so appends really run side by side; on PGlite they queue on its one connection, in whatever order the
// event loop gives them.

let database: Database;
let kind: string;
let close: () => Promise<void>;
let store: PostgresEventStore;

beforeAll(async () => {
  ({ database, kind, close } = await startTestDatabase());
  store = new PostgresEventStore({ em: () => database.em() });
});
afterAll(() => close());

type Tag = { writer: number; n: number };
const tagOf = (event: RecordedEvent) => event.data as Tag;

/** Appends one event, reading the stream's version first and retrying on a conflict; returns the conflicts met. */
async function appendWithRetry(streamId: string, data: Tag, maxAttempts = 1_000): Promise<number> {
  for (let conflicts = 0; conflicts < maxAttempts; conflicts++) {
    const { version } = await store.readStream(streamId);
    try {
      await store.appendToStream(streamId, [newEvent('Step', data)], {
        expectedVersion: version === 0 ? 'no_stream' : version,
      });
      return conflicts;
    } catch (error) {
      if (!(error instanceof StreamVersionConflictError)) throw error;
      // The loser learns where the stream is now, and it is never behind what it had read.
      expect(error.actual).toBeGreaterThanOrEqual(version);
      // Let the winner's commit land before reading again.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  throw new Error(`gave up on ${streamId} after ${maxAttempts} conflicts`);
}

describe('concurrent writers on one stream', () => {
  it('each version is won by exactly one writer; losers retry until every event is in, with no gap or duplicate', async () => {
    const writers = 8;
    const perWriter = 10;
    const conflicts = await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        let met = 0;
        for (let n = 0; n < perWriter; n++) met += await appendWithRetry('order-contended', { writer, n });
        return met;
      }),
    );

    const { version, events } = await store.readStream('order-contended');
    expect(version).toBe(writers * perWriter);
    expect(events.map((event) => event.streamVersion)).toEqual(
      Array.from({ length: writers * perWriter }, (_, index) => index + 1),
    );
    // Every event of every writer exactly once, and each writer's own events in the order it wrote them.
    const keys = events.map((event) => `${tagOf(event).writer}:${tagOf(event).n}`);
    expect(new Set(keys).size).toBe(writers * perWriter);
    for (let writer = 0; writer < writers; writer++) {
      const own = events.filter((event) => tagOf(event).writer === writer).map((event) => tagOf(event).n);
      expect(own).toEqual(Array.from({ length: perWriter }, (_, n) => n));
    }
    // Writers raced for the same versions: some appends lost and were retried (with one connection, PGlite too
    // interleaves the read and the append of different writers).
    expect(conflicts.reduce((sum, met) => sum + met, 0)).toBeGreaterThan(0);
  });

  it('a writer that does not retry fails cleanly: a conflict, and nothing of its batch in the stream', async () => {
    await store.appendToStream('order-no-retry', [newEvent('Step', { writer: -1, n: 0 })], {
      expectedVersion: 'no_stream',
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, writer) =>
        store.appendToStream(
          'order-no-retry',
          [newEvent('Step', { writer, n: 1 }), newEvent('Step', { writer, n: 2 }), newEvent('Step', { writer, n: 3 })],
          { expectedVersion: 1 },
        ),
      ),
    );
    const losers = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(losers).toHaveLength(11);
    for (const loser of losers) {
      expect(loser.reason).toBeInstanceOf(StreamVersionConflictError);
      expect(loser.reason).toMatchObject({ code: 'stream.conflict', streamId: 'order-no-retry', expected: 1 });
    }
    const { events } = await store.readStream('order-no-retry');
    expect(events.map((event) => event.streamVersion)).toEqual([1, 2, 3, 4]);
    expect(new Set(events.slice(1).map((event) => tagOf(event).writer)).size).toBe(1);
  });
});

describe('many writers on many streams, followed by subscriptions', () => {
  const WRITERS = 8;
  const STREAMS = 50;
  const PREFIX = 'order-pressure-';

  /** A subscription: a processor that records the events of this test's streams, in the order it got them. */
  function subscriber(name: string, seen: RecordedEvent[], options: { batchSize: number }) {
    const runner = new ProcessorRunner({
      em: () => database.em(),
      store,
      batchSize: options.batchSize,
      pollIntervalMs: 10,
      leaseMs: 10_000,
    });
    runner.register({
      name,
      handles: ['Step'],
      async handle(event) {
        if (event.streamId.startsWith(PREFIX)) seen.push(event);
      },
    });
    return runner;
  }

  it(`${WRITERS} writers x ${STREAMS} streams: two subscriptions see every event once, in the same order`, async () => {
    const steady: RecordedEvent[] = [];
    const restarted: RecordedEvent[] = [];
    const steadyRunner = subscriber('pressure-steady', steady, { batchSize: 7 });
    let restartedRunner = subscriber('pressure-restarted', restarted, { batchSize: 50 });
    steadyRunner.start();
    restartedRunner.start();

    // Each writer appends one event to every stream, each in its own order (a stride coprime with the number of
    // streams visits them all), so writers meet on every stream.
    const strides = [1, 3, 7, 9, 11, 13, 17, 19];
    const writing = Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        for (let step = 0; step < STREAMS; step++) {
          const stream = (step * strides[writer]! + writer) % STREAMS;
          await appendWithRetry(`${PREFIX}${stream}`, { writer, n: stream });
          if (writer === 0 && step === STREAMS / 2) {
            // Halfway through, one subscription stops and a new instance takes over from its checkpoint.
            await restartedRunner.stop();
            restartedRunner = subscriber('pressure-restarted', restarted, { batchSize: 50 });
            restartedRunner.start();
          }
        }
      }),
    );
    await writing;
    const total = WRITERS * STREAMS;
    try {
      await until(() => steady.length >= total && restarted.length >= total, 30_000);
      // A little longer: nothing arrives twice after the last event either.
      await steadyRunner.runUntilIdle();
      await restartedRunner.runUntilIdle();
    } finally {
      await steadyRunner.stop();
      await restartedRunner.stop();
    }

    const positions = (events: RecordedEvent[]) => events.map((event) => event.globalPosition);
    expect(steady).toHaveLength(total);
    expect(new Set(positions(steady)).size).toBe(total);
    expect(positions(restarted)).toEqual(positions(steady));

    // The order is the log's own: a fresh reader paging through the whole log finds the same sequence.
    const log: RecordedEvent[] = [];
    for (let page = await store.readAll({ limit: 97 }); page.length > 0;) {
      log.push(...page.filter((event) => event.streamId.startsWith(PREFIX)));
      const last = page.at(-1)!;
      page = await store.readAll({
        after: { transactionId: last.transactionId, globalPosition: last.globalPosition },
        limit: 97,
      });
    }
    expect(positions(log)).toEqual(positions(steady));

    // Every stream holds one event per writer, versions 1..WRITERS, seen in version order by the subscriptions.
    for (let stream = 0; stream < STREAMS; stream++) {
      const own = steady.filter((event) => event.streamId === `${PREFIX}${stream}`);
      expect(own.map((event) => event.streamVersion)).toEqual(Array.from({ length: WRITERS }, (_, v) => v + 1));
      expect(new Set(own.map((event) => tagOf(event).writer)).size).toBe(WRITERS);
    }
  }, 120_000);

  it('runs on the database the suite was given', () => {
    // Says which store the figures above came from (PGlite in-memory, or PostgreSQL with a pool of ten).
    expect(['pglite', 'postgresql']).toContain(kind);
    expect(kind).toBe(process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite');
  });
});
