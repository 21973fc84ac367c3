import { existsSync } from 'node:fs';
import type { Database } from '../../src/platform/database/database.js';
import { InlineProjectionRegistry } from '../../src/platform/event-store/inline-projection.js';
import { InlineProjectionAfterAppendError } from '../../src/platform/event-store/kurrentdb/inline-projection-after-append.error.js';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { KurrentDbEventStore } from '../../src/platform/event-store/kurrentdb/kurrentdb-event-store.js';
import { startTestDatabase } from '../support/test-database.js';
import { newEvent, sql } from './event-factory.js';
import { describeEventStoreContract } from './event-store.contract.js';
import { FakeKurrentDbClient } from './fake-kurrentdb-client.js';

/*
 * The KurrentDB store runs the same contract as the PostgreSQL store:
 * - always against an in-memory stand-in for the client (fake-kurrentdb-client.ts), which exercises the adapter's own
 *   logic (versions, conflicts, paging $all, projections after the append) but proves nothing about a real server;
 * - against the server named by KURRENTDB_TEST_URL (e.g. kurrentdb://127.0.0.1:2113?tls=false) when it is set.
 *   Testcontainers is not wired in: with no server the suite is skipped, and says so, instead of passing unrun.
 */
const url = process.env.KURRENTDB_TEST_URL;

function skipReason(): string {
  const docker = existsSync('/var/run/docker.sock');
  return docker
    ? 'KURRENTDB_TEST_URL is not set (Docker is here, but Testcontainers is not wired in: start a KurrentDB and set it)'
    : 'KURRENTDB_TEST_URL is not set and there is no Docker here to start one';
}

function describeKurrentDbStore(label: string, connect: () => KurrentDBClient): void {
  let database: Database;
  let close: () => Promise<void>;
  let store: KurrentDbEventStore;
  const projections = new InlineProjectionRegistry();

  beforeAll(async () => {
    ({ database, close } = await startTestDatabase());
    store = new KurrentDbEventStore({ client: connect(), em: () => database.em(), projections });
  });
  afterAll(async () => {
    await store?.close();
    await close?.();
  });

  describeEventStoreContract(label, () => ({ store, database, projections, logTail: () => store.headPosition() }));

  describe(`${label}: what differs from PostgreSQL (decision 011)`, () => {
    beforeAll(() => {
      projections.register({
        name: 'refusing-projection',
        handles: ['RefusedByProjection'],
        apply: async () => {
          throw new Error('the projection refuses this event');
        },
      });
    });

    it('keeps an event whose inline projection failed, and says so', async () => {
      const streamId = `order-refused-${Date.now()}`;
      const error = await store
        .appendToStream(streamId, [newEvent('RefusedByProjection')], { expectedVersion: 'no_stream' })
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      expect(error).toBeInstanceOf(InlineProjectionAfterAppendError);
      expect(error).toMatchObject({ streamId, nextExpectedVersion: 1 });
      expect((await store.readStream(streamId)).version).toBe(1);
    });

    it("does not roll the event back with the caller's transaction", async () => {
      const streamId = `menu-kept-${Date.now()}`;
      await expect(
        database.em().transactional(async (em) => {
          await sql(em, 'select 1');
          await store.appendToStream(streamId, [newEvent('MenuChanged')], { expectedVersion: 'any', em });
          throw new Error('the caller changed its mind');
        }),
      ).rejects.toThrow('the caller changed its mind');
      expect((await store.readStream(streamId)).version).toBe(1);
    });
  });
}

describeKurrentDbStore('KurrentDB store over an in-memory stand-in for the client', () =>
  new FakeKurrentDbClient().asClient(),
);

describe('KurrentDB store over an in-memory stand-in: wake-ups and shutdown', () => {
  it("wakes this instance's listeners when another instance appends, through the live subscription to $all", async () => {
    const client = new FakeKurrentDbClient();
    const em = () => {
      throw new Error('no read model is touched without inline projections');
    };
    const here = new KurrentDbEventStore({ client: client.asClient(), em });
    const there = new KurrentDbEventStore({ client: client.asClient(), em });
    const woken: string[] = [];
    here.onAppended((events) => woken.push(...events.map((event) => `${event.streamId}@${event.streamVersion}`)));

    await there.appendToStream('order-elsewhere', [newEvent('OrderPaid')], { expectedVersion: 'no_stream' });
    expect(woken).toEqual(['order-elsewhere@1']);

    await here.close();
    expect(client.liveSubscriptions).toBe(0);
    expect(client.disposed).toBe(true);
    await there.appendToStream('order-elsewhere', [newEvent('OrderPaid')], { expectedVersion: 1 });
    expect(woken).toEqual(['order-elsewhere@1']);
  });
});

if (url) {
  describeKurrentDbStore('KurrentDB store on a server', () => KurrentDBClient.connectionString(url));
} else {
  const reason = skipReason();
  console.info(`KurrentDB server contract tests SKIPPED: ${reason}. They were not run against any server.`);
  describe.skip(`KurrentDB store on a server: SKIPPED, no KurrentDB reachable (${reason})`, () => {
    it('runs the event store contract against a KurrentDB server', () => undefined);
  });
}
