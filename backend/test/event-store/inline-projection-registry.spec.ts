import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../../src/platform/event-store/event-store.port.js';
import { InlineProjectionRegistry, type InlineProjection } from '../../src/platform/event-store/inline-projection.js';

// An append of several events gives a projection's batch path its events at once only when nothing else would run
// between them; otherwise every projection runs event by event, in registration order, as before.

const em = {} as EntityManager;
const event = (type: string, position: number) => ({ type, globalPosition: String(position) }) as RecordedEvent;

function recording(name: string, handles: string[], calls: string[], batch = true): InlineProjection {
  return {
    name,
    handles,
    apply: async (_em, recorded) => {
      calls.push(`${name}:${recorded.type}@${recorded.globalPosition}`);
    },
    ...(batch
      ? {
          applyBatch: async (_em: EntityManager, events: readonly RecordedEvent[]) => {
            calls.push(`${name}:batch[${events.map((recorded) => recorded.globalPosition).join(',')}]`);
          },
        }
      : {}),
  };
}

describe('the inline projections of an append', () => {
  it('give the only projection involved its events at once, through its batch path', async () => {
    // Given one projection with a batch path that handles A, and another that handles C,
    const calls: string[] = [];
    const registry = new InlineProjectionRegistry();
    registry.register(recording('first', ['A'], calls));
    registry.register(recording('second', ['C'], calls));
    // when an append holds two A events and a B nobody handles,
    await registry.apply(em, [event('A', 1), event('B', 2), event('A', 3)]);
    // then the first gets its two events in one call.
    expect(calls).toEqual(['first:batch[1,3]']);
  });

  it('run event by event when two projections are involved or the one has no batch path', async () => {
    // Given two projections with batch paths,
    const calls: string[] = [];
    const registry = new InlineProjectionRegistry();
    registry.register(recording('first', ['A'], calls));
    registry.register(recording('second', ['A', 'C'], calls));
    // when an append holds events both handle, then each event goes to each in registration order.
    await registry.apply(em, [event('A', 1), event('C', 2)]);
    expect(calls).toEqual(['first:A@1', 'second:A@1', 'second:C@2']);
    // Given one without a batch path, when an append holds two of its events, then one by one.
    const single: string[] = [];
    const plain = new InlineProjectionRegistry();
    plain.register(recording('plain', ['A'], single, false));
    await plain.apply(em, [event('A', 1), event('A', 2)]);
    expect(single).toEqual(['plain:A@1', 'plain:A@2']);
  });
});
