import pg from 'pg';
import type { Database } from '../../src/platform/database/database.js';
import type { EventStore, RecordedEvent } from '../../src/platform/event-store/event-store.port.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres/postgres-event-store.js';
import type { Processor } from '../../src/platform/processing/processor.js';
import { ProcessorRunner, type ProcessorRunnerOptions } from '../../src/platform/processing/processor-runner.js';
import { startTestDatabase } from '../support/test-database.js';
import { newEvent, sql, until } from './event-factory.js';

let database: Database;
let close: () => Promise<void>;
let store: PostgresEventStore;
const runners: ProcessorRunner[] = [];

beforeAll(async () => {
  ({ database, close } = await startTestDatabase());
  store = new PostgresEventStore({ em: () => database.em() });
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});
afterAll(() => close());

function runner(options: Partial<ProcessorRunnerOptions> = {}): ProcessorRunner {
  const created = new ProcessorRunner({
    em: () => database.em(),
    store,
    batchSize: 4,
    pollIntervalMs: 20,
    leaseMs: 5_000,
    maxAttempts: 3,
    backoff: { initialMs: 1, maxMs: 4 },
    ...options,
  });
  runners.push(created);
  return created;
}

/** A processor that records what it saw; each test uses its own stream prefix so the shared log does not matter. */
function recorder(name: string, streamPrefix: string, overrides: Partial<Processor> = {}) {
  const seen: RecordedEvent[] = [];
  const processor: Processor = {
    name,
    handles: 'all',
    async handle(event) {
      if (event.streamId.startsWith(streamPrefix)) seen.push(event);
    },
    ...overrides,
  };
  return { processor, seen };
}

async function appendMany(streamId: string, count: number, type = 'Step'): Promise<void> {
  const { version } = await store.readStream(streamId);
  await store.appendToStream(
    streamId,
    Array.from({ length: count }, (_, index) => newEvent(type, { n: version + index + 1 })),
    { expectedVersion: version === 0 ? 'no_stream' : version },
  );
}

const numbers = (events: RecordedEvent[]) => events.map((event) => (event.data as { n: number }).n);

async function checkpointOf(name: string) {
  const [row] = await sql<{ last_position: string; owner: string | null }>(
    database.em(),
    'select last_position::text as last_position, owner from processor_checkpoints where name = ?',
    [name],
  );
  return row;
}

describe('processor runner', () => {
  it('resumes from its checkpoint after a restart without repeating an event', async () => {
    const first = recorder('resume', 'order-resume');
    const before = runner();
    before.register(first.processor);
    await appendMany('order-resume', 7);
    await before.runUntilIdle();
    await before.stop();
    expect(numbers(first.seen)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    await appendMany('order-resume', 4);
    const second = recorder('resume', 'order-resume');
    const after = runner();
    after.register(second.processor);
    await after.runUntilIdle();
    expect(numbers(second.seen)).toEqual([8, 9, 10, 11]);
  });

  it('moves its checkpoint past the events it does not handle', async () => {
    const { processor, seen } = recorder('only-paid', 'order-filter', { handles: ['OrderPaid'] });
    const only = runner();
    only.register(processor);
    await store.appendToStream(
      'order-filter',
      [newEvent('OrderPlaced', { n: 1 }), newEvent('OrderPaid', { n: 2 }), newEvent('OrderAccepted', { n: 3 })],
      { expectedVersion: 'no_stream' },
    );
    await only.runUntilIdle();
    expect(numbers(seen)).toEqual([2]);
    const { events } = await store.readStream('order-filter');
    expect((await checkpointOf('only-paid'))?.last_position).toBe(events.at(-1)!.globalPosition);
  });

  it('retries a failing event, then parks it and goes on with the rest', async () => {
    const attempts = new Map<number, number>();
    const { processor, seen } = recorder('parking', 'order-poison');
    const failing: Processor = {
      ...processor,
      async handle(event, ctx) {
        if (!event.streamId.startsWith('order-poison')) return;
        const n = (event.data as { n: number }).n;
        attempts.set(n, ctx.attempt);
        if (n === 2) throw new Error('the printer is on fire');
        if (n === 3 && ctx.attempt === 1) throw new Error('a passing hiccup');
        await processor.handle(event, ctx);
      },
    };
    const logs: string[] = [];
    const parking = runner({ log: (level, message) => logs.push(`${level}: ${message}`) });
    parking.register(failing);
    await appendMany('order-poison', 4);
    await parking.runUntilIdle();

    expect(numbers(seen)).toEqual([1, 3, 4]);
    expect(attempts.get(2)).toBe(3);
    expect(attempts.get(3)).toBe(2);
    const parked = await sql<{
      event_type: string;
      stream_id: string;
      error: string;
      attempts: number;
      resolved_at: null;
    }>(
      database.em(),
      'select event_type, stream_id, error, attempts, resolved_at from parked_events where processor = ?',
      ['parking'],
    );
    expect(parked).toEqual([
      {
        event_type: 'Step',
        stream_id: 'order-poison',
        error: 'Error: the printer is on fire',
        attempts: 3,
        resolved_at: null,
      },
    ]);
    expect(logs.some((line) => line.startsWith('error: processor "parking" parked Step'))).toBe(true);

    await parking.runUntilIdle();
    expect(numbers(seen)).toEqual([1, 3, 4]);
  });

  it('runs a processor in one instance only when two runners compete, and hands it over on stop', async () => {
    const a = recorder('single', 'order-lease');
    const b = recorder('single', 'order-lease');
    const runnerA = runner();
    const runnerB = runner();
    runnerA.register(a.processor);
    runnerB.register(b.processor);
    runnerA.start();
    runnerB.start();
    await appendMany('order-lease', 10);
    runnerA.wake();
    runnerB.wake();
    await until(() => a.seen.length + b.seen.length >= 10);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(a.seen.length + b.seen.length).toBe(10);
    expect([a.seen.length, b.seen.length].sort((x, y) => x - y)).toEqual([0, 10]);

    const [winner, loser, loserSeen] = a.seen.length > 0 ? [runnerA, runnerB, b.seen] : [runnerB, runnerA, a.seen];
    await winner.stop();
    await appendMany('order-lease', 3);
    loser.wake();
    await until(() => loserSeen.length >= 3);
    expect(numbers(loserSeen)).toEqual([11, 12, 13]);
  });

  it("takes over a crashed instance's processor once its lease runs out", async () => {
    const crashed = recorder('lease-expiry', 'order-crash');
    // Long enough that a loaded CI machine cannot let it run out before the successor's first try; the wait below
    // asks the database when it has run out instead of sleeping a guessed time.
    const leaseMs = 1_500;
    const crashedRunner = new ProcessorRunner({ em: () => database.em(), store, leaseMs, pollIntervalMs: 20 });
    crashedRunner.register(crashed.processor);
    await appendMany('order-crash', 2);
    await crashedRunner.runUntilIdle(); // takes the lease and never stops: a process that died
    expect(numbers(crashed.seen)).toEqual([1, 2]);

    await appendMany('order-crash', 2);
    const successor = recorder('lease-expiry', 'order-crash');
    const successorRunner = runner({ leaseMs });
    successorRunner.register(successor.processor);
    await successorRunner.runUntilIdle();
    expect(successor.seen).toEqual([]);

    await until(
      async () =>
        (
          await sql<{ expired: boolean }>(
            database.em(),
            `select lease_until < now() as expired from processor_checkpoints where name = 'lease-expiry'`,
          )
        )[0]?.expired === true,
    );
    await successorRunner.runUntilIdle();
    expect(numbers(successor.seen)).toEqual([3, 4]);
    // The crashed instance, back from the dead, may no longer move the checkpoint.
    await appendMany('order-crash', 1);
    await crashedRunner.runUntilIdle();
    expect(numbers(crashed.seen)).toEqual([1, 2]);
  });

  it('finishes the event in hand when stopped, then releases its lease', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    let finished = false;
    const slow = runner();
    slow.register({
      name: 'slow',
      handles: ['SlowStep'],
      async handle() {
        started = true;
        await gate;
        finished = true;
      },
    });
    slow.start();
    await store.appendToStream('order-slow', [newEvent('SlowStep'), newEvent('SlowStep')], {
      expectedVersion: 'no_stream',
    });
    slow.wake();
    await until(() => started);
    let stopped = false;
    const stopping = slow.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    const { events } = await store.readStream('order-slow');
    expect(await checkpointOf('slow')).toEqual({ last_position: events[0]!.globalPosition, owner: null });
  });
});

describe('processor runner: waking and checkpoints', () => {
  // A poll interval far beyond the tests' waits: what they see comes from wake-ups alone.
  const noPolling = { pollIntervalMs: 60_000 };

  it('wakes the processors that handle an appended event of this process, each at once', async () => {
    const paid = recorder('wake-paid', 'order-wake', { handles: ['WakePaid'] });
    const other = recorder('wake-other', 'order-wake', { handles: ['WakeOther'] });
    const woken = runner(noPolling);
    woken.register(paid.processor);
    woken.register(other.processor);
    woken.start();
    await until(async () => (await checkpointOf('wake-other')) !== undefined);

    store.onAppended((events) => woken.wake(events));
    await store.appendToStream('order-wake-1', [newEvent('WakePaid', { n: 1 })], { expectedVersion: 'no_stream' });
    await until(() => paid.seen.length === 1);
    await store.appendToStream('order-wake-2', [newEvent('WakeOther', { n: 2 })], { expectedVersion: 'no_stream' });
    await until(() => other.seen.length === 1);
    expect([numbers(paid.seen), numbers(other.seen)]).toEqual([[1], [2]]);
  });

  it('lets processors woken by one append share one read of the log', async () => {
    let reads = 0;
    const slowReads: EventStore = {
      appendToStream: (...args) => store.appendToStream(...args),
      readStream: (...args) => store.readStream(...args),
      readSelected: (...args) => store.readSelected(...args),
      countAfter: (...args) => store.countAfter(...args),
      async readAll(options) {
        reads++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return store.readAll(options);
      },
    };
    const trio = ['share-a', 'share-b', 'share-c'].map((name) =>
      recorder(name, 'order-share', { handles: ['SharePaid'] }),
    );
    const sharing = runner({ ...noPolling, store: slowReads });
    for (const { processor } of trio) sharing.register(processor);
    await appendMany('order-share', 1, 'SharePaid');
    await sharing.runUntilIdle(); // all three now hold their leases and stand at the same place in the log
    sharing.start();
    await new Promise((resolve) => setTimeout(resolve, 200));

    reads = 0;
    await store.appendToStream('order-share', [newEvent('SharePaid', { n: 2 })], { expectedVersion: 1 });
    sharing.wake(await store.readStream('order-share', { fromVersion: 2 }).then((stream) => stream.events));
    await new Promise((resolve) => setTimeout(resolve, 25));
    expect(reads).toBe(1);
    await until(() => trio.every(({ seen }) => seen.length === 2));
  });

  it('reads each event from the database about once however the processors trail each other', async () => {
    let rows = 0;
    const counting: EventStore = {
      appendToStream: (...args) => store.appendToStream(...args),
      readStream: (...args) => store.readStream(...args),
      readSelected: (...args) => store.readSelected(...args),
      countAfter: (...args) => store.countAfter(...args),
      async readAll(options) {
        const events = await store.readAll(options);
        rows += events.length;
        return events;
      },
    };
    // Three processors with their own gathering delays (and one that is slow on every batch), as in the product.
    const slow = (ms: number) => async () => void (await new Promise((resolve) => setTimeout(resolve, ms)));
    const trio = [
      recorder('trail-a', 'order-trail', { handles: ['TrailPaid'], handleBatch: async () => undefined, gatherMs: 1 }),
      recorder('trail-b', 'order-trail', { handles: ['TrailPaid'], handleBatch: slow(15), gatherMs: 10 }),
      recorder('trail-c', 'order-trail', { handles: ['TrailPaid'], handleBatch: slow(5), gatherMs: 30 }),
    ];
    const trailing = runner({ ...noPolling, store: counting });
    for (const { processor } of trio) trailing.register(processor);
    await trailing.runUntilIdle(); // all three hold their leases at the end of the log
    trailing.start();
    await until(async () =>
      (await Promise.all(trio.map(({ processor }) => checkpointOf(processor.name)))).every(Boolean),
    );

    rows = 0;
    for (let version = 0; version < 40; version++) {
      const appended = await store.appendToStream('order-trail', [newEvent('TrailPaid', { n: version + 1 })], {
        expectedVersion: version === 0 ? 'no_stream' : version,
      });
      trailing.wake(appended.events);
    }
    await trailing.runUntilIdle();
    const read = await Promise.all(trio.map(({ processor }) => checkpointOf(processor.name)));
    expect(new Set(read.map((row) => row?.last_position)).size).toBe(1);
    // Each read alone would have answered 3 x 40 rows; the shared tail answers an event from the database once, and
    // only a reader moved back (none here) would ask for one again.
    expect(rows).toBeLessThanOrEqual(45);
  });

  it('writes the checkpoint past skipped events lazily, and completely on runUntilIdle and on stop', async () => {
    const { processor, seen } = recorder('lazy-skip', 'order-lazy', { handles: ['LazyPaid'] });
    const lazy = runner({ skippedCheckpointMs: 60_000 });
    lazy.register(processor);
    await store.appendToStream('order-lazy', [newEvent('LazyPaid', { n: 1 })], { expectedVersion: 'no_stream' });
    await lazy.runUntilIdle();
    const paidAt = (await store.readStream('order-lazy')).events[0]!.globalPosition;
    expect((await checkpointOf('lazy-skip'))?.last_position).toBe(paidAt);

    lazy.start();
    await store.appendToStream('order-lazy', [newEvent('LazyOther', { n: 2 })], { expectedVersion: 1 });
    lazy.wake();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Read and skipped, but not written yet: the skipped event costs no write of its own.
    expect((await checkpointOf('lazy-skip'))?.last_position).toBe(paidAt);
    await lazy.stop();
    const otherAt = (await store.readStream('order-lazy')).events[1]!.globalPosition;
    expect(await checkpointOf('lazy-skip')).toEqual({ last_position: otherAt, owner: null });
    expect(numbers(seen)).toEqual([1]);
  });

  // PGlite runs one transaction at a time, so no other transaction can hold the log back there.
  (process.env.TEST_DATABASE_URL ? it : it.skip)(
    'delivers its own append soon after an older open transaction ends, without waiting for the next poll',
    async () => {
      const { processor, seen } = recorder('held-back', 'order-held', { handles: ['HeldBack'] });
      const held = runner(noPolling);
      held.register(processor);
      held.start();
      await until(async () => (await checkpointOf('held-back')) !== undefined);
      store.onAppended((events) => held.wake(events));

      const older = new pg.Client({ connectionString: database.orm.config.get('clientUrl') });
      await older.connect();
      try {
        await older.query('begin');
        await older.query('select pg_current_xact_id()'); // takes a transaction id below the append's
        await store.appendToStream('order-held', [newEvent('HeldBack', { n: 1 })], { expectedVersion: 'no_stream' });
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(seen).toEqual([]); // not readable while the older transaction is open
        await older.query('commit');
        await until(() => seen.length === 1);
      } finally {
        await older.end();
      }
      expect(numbers(seen)).toEqual([1]);
    },
  );
});

describe('async projections', () => {
  beforeAll(async () => {
    await sql(database.em(), 'create table test_step_totals (stream_id text primary key, steps integer not null)');
  });

  // Deliberately not idempotent by itself (a plain increment): only the shared transaction of the read-model write
  // and the checkpoint keeps a repeated delivery from counting twice.
  function stepTotals(name: string, crashOnFirstAttempt: Set<number>): Processor {
    return {
      name,
      handles: ['Step'],
      mode: 'projection',
      async handle(event, { em, attempt }) {
        if (!event.streamId.startsWith('order-projected')) return;
        await sql(
          em,
          `insert into test_step_totals (stream_id, steps) values (?, 1)
           on conflict (stream_id) do update set steps = test_step_totals.steps + 1`,
          [event.streamId],
        );
        // Written, but the process "dies" before the checkpoint commits: the event will be delivered again.
        if (attempt === 1 && crashOnFirstAttempt.has((event.data as { n: number }).n)) throw new Error('crash');
      },
    };
  }

  const totalOf = async (streamId: string) =>
    (
      await sql<{ steps: number }>(database.em(), 'select steps from test_step_totals where stream_id = ?', [streamId])
    )[0]?.steps;

  it('stays correct when the same event is delivered twice', async () => {
    await appendMany('order-projected-1', 5);
    const first = runner();
    first.register(stepTotals('step-totals', new Set([2, 4])));
    await first.runUntilIdle();
    expect(await totalOf('order-projected-1')).toBe(5);
    await first.stop();

    // A new instance starts from the committed checkpoint: nothing is applied twice.
    await appendMany('order-projected-1', 1);
    const second = runner();
    second.register(stepTotals('step-totals', new Set()));
    await second.runUntilIdle();
    expect(await totalOf('order-projected-1')).toBe(6);
  });

  it('rolls back the read-model write of a delivery whose lease was taken over', async () => {
    await appendMany('order-projected-2', 1);
    // Another instance takes the processor over after this one read its batch and before the delivery commits.
    const stealingStore: EventStore = {
      appendToStream: (...args) => store.appendToStream(...args),
      readStream: (...args) => store.readStream(...args),
      readSelected: (...args) => store.readSelected(...args),
      countAfter: (...args) => store.countAfter(...args),
      async readAll(options) {
        const events = await store.readAll(options);
        await sql(
          database.em(),
          `update processor_checkpoints set owner = 'thief', lease_until = now() + interval '1 hour'
            where name = 'step-totals-stolen'`,
        );
        return events;
      },
    };
    const robbed = runner({ store: stealingStore });
    robbed.register(stepTotals('step-totals-stolen', new Set()));
    await robbed.runUntilIdle();
    expect(await totalOf('order-projected-2')).toBeUndefined();
    expect((await checkpointOf('step-totals-stolen'))?.owner).toBe('thief');
  });
});
