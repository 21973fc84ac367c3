import { TIMELINE_EVENT_TYPES, type TimelineEventType } from '@tafrit/contracts';
import type { EventActor, RecordedEvent } from '../../../platform/event-store/event-store.port.js';

/** A step of the order's timeline before its actor is named (`ActorNames` does that with the team). */
export interface TimelineEntry {
  type: TimelineEventType;
  at: string;
  actor: EventActor;
  amountAgorot: number | null;
  detail: string | null;
}

interface StepData {
  refundId?: unknown;
  amountAgorot?: unknown;
  reason?: unknown;
  invoiceNumber?: unknown;
  creditNumber?: unknown;
  estimatedReadyAt?: unknown;
}

const SHOWN = new Set<string>(TIMELINE_EVENT_TYPES);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const amount = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/**
 * An order's steps from its own stream, oldest first (issue 31): what happened, when and by whom. The provider answers a
 * refund (returned, refused, its credit document) under the system's name; the step names the person who asked for
 * that refund instead, so "returned ₪12.00" says by whom. Pure: the same events give the same steps.
 */
export function timelineOf(events: readonly RecordedEvent[]): TimelineEntry[] {
  const askedBy = new Map<string, EventActor>();
  const entries: TimelineEntry[] = [];
  for (const event of events) {
    if (!SHOWN.has(event.type)) continue;
    const data = (event.data ?? {}) as StepData;
    const refundId = text(data.refundId);
    if (event.type === 'RefundRequested' && refundId) askedBy.set(refundId, event.metadata.actor);
    const requester = refundId ? askedBy.get(refundId) : undefined;
    const actor = event.metadata.actor.kind === 'system' && requester ? requester : event.metadata.actor;
    entries.push({
      type: event.type as TimelineEventType,
      at: event.metadata.occurredAt,
      actor,
      amountAgorot: event.type === 'OrderPaid' || refundId ? amount(data.amountAgorot) : null,
      detail: text(data.reason) ?? text(data.creditNumber) ?? text(data.invoiceNumber) ?? text(data.estimatedReadyAt),
    });
  }
  return entries;
}
