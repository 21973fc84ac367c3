import type { Database } from '../../src/platform/database/database.js';
import { handleCommand, type Decider } from '../../src/platform/event-store/aggregate.js';
import { StreamVersionConflictError, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres/postgres-event-store.js';
import { startTestDatabase } from '../support/test-database.js';
import { newEvent } from './event-factory.js';

// A tab that takes items until it is closed.
type TabCommand = { type: 'AddItem'; item: string } | { type: 'Close' };
type TabEvent = { type: 'ItemAdded'; data: { item: string } } | { type: 'TabClosed'; data: Record<string, never> };
type TabState = { items: string[]; closed: boolean };

class TabAlreadyClosed extends Error {}

const tab: Decider<TabCommand, TabEvent, TabState> = {
  initialState: () => ({ items: [], closed: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ItemAdded':
        return { ...state, items: [...state.items, event.data.item] };
      case 'TabClosed':
        return { ...state, closed: true };
    }
  },
  decide: (command, state) => {
    if (state.closed) throw new TabAlreadyClosed();
    return command.type === 'AddItem'
      ? [{ type: 'ItemAdded', data: { item: command.item } }]
      : [{ type: 'TabClosed', data: {} }];
  },
};

const metadata = {
  correlationId: 'request-1',
  actor: { kind: 'diner' as const },
  occurredAt: '2026-11-21T12:00:00.000Z',
};

let database: Database;
let close: () => Promise<void>;
let store: PostgresEventStore;

beforeAll(async () => {
  ({ database, close } = await startTestDatabase());
  store = new PostgresEventStore({ em: () => database.em() });
});
afterAll(() => close());

/** A store where another writer slips an event in before each of the first `times` appends. */
function raced(times: number, event = newEvent('ItemAdded', { item: 'מים' })): EventStore {
  let left = times;
  return {
    readStream: (...args) => store.readStream(...args),
    readSelected: (...args) => store.readSelected(...args),
    countAfter: (...args) => store.countAfter(...args),
    readAll: (...args) => store.readAll(...args),
    async appendToStream(streamId, events, options) {
      if (left-- > 0) await store.appendToStream(streamId, [event], { expectedVersion: 'any' });
      return store.appendToStream(streamId, events, options);
    },
  };
}

describe('handling a command', () => {
  it('folds the stream, decides and appends with the expected version', async () => {
    const first = await handleCommand({
      store,
      streamId: 'tab-1',
      decider: tab,
      command: { type: 'AddItem', item: 'קפה' },
      metadata,
    });
    expect(first.version).toBe(1);
    const second = await handleCommand({
      store,
      streamId: 'tab-1',
      decider: tab,
      command: { type: 'AddItem', item: 'עוגה' },
      metadata,
      schemaVersions: { ItemAdded: 2 },
    });
    expect(second.version).toBe(2);
    expect(second.state).toEqual({ items: ['קפה', 'עוגה'], closed: false });
    expect(second.events[0]).toMatchObject({
      type: 'ItemAdded',
      streamVersion: 2,
      metadata: { ...metadata, schemaVersion: 2 },
    });
  });

  it('decides again on fresh state after one conflict', async () => {
    await handleCommand({
      store,
      streamId: 'tab-2',
      decider: tab,
      command: { type: 'AddItem', item: 'קפה' },
      metadata,
    });
    const result = await handleCommand({
      store: raced(1),
      streamId: 'tab-2',
      decider: tab,
      command: { type: 'AddItem', item: 'עוגה' },
      metadata,
    });
    expect(result.version).toBe(3);
    expect(result.state.items).toEqual(['קפה', 'מים', 'עוגה']);
  });

  it('gives up after a second conflict', async () => {
    await expect(
      handleCommand({
        store: raced(2),
        streamId: 'tab-3',
        decider: tab,
        command: { type: 'AddItem', item: 'קפה' },
        metadata,
      }),
    ).rejects.toBeInstanceOf(StreamVersionConflictError);
    expect((await store.readStream('tab-3')).version).toBe(2);
  });

  it('answers a domain error when the retry finds the tab closed', async () => {
    await expect(
      handleCommand({
        store: raced(1, newEvent('TabClosed')),
        streamId: 'tab-4',
        decider: tab,
        command: { type: 'AddItem', item: 'קפה' },
        metadata,
      }),
    ).rejects.toBeInstanceOf(TabAlreadyClosed);
  });

  it('appends nothing when the decider decides nothing', async () => {
    const quiet: Decider<TabCommand, TabEvent, TabState> = { ...tab, decide: () => [] };
    const result = await handleCommand({
      store,
      streamId: 'tab-5',
      decider: quiet,
      command: { type: 'Close' },
      metadata,
    });
    expect(result).toEqual({ events: [], version: 0, state: { items: [], closed: false } });
  });
});
