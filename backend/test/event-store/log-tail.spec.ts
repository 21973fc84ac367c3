import {
  compareLogPositions,
  logPositionOf,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from '../../src/platform/event-store/event-store.port.js';
import { LogTail } from '../../src/platform/processing/log-tail.js';
import { newEvent } from './event-factory.js';

/**
 * A log in memory with the store's contract: `readAll` answers the events after a position in log order, up to the
 * visible end (events of unfinished transactions are not visible yet), counting its reads and the rows it answered.
 */
class MemoryLog {
  readonly events: RecordedEvent[] = [];
  visible = 0;
  reads = 0;
  rows = 0;

  append(count: number, { visible = true } = {}): void {
    for (let index = 0; index < count; index++) {
      const n = this.events.length + 1;
      // Transaction ids out of step with global positions, as in PostgreSQL: log order is by transaction first.
      this.events.push({
        ...newEvent('Step', { n }),
        streamId: `order-${n}`,
        streamVersion: 1,
        transactionId: String(1000 + Math.floor(n / 3)),
        globalPosition: String(n),
        recordedAt: '2026-11-26T10:00:00.000Z',
      });
    }
    this.events.sort((a, b) => compareLogPositions(logPositionOf(a), logPositionOf(b)));
    if (visible) this.visible = this.events.length;
  }

  store(): EventStore {
    return {
      appendToStream: () => Promise.reject(new Error('not here')),
      readStream: () => Promise.reject(new Error('not here')),
      readSelected: () => Promise.reject(new Error('not here')),
      countAfter: () => Promise.reject(new Error('not here')),
      readAll: async ({ after, limit }) => {
        this.reads++;
        const answer = this.answer(after, limit);
        this.rows += answer.length;
        return answer;
      },
    };
  }

  /** What the store answers now, without counting: the reference a tail's answer must equal. */
  answer(after: LogPosition | undefined, limit: number): RecordedEvent[] {
    const shown = this.events.slice(0, this.visible);
    const from = after ? shown.findIndex((event) => compareLogPositions(logPositionOf(event), after) > 0) : 0;
    return from < 0 ? [] : shown.slice(from, from + limit);
  }
}

const numbers = (events: readonly RecordedEvent[]) => events.map((event) => (event.data as { n: number }).n);

describe('log tail (the processors share what they read of the log)', () => {
  it('reads each event from the store once when several readers follow the log', async () => {
    const log = new MemoryLog();
    const tail = new LogTail(log.store(), 10, 100);
    const cursors: (LogPosition | undefined)[] = [undefined, undefined, undefined];
    const seen: number[][] = [[], [], []];
    for (let round = 0; round < 6; round++) {
      log.append(4);
      // The readers come one after the other, as processors with their own gathering delays do.
      for (const [reader, cursor] of cursors.entries()) {
        const events = await tail.read(cursor);
        seen[reader]!.push(...numbers(events));
        if (events.length > 0) cursors[reader] = logPositionOf(events.at(-1)!);
      }
    }
    const all = numbers(log.events);
    expect(seen).toEqual([all, all, all]);
    // One read per round (the first reader's), each event answered once; the others came from memory.
    expect(log.rows).toBe(24);
    expect(log.reads).toBe(6);
  });

  it('shares one store read among readers that reach the end together', async () => {
    const log = new MemoryLog();
    const tail = new LogTail(log.store(), 10, 100);
    log.append(3);
    const answers = await Promise.all([tail.read(undefined), tail.read(undefined), tail.read(undefined)]);
    expect(answers.map(numbers)).toEqual([numbers(log.events), numbers(log.events), numbers(log.events)]);
    expect(log.reads).toBe(1);
  });

  it('answers what the store would, or the start of it, whatever the readers, the batches and what is visible', async () => {
    // A seeded generator: the same sequence on every run, so a failure can be replayed.
    let seed = 20261126;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const [batch, keep] of [
      [3, 8],
      [5, 50],
      [4, 1000],
    ] as const) {
      const log = new MemoryLog();
      const tail = new LogTail(log.store(), batch, keep);
      const cursors: (LogPosition | undefined)[] = Array.from({ length: 5 }, () => undefined);
      let fromMemory = 0;
      for (let step = 0; step < 400; step++) {
        const roll = random();
        if (roll < 0.25) {
          // Some events of a transaction still open: invisible until it commits.
          log.append(1 + Math.floor(random() * 4), { visible: random() < 0.7 });
        } else if (roll < 0.3) {
          log.visible = log.events.length;
        } else if (roll < 0.35) {
          // A reader moved from outside (an operator replaying a projection): back to any earlier place.
          const reader = Math.floor(random() * cursors.length);
          const to = Math.floor(random() * (log.visible + 1));
          cursors[reader] = to === 0 ? undefined : logPositionOf(log.events[to - 1]!);
        } else {
          const reader = Math.floor(random() * cursors.length);
          const expected = numbers(log.answer(cursors[reader], batch));
          const events = numbers(await tail.read(cursors[reader]));
          // Never an event the store would not answer, never one skipped, and something whenever there is something.
          expect(events).toEqual(expected.slice(0, events.length));
          expect(events.length > 0).toBe(expected.length > 0);
          if (events.length < expected.length) fromMemory++;
          const last = log.events.find((event) => numbers([event])[0] === events.at(-1));
          if (last) cursors[reader] = logPositionOf(last);
        }
      }
      // The case the tail is for happened: readers were answered from memory, short of what was there.
      expect(fromMemory).toBeGreaterThan(0);
    }
  });

  it('forgets the oldest events beyond what it keeps, and reads a forgotten stretch from the store', async () => {
    const log = new MemoryLog();
    const tail = new LogTail(log.store(), 5, 6);
    log.append(12);
    let cursor: LogPosition | undefined;
    for (let read = 0; read < 3; read++) {
      const events = await tail.read(cursor);
      if (events.length > 0) cursor = logPositionOf(events.at(-1)!);
    }
    const readsBefore = log.reads;
    // The first two events are forgotten: a reader at the start goes to the store and gets them all the same.
    expect(numbers(await tail.read(undefined))).toEqual([1, 2, 3, 4, 5].map((n) => numbers(log.events)[n - 1]));
    expect(log.reads).toBe(readsBefore + 1);
  });
});

describe('log tail: forgetting what every reader has passed', () => {
  it('forgets the events through a position and still answers the readers past it from memory', async () => {
    const log = new MemoryLog();
    const tail = new LogTail(log.store(), 10, 1_000);
    log.append(8);
    const events = await tail.read(undefined);
    const third = logPositionOf(events[2]!);
    tail.forgetThrough(third);
    const reads = log.reads;
    expect(numbers(await tail.read(third))).toEqual(numbers(events.slice(3)));
    expect(log.reads).toBe(reads);
    // A reader moved back before the forgotten place asks the store, and gets the same events.
    expect(numbers(await tail.read(undefined))).toEqual(numbers(events));
    expect(log.reads).toBe(reads + 1);
  });
});

describe('log tail: the event loop keeps turning', () => {
  it('gives waiting work a turn before answering from memory, as a read from the store would', async () => {
    const log = new MemoryLog();
    const tail = new LogTail(log.store(), 10, 1_000);
    log.append(30);
    // The first reader brings the whole stretch into memory, three batches.
    let cursor: LogPosition | undefined;
    for (let read = 0; read < 3; read++) cursor = logPositionOf((await tail.read(cursor)).at(-1)!);
    // Work queued before a read from memory (a request's callback) runs before its answer: a processor far behind
    // that walks the remembered stretch batch after batch cannot hold the thread for the whole of it.
    let waited = false;
    setImmediate(() => {
      waited = true;
    });
    const next = await tail.read(undefined);
    expect(next).toHaveLength(10);
    expect(log.reads).toBe(3);
    expect(waited).toBe(true);
  });
});
