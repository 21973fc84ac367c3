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
  /**
   * Optional: what `apply` does for each of `events` in turn (the ones it handles, in the log's order), in a few
   * statements for all of them: a rebuild replays a page of the log through it, and an append of several events.
   */
  applyBatch?(em: EntityManager, events: readonly RecordedEvent[]): Promise<void>;
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

  /**
   * Runs, in registration order, every projection that handles each event. When only one projection handles any of
   * an append's events and it has a batch path, it gets them at once: nothing else runs between them, so the effect
   * is the same as event by event.
   */
  async apply(em: EntityManager, events: readonly RecordedEvent[]): Promise<void> {
    if (events.length > 1) {
      const involved = this.projections.filter((projection) =>
        events.some((event) => projection.handles.includes(event.type)),
      );
      const only = involved.length === 1 ? involved[0] : undefined;
      if (only?.applyBatch) {
        await only.applyBatch(
          em,
          events.filter((event) => only.handles.includes(event.type)),
        );
        return;
      }
    }
    for (const event of events) {
      for (const projection of this.projections) {
        if (projection.handles.includes(event.type)) await projection.apply(em, event);
      }
    }
  }
}
