import type { EventActor } from '../../../platform/event-store/event-store.port.js';

/** Who asked and which request this was: it goes into every event's metadata. */
export interface CommandContext {
  actor: EventActor;
  correlationId: string;
}
