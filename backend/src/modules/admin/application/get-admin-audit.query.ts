import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminAuditEntry } from '@tafrit/contracts';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { BusinessReader } from '../../accounts/index.js';
import { AUDITED_EVENT_TYPES, businessPhonesOf, toAuditEntry } from './audit-entries.js';

export const AUDIT_PAGE_SIZE = 200;

export class GetAdminAuditQuery {
  constructor(
    /** Only events before this global position (the last line of the previous page); none for the newest. */
    readonly before?: string,
    readonly limit: number = AUDIT_PAGE_SIZE,
  ) {}
}

/**
 * The audit view is read from the event log itself, not from a table of its own: an action that is not in the log did
 * not happen, and nothing can be left out of the view by a projection lagging or failing. Newest first by global
 * position; the actor test needs no index while the log is small (a `(type)` or actor index is the next step).
 */
@QueryHandler(GetAdminAuditQuery)
export class GetAdminAuditHandler implements IQueryHandler<GetAdminAuditQuery, AdminAuditEntry[]> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly businesses: BusinessReader,
  ) {}

  async execute({ before, limit }: GetAdminAuditQuery): Promise<AdminAuditEntry[]> {
    const events = await this.store.readSelected(
      { types: AUDITED_EVENT_TYPES, orActorKinds: ['admin'] },
      { newestFirst: true, before, limit },
    );
    const phones = businessPhonesOf(events);
    const names = await this.businesses.namesOf(phones);
    return events.map((event) => toAuditEntry(event, names));
  }
}
