import pg from 'pg';
import type { Database } from '../../src/platform/database/database.js';
import {
  StreamVersionConflictError,
  logPositionOf,
  type LogPosition,
  type RecordedEvent,
} from '../../src/platform/event-store/event-store.port.js';
import { InlineProjectionRegistry } from '../../src/platform/event-store/inline-projection.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres/postgres-event-store.js';
import { startTestDatabase } from '../support/test-database.js';
import { newEvent, sql } from './event-factory.js';

let database: Database;
let close: () => Promise<void>;
let store: PostgresEventStore;
const projections = new InlineProjectionRegistry();

beforeAll(async () => {
  ({ database, close } = await startTestDatabase());
  store = new PostgresEventStore({ em: () => database.em(), projections });
});
afterAll(() => close());

async function readWholeLog(after?: LogPosition, pageSize = 7): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (let position = after; ;) {
    const page = await store.readAll({ after: position, limit: pageSize });
    all.push(...page);
    if (page.length < pageSize) return all;
    position = logPositionOf(page.at(-1)!);
  }
}

/**
 * The log as soon as it holds `count` events after `after`. On a shared PostgreSQL server any other database's open
 * write transaction holds the snapshot's xmin back for a moment, so visibility can lag a commit by that long.
 */
async function readWholeLogEventually(
  after: LogPosition | undefined,
  count: number,
  streamPrefix: string,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const events = (await readWholeLog(after)).filter((event) => event.streamId.startsWith(streamPrefix));
    if (events.length >= count || Date.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function logTail(): Promise<LogPosition | undefined> {
  const events = await readWholeLog(undefined, 500);
  return events.length > 0 ? logPositionOf(events.at(-1)!) : undefined;
}

async function conflictOf(promise: Promise<unknown>): Promise<StreamVersionConflictError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StreamVersionConflictError);
  return error as StreamVersionConflictError;
}

describe('event store: streams', () => {
  it('appends to a new stream and reads it back in order', async () => {
    const first = await store.appendToStream(
      'order-1',
      [newEvent('OrderPlaced', { orderId: '1', totalAgorot: 4_250, note: 'בלי בצל' }), newEvent('PaymentPageOpened')],
      { expectedVersion: 'no_stream' },
    );
    expect(first.nextExpectedVersion).toBe(2);
    expect(first.events.map((event) => [event.streamVersion, event.type])).toEqual([
      [1, 'OrderPlaced'],
      [2, 'PaymentPageOpened'],
    ]);

    const second = await store.appendToStream('order-1', [newEvent('OrderPaid')], { expectedVersion: 2 });
    expect(second.nextExpectedVersion).toBe(3);

    const { version, events } = await store.readStream('order-1');
    expect(version).toBe(3);
    expect(events.map((event) => event.type)).toEqual(['OrderPlaced', 'PaymentPageOpened', 'OrderPaid']);
    const [placed] = events;
    expect(placed).toMatchObject({
      streamId: 'order-1',
      streamVersion: 1,
      data: { orderId: '1', totalAgorot: 4_250, note: 'בלי בצל' },
      metadata: { correlationId: 'correlation-1', actor: { kind: 'system' }, schemaVersion: 1 },
    });
    expect(placed!.globalPosition).toMatch(/^\d+$/);
    expect(placed!.transactionId).toMatch(/^\d+$/);
    expect(new Date(placed!.recordedAt).toISOString()).toBe(placed!.recordedAt);

    const tail = await store.readStream('order-1', { fromVersion: 3 });
    expect(tail.version).toBe(3);
    expect(tail.events.map((event) => event.type)).toEqual(['OrderPaid']);
    expect(await store.readStream('order-1', { fromVersion: 9 })).toEqual({ version: 3, events: [] });
    expect(await store.readStream('order-missing')).toEqual({ version: 0, events: [] });
  });

  it('refuses an append based on a stale version and appends nothing', async () => {
    await store.appendToStream('order-2', [newEvent('OrderPlaced'), newEvent('OrderPaid')], {
      expectedVersion: 'no_stream',
    });
    const conflict = await conflictOf(
      store.appendToStream('order-2', [newEvent('OrderExpired')], { expectedVersion: 1 }),
    );
    expect(conflict).toMatchObject({ code: 'stream.conflict', streamId: 'order-2', expected: 1, actual: 2 });
    expect((await store.readStream('order-2')).version).toBe(2);
  });

  it("refuses 'no_stream' when the stream exists", async () => {
    await store.appendToStream('business-+972541234567', [newEvent('BusinessRegistered')], {
      expectedVersion: 'no_stream',
    });
    const conflict = await conflictOf(
      store.appendToStream('business-+972541234567', [newEvent('BusinessRegistered')], {
        expectedVersion: 'no_stream',
      }),
    );
    expect(conflict).toMatchObject({ expected: 'no_stream', actual: 1 });
    const conflictAtZero = await conflictOf(
      store.appendToStream('business-+972541234567', [newEvent('BusinessRegistered')], { expectedVersion: 0 }),
    );
    expect(conflictAtZero.actual).toBe(1);
  });

  it("appends wherever the stream is with 'any'", async () => {
    await store.appendToStream('printer-1', [newEvent('SlipQueued')], { expectedVersion: 'any' });
    const result = await store.appendToStream('printer-1', [newEvent('SlipPrinted')], { expectedVersion: 'any' });
    expect(result.nextExpectedVersion).toBe(2);
  });

  it('lets exactly one of ten concurrent writers with the same expected version win, with no gap', async () => {
    await store.appendToStream('order-race', [newEvent('OrderPlaced')], { expectedVersion: 'no_stream' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, writer) =>
        store.appendToStream('order-race', [newEvent('OrderPaid', { writer }), newEvent('SlipQueued', { writer })], {
          expectedVersion: 1,
        }),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(9);
    for (const outcome of lost) expect(outcome.reason).toBeInstanceOf(StreamVersionConflictError);

    const { version, events } = await store.readStream('order-race');
    expect(version).toBe(3);
    expect(events.map((event) => event.streamVersion)).toEqual([1, 2, 3]);
    // Both events of the winner, none of anyone else's.
    expect(new Set(events.slice(1).map((event) => (event.data as { writer: number }).writer)).size).toBe(1);
  });

  it("lets exactly one of ten concurrent creators of a stream win with 'no_stream'", async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, writer) =>
        store.appendToStream('order-created-once', [newEvent('OrderPlaced', { writer })], {
          expectedVersion: 'no_stream',
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect((await store.readStream('order-created-once')).version).toBe(1);
  });

  it('never loses an event when concurrent writers append with any version', async () => {
    await Promise.all(
      Array.from({ length: 6 }, (_, writer) =>
        store.appendToStream('printer-busy', [newEvent('SlipQueued', { writer })], { expectedVersion: 'any' }),
      ),
    );
    const { events } = await store.readStream('printer-busy');
    expect(events.map((event) => event.streamVersion)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("event store: appends inside the caller's transaction", () => {
  beforeAll(async () => {
    await sql(database.em(), 'create table test_menu_rows (name text primary key)');
  });

  const rowExists = async (name: string) =>
    (await sql(database.em(), 'select 1 from test_menu_rows where name = ?', [name])).length === 1;

  it('commits the state change and its event together', async () => {
    await database.em().transactional(async (em) => {
      await sql(em, 'insert into test_menu_rows (name) values (?)', ['שקשוקה']);
      await store.appendToStream('menu-1', [newEvent('MenuChanged')], { expectedVersion: 'any', em });
    });
    expect(await rowExists('שקשוקה')).toBe(true);
    expect((await store.readStream('menu-1')).version).toBe(1);
  });

  it('rolls the event back with the state change', async () => {
    await expect(
      database.em().transactional(async (em) => {
        await sql(em, 'insert into test_menu_rows (name) values (?)', ['חומוס']);
        await store.appendToStream('menu-2', [newEvent('MenuChanged')], { expectedVersion: 'any', em });
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');
    expect(await rowExists('חומוס')).toBe(false);
    expect((await store.readStream('menu-2')).version).toBe(0);
  });

  it('answers a conflict inside the caller transaction, even from concurrent callers', async () => {
    await store.appendToStream('menu-3', [newEvent('MenuChanged')], { expectedVersion: 'no_stream' });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, writer) =>
        database.em().transactional(async (em) => {
          await sql(em, 'insert into test_menu_rows (name) values (?)', [`writer-${writer}`]);
          await store.appendToStream('menu-3', [newEvent('MenuChanged', { writer })], { expectedVersion: 1, em });
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) {
      expect(outcome.reason).toBeInstanceOf(StreamVersionConflictError);
    }
    const { events } = await store.readStream('menu-3');
    expect(events.map((event) => event.streamVersion)).toEqual([1, 2]);
    const winner = (events[1]!.data as { writer: number }).writer;
    for (let writer = 0; writer < 5; writer++) expect(await rowExists(`writer-${writer}`)).toBe(writer === winner);
  });
});

describe('event store: the whole log', () => {
  it('returns the events of one append in stream order, past ten of them', async () => {
    const start = await logTail();
    await store.appendToStream(
      'order-long',
      Array.from({ length: 12 }, (_, n) => newEvent('Step', { n })),
      { expectedVersion: 'no_stream' },
    );
    const log = await readWholeLogEventually(start, 12, 'order-long');
    expect(log.map((event) => event.streamVersion)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const positions = log.map((event) => BigInt(event.globalPosition));
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('shows every event exactly once, in one stable order, to a reader running alongside many writers', async () => {
    const start = await logTail();
    const streams = Array.from({ length: 8 }, (_, index) => `order-many-${index}`);
    let writing = true;
    const writers = Promise.all(
      streams.map(async (streamId) => {
        for (let version = 0; version < 6; version++) {
          await store.appendToStream(streamId, [newEvent('Step', { streamId, version })], {
            expectedVersion: version === 0 ? 'no_stream' : version,
          });
        }
      }),
    ).finally(() => {
      writing = false;
    });
    // A subscriber that pages through the log while the writers are still at it.
    const seenLive: RecordedEvent[] = [];
    const deadline = Date.now() + 10_000;
    const reader = (async () => {
      let position = start;
      while (seenLive.length < 48 && Date.now() < deadline) {
        const page = await store.readAll({ after: position, limit: 5 });
        seenLive.push(...page.filter((event) => event.streamId.startsWith('order-many-')));
        if (page.length > 0) position = logPositionOf(page.at(-1)!);
        else await new Promise((resolve) => setTimeout(resolve, writing ? 1 : 10));
      }
    })();
    await writers;
    await reader;

    const final = await readWholeLogEventually(start, 48, 'order-many-');
    expect(final).toHaveLength(48);
    expect(new Set(final.map((event) => event.globalPosition)).size).toBe(48);
    expect(seenLive.map((event) => event.globalPosition)).toEqual(final.map((event) => event.globalPosition));
    const again = (await readWholeLog(start, 11)).filter((event) => event.streamId.startsWith('order-many-'));
    expect(again.map((event) => event.globalPosition)).toEqual(final.map((event) => event.globalPosition));
    for (const streamId of streams) {
      const versions = final.filter((event) => event.streamId === streamId).map((event) => event.streamVersion);
      expect(versions).toEqual([1, 2, 3, 4, 5, 6]);
    }
  });
});

// A late commit needs two transactions open at once. PGlite is a single backend that runs one transaction at a time
// (a second connection waits until the first one ends), so there a late commit cannot happen and cannot be staged.
const concurrentTransactions = Boolean(process.env.TEST_DATABASE_URL);
const itWithConcurrentTransactions = concurrentTransactions ? it : it.skip;
if (!concurrentTransactions) {
  console.info(
    'late-commit tests skipped: PGlite runs one transaction at a time, so no transaction can commit late there; ' +
      'they run when TEST_DATABASE_URL points at PostgreSQL',
  );
}

describe('event store: late commits (PostgreSQL only: PGlite runs one transaction at a time)', () => {
  let slow: pg.Client;

  beforeEach(async () => {
    if (!concurrentTransactions) return;
    slow = new pg.Client({ connectionString: database.orm.config.get('clientUrl') });
    await slow.connect();
  });
  afterEach(async () => {
    if (concurrentTransactions) await slow.end();
  });

  const insertRaw = (streamId: string, type: string) =>
    slow.query(
      `insert into events (stream_id, stream_category, stream_version, type, schema_version, data, metadata)
       values ($1, 'order', 1, $2, 1, '{}', $3)`,
      [streamId, type, JSON.stringify(newEvent(type).metadata)],
    );

  itWithConcurrentTransactions('never returns an event committed after an earlier transaction still open', async () => {
    const start = await logTail();
    await slow.query('begin');
    await insertRaw('order-late-a', 'LateA');
    await store.appendToStream('order-late-b', [newEvent('EarlyB')], { expectedVersion: 'no_stream' });

    // B is committed, but A (an older transaction) may still commit in front of it.
    expect(await readWholeLog(start)).not.toContainEqual(expect.objectContaining({ type: 'EarlyB' }));

    await slow.query('commit');
    expect((await readWholeLogEventually(start, 2, 'order-late-')).map((event) => event.type)).toEqual([
      'LateA',
      'EarlyB',
    ]);
  });

  itWithConcurrentTransactions(
    'a reader whose checkpoint is past a late commit still sees the event with the smaller position',
    async () => {
      const start = await logTail();
      // A takes its transaction id first, then B appends and commits, then A inserts: A has the older transaction
      // but the larger global position. A checkpoint by global position alone would skip B.
      await slow.query('begin');
      await slow.query('select pg_current_xact_id()');
      const b = await store.appendToStream('order-inverted-b', [newEvent('InvertedB')], {
        expectedVersion: 'no_stream',
      });
      expect(await readWholeLog(start)).not.toContainEqual(expect.objectContaining({ type: 'InvertedB' }));
      await insertRaw('order-inverted-a', 'InvertedA');
      await slow.query('commit');

      const log = await readWholeLogEventually(start, 2, 'order-inverted-');
      expect(log.map((event) => event.type)).toEqual(['InvertedA', 'InvertedB']);
      const [a] = log;
      expect(BigInt(a!.globalPosition)).toBeGreaterThan(BigInt(b.events[0]!.globalPosition));
      const afterA = await store.readAll({ after: logPositionOf(a!), limit: 10 });
      expect(afterA.map((event) => event.type)).toEqual(['InvertedB']);
    },
  );
});

describe('event store: inline projections', () => {
  beforeAll(async () => {
    await sql(database.em(), 'create table test_order_counts (stream_id text primary key, events integer not null)');
    await sql(database.em(), 'create table test_unique_names (name text primary key)');
    projections.register({
      name: 'test-order-counts',
      handles: ['ItemAdded', 'Refused'],
      async apply(em, event) {
        await sql(
          em,
          `insert into test_order_counts (stream_id, events) values (?, 1)
           on conflict (stream_id) do update set events = test_order_counts.events + 1`,
          [event.streamId],
        );
        if (event.type === 'Refused') throw new Error('the projection refuses this event');
      },
    });
    projections.register({
      name: 'test-unique-names',
      handles: ['NameTaken'],
      async apply(em, event) {
        await sql(em, 'insert into test_unique_names (name) values (?)', [(event.data as { name: string }).name]);
      },
    });
  });

  const countOf = async (streamId: string) =>
    (
      await sql<{ events: number }>(database.em(), 'select events from test_order_counts where stream_id = ?', [
        streamId,
      ])
    )[0]?.events;

  it('updates its read model in the append transaction, so the next read sees it', async () => {
    await store.appendToStream('order-inline', [newEvent('ItemAdded'), newEvent('ItemAdded')], {
      expectedVersion: 'no_stream',
    });
    expect(await countOf('order-inline')).toBe(2);
  });

  it('rolls the append back when a projection throws', async () => {
    await expect(
      store.appendToStream('order-refused', [newEvent('ItemAdded'), newEvent('Refused')], {
        expectedVersion: 'no_stream',
      }),
    ).rejects.toThrow('the projection refuses this event');
    expect(await store.readStream('order-refused')).toEqual({ version: 0, events: [] });
    expect(await countOf('order-refused')).toBeUndefined();
  });

  it("does not mistake a projection's own unique violation for a stream conflict", async () => {
    await store.appendToStream('business-name-1', [newEvent('NameTaken', { name: 'קפה דנה' })], {
      expectedVersion: 'no_stream',
    });
    const error = await store
      .appendToStream('business-name-2', [newEvent('NameTaken', { name: 'קפה דנה' })], { expectedVersion: 'no_stream' })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(StreamVersionConflictError);
    expect(String(error)).toMatch(/test_unique_names_pkey|unique/);
    expect((await store.readStream('business-name-2')).version).toBe(0);
  });
});

describe('event store: schema', () => {
  it('keeps events immutable', async () => {
    await store.appendToStream('order-immutable', [newEvent('OrderPlaced')], { expectedVersion: 'no_stream' });
    await expect(
      sql(database.em(), "update events set type = 'Other' where stream_id = 'order-immutable'"),
    ).rejects.toThrow(/events are facts/);
    await expect(sql(database.em(), "delete from events where stream_id = 'order-immutable'")).rejects.toThrow(
      /events are facts/,
    );
  });
});
