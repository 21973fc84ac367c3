import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from './event-store.port.js';

/**
 * A read model updated in the same transaction as the append, for the reads a user makes right after a write (the
 * order after checkout, the business after registration). If `apply` throws, the append rolls back with it.
 * `apply` must use only the `em` it is given: on PGlite there is one connection and it is held by this transaction.
 */
export interface InlineProjection {
  name: string;
  handles: readonly string[];
  apply(em: EntityManager, event: RecordedEvent): Promise<void>;
}

/** The inline projections of the process; feature modules register theirs when they initialise. */
export class InlineProjectionRegistry {
  private readonly projections: InlineProjection[] = [];

  register(projection: InlineProjection): void {
    if (this.projections.some(({ name }) => name === projection.name)) {
      throw new Error(`inline projection "${projection.name}" is registered twice`);
    }
    this.projections.push(projection);
  }

  unregister(name: string): void {
    const index = this.projections.findIndex((projection) => projection.name === name);
    if (index >= 0) this.projections.splice(index, 1);
  }

  /** Runs, in registration order, every projection that handles each event. */
  async apply(em: EntityManager, events: readonly RecordedEvent[]): Promise<void> {
    for (const event of events) {
      for (const projection of this.projections) {
        if (projection.handles.includes(event.type)) await projection.apply(em, event);
      }
    }
  }
}
