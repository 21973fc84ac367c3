import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventActor, EventStore } from '../../../platform/event-store/event-store.port.js';
import { type MenuChanged, menuStreamId } from '../domain/menu.events.js';

/** Records a menu change inside the caller's transaction: the row and its event commit together or not at all. */
export async function recordMenuChange(
  store: EventStore,
  em: EntityManager,
  data: Omit<MenuChanged['data'], 'changedAt'>,
  context: { actor: EventActor; correlationId: string },
): Promise<void> {
  const changedAt = new Date().toISOString();
  const event: MenuChanged = { type: 'MenuChanged', data: { ...data, changedAt } };
  await store.appendToStream(
    menuStreamId(data.businessId),
    [{ ...event, metadata: { ...context, occurredAt: changedAt, schemaVersion: 1 } }],
    // Menu edits are last-writer-wins state; the event is a notice, not a decision, so no version check.
    { expectedVersion: 'any', em },
  );
}
