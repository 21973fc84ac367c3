import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '../../src/platform/database/database.js';
import type { RecordedEvent } from '../../src/platform/event-store/event-store.port.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres/postgres-event-store.js';
import { gatherDelay, type Processor } from '../../src/platform/processing/processor.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { startTestDatabase } from '../support/test-database.js';
import { newEvent, sql } from './event-factory.js';

// Batched delivery (decision 015): a processor with `handleBatch` gets every handled event of one read of the log in
// one call, with one checkpoint write per batch; a failing batch falls back to event-by-event delivery with the
// usual retries and parking. Each test uses its own event type, so the events of the others are skipped.

let database: Database;
let close: () => Promise<void>;
let store: RecordingStore;
const runners: ProcessorRunner[] = [];

/**
 * Keeps what each read of the log answered. On a shared PostgreSQL server another database's open transaction may hold
 * the log's visible end back for a moment (decision 056), so where one read ends is the server's doing; the tests
 * compare each batch with the read that gave it instead of assuming reads of exactly four.
 */
class RecordingStore extends PostgresEventStore {
  readonly reads: RecordedEvent[][] = [];
  override async readAll(options: Parameters<PostgresEventStore['readAll']>[0]): Promise<RecordedEvent[]> {
    const events = await super.readAll(options);
    this.reads.push(events);
    return events;
  }
}

beforeAll(async () => {
  ({ database, close } = await startTestDatabase());
  store = new RecordingStore({ em: () => database.em() });
  // Counts the checkpoint writes: the cost a batch saves.
  await sql(
    database.em(),
    `create table test_checkpoint_writes (id serial primary key, name text not null, position bigint not null);
     create function test_count_checkpoint_write() returns trigger language plpgsql as $$
       begin insert into test_checkpoint_writes (name, position) values (new.name, new.last_position); return new; end $$;
     create trigger test_checkpoint_writes after update of last_position on processor_checkpoints
       for each row execute function test_count_checkpoint_write();
     create table test_batch_rows (n integer primary key);`,
  );
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});
afterAll(() => close());

/** A runner for `processor`, already past the log written by earlier tests, so its reads hold only new events. */
async function caughtUp(processor: Processor): Promise<ProcessorRunner> {
  const runner = new ProcessorRunner({
    em: () => database.em(),
    store,
    batchSize: 4,
    pollIntervalMs: 60_000,
    maxAttempts: 3,
    backoff: { initialMs: 1, maxMs: 4 },
  });
  runners.push(runner);
  runner.register(processor);
  await runner.runUntilIdle();
  return runner;
}

/** Appends `numbers` as events of `type`, one transaction per stream in turn, so log order is the given order. */
async function append(type: string, streams: [string, number[]][]): Promise<RecordedEvent[]> {
  for (const [streamId, numbers] of streams) {
    const { version } = await store.readStream(streamId);
    await store.appendToStream(
      streamId,
      numbers.map((n) => newEvent(type, { n })),
      { expectedVersion: version === 0 ? 'no_stream' : version },
    );
  }
  // Read back by stream, not from the start of the log: the database's seeded history may hold more events than one
  // read of the log returns, which left this test's newest events out of the answer.
  const recorded: RecordedEvent[] = [];
  for (const streamId of new Set(streams.map(([streamId]) => streamId)))
    recorded.push(...(await store.readStream(streamId)).events.filter((event) => event.type === type));
  return recorded.sort((a, b) => (BigInt(a.globalPosition) < BigInt(b.globalPosition) ? -1 : 1));
}

const numbers = (events: readonly RecordedEvent[]) => events.map((event) => (event.data as { n: number }).n);

async function writesOf(name: string): Promise<string[]> {
  const rows = await sql<{ position: string }>(
    database.em(),
    'select position::text as position from test_checkpoint_writes where name = ? order by id',
    [name],
  );
  return rows.map((row) => row.position);
}

async function checkpointOf(name: string): Promise<string | undefined> {
  const [row] = await sql<{ position: string }>(
    database.em(),
    'select last_position::text as position from processor_checkpoints where name = ?',
    [name],
  );
  return row?.position;
}

describe('batched delivery', () => {
  it('delivers the events of one read in one call, in log order, with one checkpoint write per batch', async () => {
    const batches: number[][] = [];
    const runner = await caughtUp({
      name: 'batched',
      handles: ['BatchedStep'],
      mode: 'projection',
      handle: () => Promise.reject(new Error('a batch must not be delivered event by event')),
      async handleBatch(events) {
        batches.push(numbers(events));
      },
    });
    const before = await writesOf('batched');

    // Two streams interleaved: the batch follows the log, not the streams. Six events, reads of (at most) four.
    const events = await append('BatchedStep', [
      ['batched-a', [1, 2]],
      ['batched-b', [3]],
      ['batched-a', [4, 5]],
      ['batched-b', [6]],
    ]);
    const readsBefore = store.reads.length;
    await runner.runUntilIdle();

    // One call per read that held these events, with exactly that read's events: 1-4 and 5-6 when the log's end was
    // visible at once, more and shorter reads while the server held it back.
    const reads = store.reads
      .slice(readsBefore)
      .map((read) => numbers(read.filter((event) => event.type === 'BatchedStep')))
      .filter((read) => read.length > 0);
    expect(batches).toEqual(reads);
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(batches.every((batch) => batch.length <= 4)).toBe(true);
    // One checkpoint write per batch, at the batch's last event.
    const lastOfEach = batches.map((batch) => events[batch[batch.length - 1]! - 1]!.globalPosition);
    expect((await writesOf('batched')).slice(before.length)).toEqual(lastOfEach);
  });

  it('runs afterCommit effects once the batch committed, and never those of a batch that rolled back', async () => {
    const effects: string[] = [];
    const seenByEffects: Promise<{ rows: number; position: string }[]>[] = [];
    let failBatch = false;
    const runner = await caughtUp({
      name: 'effects',
      handles: ['EffectStep'],
      mode: 'projection',
      async handle(event, { em, afterCommit }) {
        const n = (event.data as { n: number }).n;
        await sql(em, 'insert into test_batch_rows (n) values (?)', [n]);
        afterCommit(() => effects.push(`event ${n}`));
      },
      async handleBatch(events, { em, afterCommit }) {
        for (const n of numbers(events)) await sql(em, 'insert into test_batch_rows (n) values (?)', [n]);
        afterCommit(() => {
          effects.push(`batch ${numbers(events).join(',')}`);
          // What anyone else sees when the effect runs: the rows and the checkpoint, committed.
          seenByEffects.push(
            sql(
              database.em(),
              `select (select count(*)::int from test_batch_rows where n = any(?::int[])) as rows,
                      (select last_position::text from processor_checkpoints where name = 'effects') as position`,
              [`{${numbers(events).join(',')}}`],
            ),
          );
        });
        if (failBatch) throw new Error('the batch fails after its writes');
      },
    });

    const committed = await append('EffectStep', [['effects-1', [101, 102]]]);
    await runner.runUntilIdle();
    expect(effects).toEqual(['batch 101,102']);
    expect((await Promise.all(seenByEffects)).flat()).toEqual([{ rows: 2, position: committed[1]!.globalPosition }]);

    // A batch that throws rolls back its writes and its effect; the events are then handled one by one.
    failBatch = true;
    await append('EffectStep', [['effects-2', [201, 202]]]);
    await runner.runUntilIdle();
    expect(effects).toEqual(['batch 101,102', 'event 201', 'event 202']);
  });

  it('falls back to one event at a time when the batch fails, parking the poison event and handling the rest', async () => {
    const handled: number[] = [];
    let batchCalls = 0;
    const runner = await caughtUp({
      name: 'fallback',
      handles: ['FallbackStep'],
      mode: 'projection',
      async handle(event) {
        const n = (event.data as { n: number }).n;
        if (n === 2) throw new Error('poison');
        handled.push(n);
      },
      async handleBatch() {
        batchCalls++;
        throw new Error('one of these events is poison');
      },
    });
    const events = await append('FallbackStep', [['fallback', [1, 2, 3, 4]]]);
    await runner.runUntilIdle();

    expect(batchCalls).toBe(1);
    expect(handled).toEqual([1, 3, 4]);
    const parked = await sql<{ global_position: string; attempts: number; error: string }>(
      database.em(),
      'select global_position::text as global_position, attempts, error from parked_events where processor = ?',
      ['fallback'],
    );
    expect(parked).toEqual([{ global_position: events[1]!.globalPosition, attempts: 3, error: 'Error: poison' }]);
    expect(await checkpointOf('fallback')).toBe(events[3]!.globalPosition);
  });

  it('reads a backlog batch after batch at once, however long its spacing', async () => {
    const batches: number[][] = [];
    let allDelivered!: () => void;
    const delivered = new Promise<void>((resolve) => (allDelivered = resolve));
    const runner = await caughtUp({
      name: 'spaced',
      handles: ['SpacedStep'],
      mode: 'reactor',
      gatherMs: 1,
      // Longer than the test may take: a backlog whose batches waited for it would time the test out.
      spacingMs: 10 * 60_000,
      handle: () => Promise.reject(new Error('a batch must not be delivered event by event')),
      async handleBatch(events) {
        batches.push(numbers(events));
        if (batches.flat().length === 10) allDelivered();
      },
    });

    const events = await append('SpacedStep', [['spaced', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]]);
    runner.wake(events);
    runner.start();
    await delivered;

    expect(batches).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10],
    ]);
  });

  it('moves a reactor’s checkpoint once, after its batch is handled', async () => {
    const checkpointsDuringBatch: (string | undefined)[] = [];
    const effects: number[][] = [];
    const runner = await caughtUp({
      name: 'reactor-batch',
      handles: ['ReactorStep'],
      mode: 'reactor',
      handle: () => Promise.reject(new Error('a batch must not be delivered event by event')),
      async handleBatch(events, { afterCommit }) {
        // A reactor's effects are outside any transaction: the checkpoint must not move before they are done.
        checkpointsDuringBatch.push(await checkpointOf('reactor-batch'));
        afterCommit(() => effects.push(numbers(events)));
      },
    });
    const before = await checkpointOf('reactor-batch');
    const writesBefore = await writesOf('reactor-batch');

    const events = await append('ReactorStep', [['reactor', [1, 2, 3]]]);
    await runner.runUntilIdle();

    expect(checkpointsDuringBatch).toEqual([before]);
    expect(effects).toEqual([[1, 2, 3]]);
    expect((await writesOf('reactor-batch')).slice(writesBefore.length)).toEqual([events[2]!.globalPosition]);
    expect(await checkpointOf('reactor-batch')).toBe(events[2]!.globalPosition);
  });
});

describe('the gathering delay', () => {
  const processor = (gatherMs?: number, spacingMs?: number): Processor => ({
    name: 'delay',
    handles: ['DelayStep'],
    handle: () => Promise.resolve(),
    gatherMs,
    spacingMs,
  });

  it('is the gathering time after a quiet spell', () => {
    expect(gatherDelay(processor(20, 100), 5_000)).toBe(20);
    expect(gatherDelay(processor(20, 100), 100)).toBe(20);
  });

  it('lasts until the spacing has passed since the last read at a busy moment', () => {
    expect(gatherDelay(processor(20, 100), 30)).toBe(70);
    expect(gatherDelay(processor(20, 100), 0)).toBe(100);
  });

  it('is the gathering time alone without a spacing, and nothing without either', () => {
    expect(gatherDelay(processor(50), 10)).toBe(50);
    expect(gatherDelay(processor(), 0)).toBe(0);
  });
});
