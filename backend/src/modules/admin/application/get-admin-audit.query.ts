import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminAuditEntry } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_COLUMNS, type EventRow, toRecordedEvent } from '../../../platform/event-store/postgres/event-rows.js';
import { query } from '../../../platform/database/sql.js';
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
    @Inject(DATABASE) private readonly database: Database,
    private readonly businesses: BusinessReader,
  ) {}

  async execute({ before, limit }: GetAdminAuditQuery): Promise<AdminAuditEntry[]> {
    const em = this.database.em();
    const rows = await query<EventRow>(
      em,
      `select ${EVENT_COLUMNS} from events
        where (type in (${AUDITED_EVENT_TYPES.map(() => '?').join(', ')}) or metadata->'actor'->>'kind' = 'admin')
          ${before ? 'and global_position < ?::bigint' : ''}
        order by global_position desc
        limit ?`,
      [...AUDITED_EVENT_TYPES, ...(before ? [before] : []), limit],
    );
    const events = rows.map(toRecordedEvent);
    const phones = businessPhonesOf(events);
    const names = await this.businesses.namesOf(phones);
    return events.map((event) => toAuditEntry(event, names));
  }
}
