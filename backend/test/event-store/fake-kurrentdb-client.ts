import { EventEmitter } from 'node:events';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type EventData,
  type KurrentDBClient,
  type Position,
  type ReadPosition,
  type ReadRevision,
  type RegexFilter,
} from '@kurrent/kurrentdb-client';

interface StoredEvent {
  streamId: string;
  id: string;
  isJson: true;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  position: Position;
}

/**
 * An in-memory stand-in for the few `KurrentDBClient` calls the adapter makes, modelled on the client's documented
 * behaviour: revisions from 0, `WrongExpectedVersionError` with the current state, `StreamNotFoundError` when reading a
 * missing stream, $all in (commit, prepare) order read from a position that is included, a type-regex filter, and a
 * live subscription. It exercises the adapter's own logic here, where no server exists; it proves nothing about a
 * real KurrentDB, which only `KURRENTDB_TEST_URL` does. Serialisation goes through JSON as on the wire.
 */
export class FakeKurrentDbClient {
  private readonly all: StoredEvent[] = [];
  private readonly live = new Set<EventEmitter>();
  private nextPosition = 1_000n;
  disposed = false;

  asClient(): KurrentDBClient {
    return this as unknown as KurrentDBClient;
  }

  async appendToStream(
    streamName: string,
    events: EventData[],
    { streamState = ANY }: { streamState?: AppendStreamState },
  ) {
    await Promise.resolve();
    const current = this.lastRevision(streamName);
    const matches =
      streamState === ANY ||
      (streamState === NO_STREAM ? current === undefined : current !== undefined && current === streamState);
    if (!matches) {
      throw new WrongExpectedVersionError(undefined, {
        streamName,
        expected: streamState,
        current: current ?? NO_STREAM,
      });
    }
    let revision = current ?? -1n;
    for (const event of events) {
      revision += 1n;
      // A multi-event write takes consecutive places in the log; positions are far apart, as byte offsets are.
      this.nextPosition += 137n;
      const stored: StoredEvent = {
        streamId: streamName,
        id: event.id,
        isJson: true,
        revision,
        type: event.type,
        created: new Date(),
        data: JSON.parse(JSON.stringify(event.data)),
        metadata: JSON.parse(JSON.stringify(event.metadata)),
        position: { commit: this.nextPosition, prepare: this.nextPosition },
      };
      this.all.push(stored);
      for (const subscription of this.live) subscription.emit('data', { event: stored });
    }
    return { success: true, nextExpectedRevision: revision, position: this.all.at(-1)!.position };
  }

  async *readStream(
    streamName: string,
    options: { fromRevision?: ReadRevision; direction?: string; maxCount?: number | bigint } = {},
  ) {
    await Promise.resolve();
    let events = this.all.filter((event) => event.streamId === streamName);
    if (events.length === 0) throw new StreamNotFoundError(undefined, streamName);
    const from = options.fromRevision;
    if (options.direction === BACKWARDS) {
      events = events.reverse();
      if (typeof from === 'bigint') events = events.filter((event) => event.revision <= from);
    } else if (typeof from === 'bigint') {
      events = events.filter((event) => event.revision >= from);
    }
    for (const event of events.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER))) yield { event };
  }

  async *readAll(
    options: { fromPosition?: ReadPosition; direction?: string; maxCount?: number | bigint; filter?: RegexFilter } = {},
  ): AsyncGenerator<AllStreamResolvedEvent> {
    await Promise.resolve();
    const regex = options.filter ? new RegExp(options.filter.regex) : undefined;
    let events = this.all.filter((event) => !regex || regex.test(event.type));
    const from = options.fromPosition ?? START;
    if (options.direction === BACKWARDS) {
      events = events.reverse();
      if (from !== END && from !== START) events = events.filter((event) => !isPast(event.position, from));
    } else if (from !== START && from !== END) {
      events = events.filter((event) => !isBefore(event.position, from));
    } else if (from === END) {
      events = [];
    }
    for (const event of events.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER))) {
      yield { event } as AllStreamResolvedEvent;
    }
  }

  subscribeToAll() {
    const subscription = Object.assign(new EventEmitter(), {
      unsubscribe: async () => {
        this.live.delete(subscription);
      },
    });
    this.live.add(subscription);
    return subscription;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
  }

  get liveSubscriptions(): number {
    return this.live.size;
  }

  private lastRevision(streamName: string): bigint | undefined {
    return this.all.findLast((event) => event.streamId === streamName)?.revision;
  }
}

function isBefore(position: Position, reference: Position): boolean {
  return position.commit !== reference.commit
    ? position.commit < reference.commit
    : position.prepare < reference.prepare;
}

function isPast(position: Position, reference: Position): boolean {
  return position.commit !== reference.commit
    ? position.commit > reference.commit
    : position.prepare > reference.prepare;
}
