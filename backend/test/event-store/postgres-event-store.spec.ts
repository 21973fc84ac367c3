import pg from 'pg';
import type { Database } from '../../src/platform/database/database.js';
import {
  StreamVersionConflictError,
  logPositionOf,
  type LogPosition,
} from '../../src/platform/event-store/event-store.port.js';
import { InlineProjectionRegistry } from '../../src/platform/event-store/inline-projection.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres/postgres-event-store.js';
import { startTestDatabase } from '../support/test-database.js';
import { newEvent, sql } from './event-factory.js';
import { describeEventStoreContract, readLog, readLogEventually } from './event-store.contract.js';

let database: Database;
let close: () => Promise<void>;
let store: PostgresEventStore;
const projections = new InlineProjectionRegistry();

beforeAll(async () => {
  ({ database, close } = await startTestDatabase());
  store = new PostgresEventStore({ em: () => database.em(), projections });
});
afterAll(() => close());

const readWholeLog = (after?: LogPosition, pageSize?: number) => readLog(store, after, pageSize);
const readWholeLogEventually = (after: LogPosition | undefined, count: number, streamPrefix: string) =>
  readLogEventually(store, after, count, (event) => event.streamId.startsWith(streamPrefix));

async function logTail(): Promise<LogPosition | undefined> {
  const events = await readWholeLog(undefined, 500);
  return events.length > 0 ? logPositionOf(events.at(-1)!) : undefined;
}

// What every store promises (event-store.contract.ts); the KurrentDB store runs the same cases.
describeEventStoreContract('PostgreSQL event store', () => ({ store, database, projections, logTail }));

// What only PostgreSQL gives: one transaction with the caller, inline projections that roll the append back, the
// ordering of late commits and the immutability trigger. The KurrentDB store differs here (decision 011).
describe("PostgreSQL event store: appends inside the caller's transaction", () => {
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

describe('PostgreSQL event store: late commits (PostgreSQL only: PGlite runs one transaction at a time)', () => {
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

describe('PostgreSQL event store: inline projections in the append transaction', () => {
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

describe('PostgreSQL event store: schema', () => {
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

describe('PostgreSQL event store: lean metadata (decision 066)', () => {
  const stored = async (streamId: string) =>
    (
      await sql<{ schema_version: number; data: unknown; metadata: Record<string, unknown> }>(
        database.em(),
        'select schema_version, data, metadata from events where stream_id = ? order by stream_version',
        [streamId],
      )
    ).map((row) => ({ schemaVersion: row.schema_version, data: row.data, metadata: row.metadata }));

  it("keeps neither the row's schema version nor the stream's own id in data or metadata, and reads them back", async () => {
    // Types without a time of their own (decision 067 is tested below).
    const own = newEvent('OrderNoted', { orderId: 'lean-1', n: 1 });
    own.metadata = { ...own.metadata, correlationId: 'lean-1', schemaVersion: 3 };
    const other = newEvent('OrderNoted', { orderId: 'another', n: 2 });
    other.metadata = { ...other.metadata, correlationId: 'request-7', causationId: 'cause-1' };
    await store.appendToStream('order-lean-1', [own, other], { expectedVersion: 'no_stream' });

    // The time is the row's `occurred_at` (decision 073, tested below).
    expect(await stored('order-lean-1')).toEqual([
      { schemaVersion: 3, data: { n: 1 }, metadata: { actor: 'system' } },
      {
        schemaVersion: 1,
        data: { orderId: 'another', n: 2 },
        metadata: { actor: 'system', correlationId: 'request-7', causationId: 'cause-1' },
      },
    ]);
    const appended = [own, other].map(({ type, data, metadata }) => ({ type, data, metadata }));
    const { events } = await store.readStream('order-lean-1');
    expect(events.map(({ type, data, metadata }) => ({ type, data, metadata }))).toEqual(appended);
    // The log's reader shows a commit once no older transaction on the server is open: wait for it.
    const fromLog = (await readWholeLogEventually(undefined, 2, 'order-lean-1')).filter(
      (event) => event.streamId === 'order-lean-1',
    );
    expect(fromLog.map(({ type, data, metadata }) => ({ type, data, metadata }))).toEqual(appended);
  });

  it("keeps the data of another category's stream whole", async () => {
    await store.appendToStream(
      'business-lean-1',
      [newEvent('BusinessRenamed', { orderId: 'lean-1', businessId: 'lean-1' })],
      {
        expectedVersion: 'no_stream',
      },
    );
    expect((await stored('business-lean-1'))[0]?.data).toEqual({ orderId: 'lean-1', businessId: 'lean-1' });
  });

  it('reads a row stored whole, as before the decision, as it was appended', async () => {
    const metadata = {
      correlationId: 'whole-1',
      actor: { kind: 'owner', id: '+972501234567' },
      occurredAt: '2026-01-02T03:04:05.000Z',
      schemaVersion: 2,
    };
    await sql(
      database.em(),
      `insert into events (stream_id, stream_category, stream_version, type, schema_version, data, metadata)
         values ('order-whole-1', 'order', 1, 'OrderNoted', 2, '{"orderId": "whole-1", "n": 1}'::jsonb, ?::jsonb)`,
      [JSON.stringify(metadata)],
    );
    const { events } = await store.readStream('order-whole-1');
    expect(events.map(({ data, metadata }) => ({ data, metadata }))).toEqual([
      { data: { orderId: 'whole-1', n: 1 }, metadata },
    ]);
  });
});

describe("PostgreSQL event store: an event's own time once (decision 067)", () => {
  const storedData = async (streamId: string) =>
    (
      await sql<{ data: unknown }>(
        database.em(),
        'select data from events where stream_id = ? order by stream_version',
        [streamId],
      )
    ).map((row) => row.data);
  const at = (event: ReturnType<typeof newEvent>, occurredAt: string) => ({
    ...event,
    metadata: { ...event.metadata, occurredAt },
  });

  it('keeps a time equal to the metadata’s in the metadata only, any other time in the data, and reads both back', async () => {
    const now = '2026-12-01T08:30:00.123Z';
    const appended = [
      at(newEvent('OrderPaid', { orderId: 'time-1', paidAt: now, amountAgorot: 100 }), now),
      at(newEvent('OrderAccepted', { orderId: 'time-1', at: '2026-12-01T08:31:00.000Z' }), now),
      // OrderDue's times are the pickup's, never its own: kept even when equal.
      at(newEvent('OrderDue', { orderId: 'time-1', pickupAt: now, dueAt: now }), now),
      // A type without a time of its own keeps a field of that name.
      at(newEvent('OrderNoted', { orderId: 'time-1', at: now }), now),
    ];
    await store.appendToStream('order-time-1', appended, { expectedVersion: 'no_stream' });

    expect(await storedData('order-time-1')).toEqual([
      { amountAgorot: 100 },
      { at: '2026-12-01T08:31:00.000Z' },
      { pickupAt: now, dueAt: now },
      { at: now },
    ]);
    const { events } = await store.readStream('order-time-1');
    expect(events.map(({ type, data, metadata }) => ({ type, data, metadata }))).toEqual(
      appended.map(({ type, data, metadata }) => ({ type, data, metadata })),
    );
  });

  it('reads a row stored with its time in the data, as before the decision, as it was appended', async () => {
    await sql(
      database.em(),
      `insert into events (stream_id, stream_category, stream_version, type, schema_version, data, metadata)
         values ('order-time-2', 'order', 1, 'OrderServed', 1,
                 '{"orderId": "time-2", "at": "2026-01-02T03:04:05.000Z"}'::jsonb,
                 '{"actor": {"kind": "owner", "id": "+972501234567"}, "occurredAt": "2026-01-02T03:04:06.000Z"}'::jsonb)`,
    );
    const { events } = await store.readStream('order-time-2');
    expect(events.map(({ data }) => data)).toEqual([{ orderId: 'time-2', at: '2026-01-02T03:04:05.000Z' }]);
  });
});

describe("PostgreSQL event store: an event's time in its own column (decision 073)", () => {
  const rows = async (streamId: string) =>
    sql<{ metadata: Record<string, unknown>; occurred_at: string | null }>(
      database.em(),
      `select metadata, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_at
         from events where stream_id = ? order by stream_version`,
      [streamId],
    );
  const at = (event: ReturnType<typeof newEvent>, occurredAt: string) => ({
    ...event,
    metadata: { ...event.metadata, occurredAt },
  });

  it('keeps an ISO instant in the column only and any other text in the metadata, and reads both back', async () => {
    const appended = [
      at(newEvent('MenuChanged', { n: 1 }), '2026-12-01T08:30:00.123Z'),
      // Not as `toISOString` writes it: the column would give it back otherwise, so the metadata keeps it.
      at(newEvent('MenuChanged', { n: 2 }), '2026-12-01T08:30:00Z'),
      at(newEvent('MenuChanged', { n: 3 }), '2026-12-01T10:30:00.000+02:00'),
      at(newEvent('MenuChanged', { n: 4 }), '0999-01-01T00:00:00.000Z'),
      at(newEvent('MenuChanged', { n: 5 }), '2026-02-30T00:00:00.000Z'),
    ];
    await store.appendToStream('menu-time-1', appended, { expectedVersion: 'no_stream' });

    expect(await rows('menu-time-1')).toEqual([
      {
        metadata: { actor: 'system', correlationId: 'correlation-1' },
        occurred_at: '2026-12-01T08:30:00.123Z',
      },
      {
        metadata: { actor: 'system', correlationId: 'correlation-1', occurredAt: '2026-12-01T08:30:00Z' },
        occurred_at: null,
      },
      {
        metadata: {
          actor: 'system',
          correlationId: 'correlation-1',
          occurredAt: '2026-12-01T10:30:00.000+02:00',
        },
        occurred_at: null,
      },
      {
        metadata: { actor: 'system', correlationId: 'correlation-1', occurredAt: '0999-01-01T00:00:00.000Z' },
        occurred_at: null,
      },
      {
        metadata: { actor: 'system', correlationId: 'correlation-1', occurredAt: '2026-02-30T00:00:00.000Z' },
        occurred_at: null,
      },
    ]);
    const { events } = await store.readStream('menu-time-1');
    expect(events.map(({ type, data, metadata }) => ({ type, data, metadata }))).toEqual(
      appended.map(({ type, data, metadata }) => ({ type, data, metadata })),
    );
  });

  it("selects by an event's own time kept in the column", async () => {
    const inside = '2026-12-02T09:00:00.000Z';
    await store.appendToStream(
      'order-time-3',
      [
        at(newEvent('OrderPaid', { orderId: 'time-3', paidAt: inside, businessPhone: '+972501110003' }), inside),
        at(
          newEvent('OrderPaid', {
            orderId: 'time-3',
            paidAt: '2026-12-03T09:00:00.000Z',
            businessPhone: '+972501110003',
          }),
          '2026-12-03T09:00:00.000Z',
        ),
      ],
      { expectedVersion: 'no_stream' },
    );
    const found = await store.readSelected({
      types: ['OrderPaid'],
      dataEquals: { businessPhone: '+972501110003' },
      dataTimeBetween: { field: 'paidAt', from: '2026-12-02T00:00:00.000Z', to: '2026-12-03T00:00:00.000Z' },
    });
    expect(found.map((event) => event.data)).toEqual([
      { orderId: 'time-3', paidAt: inside, businessPhone: '+972501110003' },
    ]);
  });
});

describe('PostgreSQL event store: the actor as one string (decision 075)', () => {
  const actors = async (streamId: string) =>
    (
      await sql<{ actor: unknown }>(
        database.em(),
        `select metadata->'actor' as actor from events where stream_id = ? order by stream_version`,
        [streamId],
      )
    ).map((row) => row.actor);
  const by = (actor: Record<string, unknown>, n: number) => {
    const event = newEvent('MenuChanged', { n });
    return { ...event, metadata: { ...event.metadata, actor } as unknown as typeof event.metadata };
  };

  it('keeps a kind, or a kind and an id, as one string and anything more as it was, and reads each back', async () => {
    const appended = [
      by({ kind: 'diner' }, 1),
      by({ kind: 'owner', id: '+972501234567' }, 2),
      // The id may hold a colon: the kind is what comes before the first.
      by({ kind: 'admin', id: 'a:b:c' }, 3),
      by({ kind: 'owner', id: '' }, 4),
      by({ kind: 'member', id: 'm-1', role: 'manager', screenId: 's-1' }, 5),
      by({ kind: 'odd:kind' }, 6),
      by({ kind: 'screen', screenId: 's-2' }, 7),
    ];
    await store.appendToStream('menu-actor-1', appended, { expectedVersion: 'no_stream' });

    expect(await actors('menu-actor-1')).toEqual([
      'diner',
      'owner:+972501234567',
      'admin:a:b:c',
      'owner:',
      { kind: 'member', id: 'm-1', role: 'manager', screenId: 's-1' },
      { kind: 'odd:kind' },
      { kind: 'screen', screenId: 's-2' },
    ]);
    const { events } = await store.readStream('menu-actor-1');
    expect(events.map(({ metadata }) => metadata.actor)).toEqual(appended.map(({ metadata }) => metadata.actor));
  });

  it('selects by the actor’s kind, written either way', async () => {
    await store.appendToStream(
      'menu-actor-2',
      [
        by({ kind: 'admin', id: '+972500000075' }, 1),
        by({ kind: 'admin', id: 'x', role: 'owner' }, 2),
        by({ kind: 'owner', id: '+972500000075' }, 3),
      ],
      { expectedVersion: 'no_stream' },
    );
    // A row stored before the decision, its actor an object.
    await sql(
      database.em(),
      `insert into events (stream_id, stream_category, stream_version, type, schema_version, data, metadata)
         values ('menu-actor-2', 'menu', 4, 'MenuChanged', 1, '{"n": 4}'::jsonb,
                 '{"actor": {"kind": "admin", "id": "+972500000075"}, "occurredAt": "2026-01-02T03:04:05.000Z"}'::jsonb)`,
    );
    const found = await store.readSelected({ types: ['NoSuchType'], orActorKinds: ['admin'] });
    expect(
      found.filter((event) => event.streamId === 'menu-actor-2').map((event) => (event.data as { n: number }).n),
    ).toEqual([1, 2, 4]);
  });
});
