import type { EntityManager } from '@mikro-orm/postgresql';
import { StreamVersionConflictError } from './event-store.errors.js';
import type { EventMetadata, EventStore, RecordedEvent } from './event-store.port.js';

/** A domain event as deciders see it: plain data, no metadata. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * Pure decision logic of one aggregate (CONVENTIONS example 3): `decide` returns the new events or throws a domain
 * error; `evolve` folds one event into the state. Time and ids come in with the command.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

/** The metadata every new event of one command shares; the schema version is per event type. */
export type CommandMetadata = Omit<EventMetadata, 'schemaVersion'>;

export interface HandleCommandOptions<Command, Event extends DomainEvent, State> {
  store: EventStore;
  streamId: string;
  decider: Decider<Command, Event, State>;
  command: Command;
  metadata: CommandMetadata;
  /** The schema version of each event type (from contracts/); 1 for a type not listed. */
  schemaVersions?: Readonly<Partial<Record<Event['type'], number>>>;
  /** Turns a stored event (maybe of an older schema version) into the decider's current shape. */
  upcast?: (event: RecordedEvent) => Event;
  /** Read and append inside this unit of work's transaction (a processor's delivery, a sequence number taken with it). */
  em?: EntityManager;
}

export interface HandleCommandResult<State> {
  /** The appended events (empty when the command changed nothing). */
  events: RecordedEvent[];
  /** The stream's version after the command: the ETag of the aggregate. */
  version: number;
  state: State;
}

/**
 * Loads the stream, folds it, decides and appends with the expected version. A conflict (someone wrote in between)
 * is retried once on fresh state, since the second decision may well succeed or fail for a domain reason; a second
 * conflict is rethrown for the caller to answer 409.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  options: HandleCommandOptions<Command, Event, State>,
): Promise<HandleCommandResult<State>> {
  try {
    return await decideAndAppend(options);
  } catch (error) {
    if (!(error instanceof StreamVersionConflictError)) throw error;
    return decideAndAppend(options);
  }
}

async function decideAndAppend<Command, Event extends DomainEvent, State>({
  store,
  streamId,
  decider,
  command,
  metadata,
  schemaVersions,
  upcast = asDomainEvent,
  em,
}: HandleCommandOptions<Command, Event, State>): Promise<HandleCommandResult<State>> {
  const stream = await store.readStream(streamId, { em });
  let state = stream.events.reduce((current, event) => decider.evolve(current, upcast(event)), decider.initialState());
  const decided = decider.decide(command, state);
  if (decided.length === 0) return { events: [], version: stream.version, state };
  const result = await store.appendToStream(
    streamId,
    decided.map((event) => ({
      type: event.type,
      data: event.data,
      metadata: { ...metadata, schemaVersion: schemaVersions?.[event.type as Event['type']] ?? 1 },
    })),
    { expectedVersion: stream.version === 0 ? 'no_stream' : stream.version, em },
  );
  state = decided.reduce((current, event) => decider.evolve(current, event), state);
  return { events: result.events, version: result.nextExpectedVersion, state };
}

function asDomainEvent<Event extends DomainEvent>(event: RecordedEvent): Event {
  // Events come back from JSON; the stream's only writer is this decider, so they are its events.
  return { type: event.type, data: event.data } as Event;
}
