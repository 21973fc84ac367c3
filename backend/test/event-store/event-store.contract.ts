import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/platform/database/database.js';
import {
  StreamVersionConflictError,
  logPositionOf,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from '../../src/platform/event-store/event-store.port.js';
import type { InlineProjectionRegistry } from '../../src/platform/event-store/inline-projection.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { newEvent, sql } from './event-factory.js';

/** The whole log after `after`, read page by page as a subscriber would. */
export async function readLog(store: EventStore, after?: LogPosition, pageSize = 7): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (let position = after; ;) {
    const page = await store.readAll({ after: position, limit: pageSize });
    all.push(...page);
    if (page.length < pageSize) return all;
    position = logPositionOf(page.at(-1)!);
  }
}

/**
 * The chosen events of the log as soon as there are `count` of them after `after`. On a shared PostgreSQL server
 * another database's open write transaction holds the snapshot's xmin back for a moment, so visibility can lag.
 */
export async function readLogEventually(
  store: EventStore,
  after: LogPosition | undefined,
  count: number,
  chosen: (event: RecordedEvent) => boolean,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const events = (await readLog(store, after)).filter(chosen);
    if (events.length >= count || Date.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** What a store's spec hands the contract once its store is up (in a `beforeAll`). */
export interface EventStoreUnderTest {
  store: EventStore;
  /** PostgreSQL (or PGlite) holding the read models and processor checkpoints, whatever holds the log. */
  database: Database;
  /** The registry the store runs its inline projections from. */
  projections: InlineProjectionRegistry;
  /** The position of the last event in the whole log now, or undefined while it is empty. */
  logTail(): Promise<LogPosition | undefined>;
}

/**
 * The behaviour every `EventStore` promises, run against the PostgreSQL store (always) and the KurrentDB store
 * (where one is reachable). Stream ids end in a suffix unique to the run: a KurrentDB server outlives a test run,
 * and the log of a shared server holds other runs' streams.
 */
export function describeEventStoreContract(label: string, subject: () => EventStoreUnderTest): void {
  const run = randomBytes(4).toString('hex');
  const stream = (name: string) => `${name}-${run}`;
  const ours = (prefix: string) => (event: RecordedEvent) =>
    event.streamId.startsWith(prefix) && event.streamId.endsWith(run);

  const readOursEventually = (after: LogPosition | undefined, count: number, prefix: string) =>
    readLogEventually(subject().store, after, count, ours(prefix));
  const readWholeLog = (after?: LogPosition, pageSize?: number) => readLog(subject().store, after, pageSize);

  async function conflictOf(promise: Promise<unknown>): Promise<StreamVersionConflictError> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StreamVersionConflictError);
    return error as StreamVersionConflictError;
  }

  describe(`${label}: streams`, () => {
    it('appends to a new stream and reads it back in order', async () => {
      const { store } = subject();
      const id = stream('order-1');
      const first = await store.appendToStream(
        id,
        [newEvent('OrderPlaced', { orderId: '1', totalAgorot: 4_250, note: 'בלי בצל' }), newEvent('PaymentPageOpened')],
        { expectedVersion: 'no_stream' },
      );
      expect(first.nextExpectedVersion).toBe(2);
      expect(first.events.map((event) => [event.streamVersion, event.type])).toEqual([
        [1, 'OrderPlaced'],
        [2, 'PaymentPageOpened'],
      ]);

      const second = await store.appendToStream(id, [newEvent('OrderPaid')], { expectedVersion: 2 });
      expect(second.nextExpectedVersion).toBe(3);

      const { version, events } = await store.readStream(id);
      expect(version).toBe(3);
      expect(events.map((event) => event.type)).toEqual(['OrderPlaced', 'PaymentPageOpened', 'OrderPaid']);
      const [placed] = events;
      expect(placed).toMatchObject({
        streamId: id,
        streamVersion: 1,
        data: { orderId: '1', totalAgorot: 4_250, note: 'בלי בצל' },
        metadata: { correlationId: 'correlation-1', actor: { kind: 'system' }, schemaVersion: 1 },
      });
      expect(placed!.metadata).toEqual(newEvent('OrderPlaced').metadata);
      expect(placed!.globalPosition).toMatch(/^\d+$/);
      expect(placed!.transactionId).toMatch(/^\d+$/);
      expect(new Date(placed!.recordedAt).toISOString()).toBe(placed!.recordedAt);

      const tail = await store.readStream(id, { fromVersion: 3 });
      expect(tail.version).toBe(3);
      expect(tail.events.map((event) => event.type)).toEqual(['OrderPaid']);
      expect(await store.readStream(id, { fromVersion: 9 })).toEqual({ version: 3, events: [] });
      expect(await store.readStream(stream('order-missing'))).toEqual({ version: 0, events: [] });
    });

    it('refuses an append based on a stale version and appends nothing', async () => {
      const { store } = subject();
      const id = stream('order-2');
      await store.appendToStream(id, [newEvent('OrderPlaced'), newEvent('OrderPaid')], {
        expectedVersion: 'no_stream',
      });
      const conflict = await conflictOf(store.appendToStream(id, [newEvent('OrderExpired')], { expectedVersion: 1 }));
      expect(conflict).toMatchObject({ code: 'stream.conflict', streamId: id, expected: 1, actual: 2 });
      expect((await store.readStream(id)).version).toBe(2);
    });

    it("refuses 'no_stream' (and 0) when the stream exists", async () => {
      const { store } = subject();
      const id = stream('business-+972541234567');
      await store.appendToStream(id, [newEvent('BusinessRegistered')], { expectedVersion: 'no_stream' });
      const conflict = await conflictOf(
        store.appendToStream(id, [newEvent('BusinessRegistered')], { expectedVersion: 'no_stream' }),
      );
      expect(conflict).toMatchObject({ expected: 'no_stream', actual: 1 });
      const conflictAtZero = await conflictOf(
        store.appendToStream(id, [newEvent('BusinessRegistered')], { expectedVersion: 0 }),
      );
      expect(conflictAtZero.actual).toBe(1);
    });

    it("appends wherever the stream is with 'any', and checks the version of an empty append", async () => {
      const { store } = subject();
      const id = stream('printer-1');
      await store.appendToStream(id, [newEvent('SlipQueued')], { expectedVersion: 'any' });
      const result = await store.appendToStream(id, [newEvent('SlipPrinted')], { expectedVersion: 'any' });
      expect(result.nextExpectedVersion).toBe(2);
      expect(await store.appendToStream(id, [], { expectedVersion: 2 })).toEqual({
        nextExpectedVersion: 2,
        events: [],
      });
      expect((await conflictOf(store.appendToStream(id, [], { expectedVersion: 1 }))).actual).toBe(2);
    });

    it('lets exactly one of ten concurrent writers with the same expected version win, with no gap', async () => {
      const { store } = subject();
      const id = stream('order-race');
      await store.appendToStream(id, [newEvent('OrderPlaced')], { expectedVersion: 'no_stream' });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, writer) =>
          store.appendToStream(id, [newEvent('OrderPaid', { writer }), newEvent('SlipQueued', { writer })], {
            expectedVersion: 1,
          }),
        ),
      );
      const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(9);
      for (const outcome of lost) expect(outcome.reason).toBeInstanceOf(StreamVersionConflictError);

      const { version, events } = await store.readStream(id);
      expect(version).toBe(3);
      expect(events.map((event) => event.streamVersion)).toEqual([1, 2, 3]);
      // Both events of the winner, none of anyone else's.
      expect(new Set(events.slice(1).map((event) => (event.data as { writer: number }).writer)).size).toBe(1);
    });

    it("lets exactly one of ten concurrent creators of a stream win with 'no_stream'", async () => {
      const { store } = subject();
      const id = stream('order-created-once');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, writer) =>
          store.appendToStream(id, [newEvent('OrderPlaced', { writer })], { expectedVersion: 'no_stream' }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect((await store.readStream(id)).version).toBe(1);
    });

    it('never loses an event when concurrent writers append with any version', async () => {
      const { store } = subject();
      const id = stream('printer-busy');
      await Promise.all(
        Array.from({ length: 6 }, (_, writer) =>
          store.appendToStream(id, [newEvent('SlipQueued', { writer })], { expectedVersion: 'any' }),
        ),
      );
      const { events } = await store.readStream(id);
      expect(events.map((event) => event.streamVersion)).toEqual([1, 2, 3, 4, 5, 6]);
    });
  });

  describe(`${label}: the whole log`, () => {
    it('returns the events of one append in stream order, past ten of them', async () => {
      const { store, logTail } = subject();
      const start = await logTail();
      await store.appendToStream(
        stream('order-long'),
        Array.from({ length: 12 }, (_, n) => newEvent('Step', { n })),
        { expectedVersion: 'no_stream' },
      );
      const log = await readOursEventually(start, 12, 'order-long');
      expect(log.map((event) => event.streamVersion)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      const positions = log.map((event) => BigInt(event.globalPosition));
      expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : 1)));
    });

    it('shows every event exactly once, in one stable order, to a reader running alongside many writers', async () => {
      const { store, logTail } = subject();
      const start = await logTail();
      const streams = Array.from({ length: 8 }, (_, index) => stream(`order-many-${index}`));
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
          seenLive.push(...page.filter(ours('order-many-')));
          if (page.length > 0) position = logPositionOf(page.at(-1)!);
          else await new Promise((resolve) => setTimeout(resolve, writing ? 1 : 10));
        }
      })();
      await writers;
      await reader;

      const final = await readOursEventually(start, 48, 'order-many-');
      expect(final).toHaveLength(48);
      expect(new Set(final.map((event) => event.globalPosition)).size).toBe(48);
      expect(seenLive.map((event) => event.globalPosition)).toEqual(final.map((event) => event.globalPosition));
      const again = (await readWholeLog(start, 11)).filter(ours('order-many-'));
      expect(again.map((event) => event.globalPosition)).toEqual(final.map((event) => event.globalPosition));
      for (const streamId of streams) {
        const versions = final.filter((event) => event.streamId === streamId).map((event) => event.streamVersion);
        expect(versions).toEqual([1, 2, 3, 4, 5, 6]);
      }
    });
  });

  describe(`${label}: selected history and counts`, () => {
    // A business of this run only: other runs and cases write to the same log.
    const phone = `050${run}`;
    // Paid at the command's time, as the product records it (the log keeps that time once, decision 067), but the
    // first order's payment, whose time differs and is kept in its data.
    const paid = (orderId: string, paidAt: string) => {
      const event = newEvent('OrderPaid', { orderId, businessPhone: phone, amountAgorot: 1_000, paidAt });
      return orderId === 'o1' ? event : { ...event, metadata: { ...event.metadata, occurredAt: paidAt } };
    };
    const byAdmin = (type: string, data: Record<string, unknown>) => {
      const event = newEvent(type, data);
      return { ...event, metadata: { ...event.metadata, actor: { kind: 'admin' as const, id: 'admin-1' } } };
    };
    let recorded: RecordedEvent[] = [];

    beforeAll(async () => {
      const { store } = subject();
      const appended = async (id: string, events: Parameters<EventStore['appendToStream']>[1]) =>
        (await store.appendToStream(stream(id), events, { expectedVersion: 'any' })).events;
      recorded = [
        ...(await appended('order-hist-1', [
          newEvent('OrderPlaced', { orderId: 'o1', businessPhone: phone, orderNumber: 1 }),
          paid('o1', '2026-10-31T21:59:59.000Z'),
        ])),
        ...(await appended('order-hist-2', [
          newEvent('OrderPlaced', { orderId: 'o2', businessPhone: phone, orderNumber: 2 }),
          paid('o2', '2026-10-31T22:00:00.000Z'),
          newEvent('RefundRequested', { orderId: 'o2', businessPhone: phone, refundId: 'r1' }),
        ])),
        ...(await appended('order-hist-3', [paid('o3', '2026-11-15T10:00:00.000Z')])),
        ...(await appended(
          'order-hist-other',
          [paid('o4', '2026-11-15T10:00:00.000Z')].map((event) => ({
            ...event,
            data: { ...(event.data as object), businessPhone: `other-${run}` },
          })),
        )),
        ...(await appended('business-hist', [byAdmin('BusinessNoted', { businessPhone: phone })])),
      ];
    });
    const positions = (events: readonly RecordedEvent[]) => events.map((event) => event.globalPosition);
    const at = (...indexes: number[]) => indexes.map((index) => recorded[index]!.globalPosition);

    it('selects by type and data fields, oldest first', async () => {
      const { store } = subject();
      const events = await store.readSelected({
        types: ['OrderPaid', 'RefundRequested'],
        dataEquals: { businessPhone: phone },
      });
      expect(positions(events)).toEqual(at(1, 3, 4, 5));
      expect(events[0]).toMatchObject({ streamId: stream('order-hist-1'), type: 'OrderPaid', data: { orderId: 'o1' } });
      expect(await store.readSelected({ types: ['OrderPaid'], dataEquals: { businessPhone: `none-${run}` } })).toEqual(
        [],
      );
    });

    it('selects by an instant in the data, from inclusive, to exclusive', async () => {
      const { store } = subject();
      const november = await store.readSelected({
        types: ['OrderPaid'],
        dataEquals: { businessPhone: phone },
        dataTimeBetween: { field: 'paidAt', from: '2026-10-31T22:00:00.000Z', to: '2026-11-30T22:00:00.000Z' },
      });
      expect(positions(november)).toEqual(at(3, 5));
    });

    it('selects within named streams only', async () => {
      const { store } = subject();
      const placed = await store.readSelected({
        types: ['OrderPlaced'],
        streamIds: [stream('order-hist-2'), stream('order-hist-1'), stream('order-hist-missing')],
      });
      expect(positions(placed)).toEqual(at(0, 2));
      expect(await store.readSelected({ types: ['OrderPlaced'], streamIds: [] })).toEqual([]);
    });

    it("selects an actor's events whatever their type, newest first, before a position, a page at a time", async () => {
      const { store } = subject();
      const selection = {
        types: ['RefundRequested'],
        orActorKinds: ['admin' as const],
        dataEquals: { businessPhone: phone },
      };
      expect(positions(await store.readSelected(selection, { newestFirst: true }))).toEqual(at(7, 4));
      expect(positions(await store.readSelected(selection, { newestFirst: true, limit: 1 }))).toEqual(at(7));
      expect(positions(await store.readSelected(selection, { newestFirst: true, before: at(7)[0] }))).toEqual(at(4));
      expect(await store.readSelected(selection, { before: at(4)[0] })).toEqual([]);
    });

    it('refuses a data field that is not a plain name', async () => {
      const { store } = subject();
      await expect(store.readSelected({ types: ['OrderPaid'], dataEquals: { "x' or true --": '1' } })).rejects.toThrow(
        /plain data field/,
      );
    });

    it('counts the events after a place in the log', async () => {
      const { store, logTail } = subject();
      const start = await logTail();
      await store.appendToStream(stream('order-counted'), [newEvent('Step'), newEvent('Step'), newEvent('Step')], {
        expectedVersion: 'no_stream',
      });
      await readOursEventually(start, 3, 'order-counted');
      const after = await readWholeLog(start);
      expect(await store.countAfter(start)).toBe(after.length);
      expect(await store.countAfter(logPositionOf(after.at(-1)!))).toBe(0);
      expect(await store.countAfter(undefined)).toBeGreaterThanOrEqual(after.length + recorded.length);
    });
  });

  describe(`${label}: inline projections and processors`, () => {
    beforeAll(async () => {
      const { database, projections } = subject();
      await sql(
        database.em(),
        'create table contract_item_counts (stream_id text primary key, items integer not null)',
      );
      projections.register({
        name: 'contract-item-counts',
        handles: ['ContractItemAdded'],
        async apply(em, event) {
          await sql(
            em,
            `insert into contract_item_counts (stream_id, items) values (?, 1)
             on conflict (stream_id) do update set items = contract_item_counts.items + 1`,
            [event.streamId],
          );
        },
      });
    });
    afterAll(() => subject().projections.unregister('contract-item-counts'));

    it('has updated an inline read model when the append returns, so the next read sees it', async () => {
      const { store, database } = subject();
      const id = stream('order-inline');
      await store.appendToStream(id, [newEvent('ContractItemAdded'), newEvent('ContractItemAdded')], {
        expectedVersion: 'no_stream',
      });
      const rows = await sql<{ items: number }>(
        database.em(),
        'select items from contract_item_counts where stream_id = ?',
        [id],
      );
      expect(rows).toEqual([{ items: 2 }]);
    });

    it('feeds a processor every event once, from a checkpoint kept in PostgreSQL', async () => {
      const { store, database } = subject();
      const name = `contract-reactor-${run}`;
      const runner = new ProcessorRunner({ em: () => database.em(), store, pollIntervalMs: 60_000 });
      const seen: string[] = [];
      runner.register({
        name,
        handles: ['Counted'],
        handle: async (event) => {
          if (event.streamId.endsWith(run)) seen.push(`${event.streamId.split('-')[1]}@${event.streamVersion}`);
        },
      });
      try {
        await store.appendToStream(stream('tally-a'), [newEvent('Counted'), newEvent('Counted')], {
          expectedVersion: 'no_stream',
        });
        const b = await store.appendToStream(stream('tally-b'), [newEvent('Counted')], {
          expectedVersion: 'no_stream',
        });
        await runner.runUntilIdle();
        expect(seen).toEqual(['a@1', 'a@2', 'b@1']);
        const [checkpoint] = await sql<LogPosition>(
          database.em(),
          `select last_transaction_id::text as "transactionId", last_position::text as "globalPosition"
             from processor_checkpoints where name = ?`,
          [name],
        );
        // At b, or past it when another writer of a shared server appended meanwhile; never before it.
        const [bPosition] = b.events.map(logPositionOf);
        expect(comparePositions(checkpoint!, bPosition!)).toBeGreaterThanOrEqual(0);

        await store.appendToStream(stream('tally-a'), [newEvent('Counted')], { expectedVersion: 2 });
        await runner.runUntilIdle();
        expect(seen).toEqual(['a@1', 'a@2', 'b@1', 'a@3']);
      } finally {
        await runner.stop();
      }
    });

    it('parks the event a processor gives up on, in PostgreSQL, and goes on', async () => {
      const { store, database } = subject();
      const name = `contract-parking-${run}`;
      const runner = new ProcessorRunner({ em: () => database.em(), store, pollIntervalMs: 60_000, maxAttempts: 1 });
      const handled: number[] = [];
      runner.register({
        name,
        handles: ['Weighed'],
        handle: async (event) => {
          if (!event.streamId.endsWith(run)) return;
          if ((event.data as { grams: number }).grams < 0) throw new Error('a negative weight');
          handled.push(event.streamVersion);
        },
      });
      try {
        const { events } = await store.appendToStream(
          stream('scale-1'),
          [newEvent('Weighed', { grams: 5 }), newEvent('Weighed', { grams: -1 }), newEvent('Weighed', { grams: 7 })],
          { expectedVersion: 'no_stream' },
        );
        await runner.runUntilIdle();
        expect(handled).toEqual([1, 3]);
        const parked = await sql<{ global_position: string; stream_id: string }>(
          database.em(),
          'select global_position::text, stream_id from parked_events where processor = ?',
          [name],
        );
        expect(parked).toEqual([{ global_position: events[1]!.globalPosition, stream_id: stream('scale-1') }]);
      } finally {
        await runner.stop();
      }
    });
  });
}

function comparePositions(a: LogPosition, b: LogPosition): number {
  const [ax, bx] = [BigInt(a.transactionId), BigInt(b.transactionId)];
  if (ax !== bx) return ax < bx ? -1 : 1;
  const [ap, bp] = [BigInt(a.globalPosition), BigInt(b.globalPosition)];
  return ap === bp ? 0 : ap < bp ? -1 : 1;
}
