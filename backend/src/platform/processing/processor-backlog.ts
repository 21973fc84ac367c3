import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventStore } from '../event-store/event-store.port.js';
import { storedCheckpoints, unresolvedParkedCounts } from './checkpoint-store.js';

/** How far behind a processor is: the events after its checkpoint, and the events it parked (unresolved). */
export interface ProcessorBacklog {
  name: string;
  pending: number;
  parked: number;
}

/**
 * The backlog of the processors this process runs (`localNames`) and of those another process (a worker) runs that
 * have a checkpoint or parked events, by name. The pending events are counted by the event store, wherever the log is.
 */
export async function processorBacklogs(
  em: EntityManager,
  store: EventStore,
  localNames: readonly string[],
): Promise<ProcessorBacklog[]> {
  const checkpoints = await storedCheckpoints(em);
  const parked = await unresolvedParkedCounts(em);
  const names = [...new Set([...localNames, ...checkpoints.keys(), ...parked.keys()])].sort();
  const backlogs: ProcessorBacklog[] = [];
  for (const name of names) {
    backlogs.push({ name, pending: await store.countAfter(checkpoints.get(name)), parked: parked.get(name) ?? 0 });
  }
  return backlogs;
}
