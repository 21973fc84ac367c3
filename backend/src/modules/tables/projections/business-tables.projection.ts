import type { EntityManager } from '@mikro-orm/postgresql';
import { TABLE_LIMITS } from '@tafrit/contracts';
import { execute } from '../../../platform/database/sql.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { InlineProjection } from '../../../platform/event-store/inline-projection.js';
import { TABLES_EVENT_TYPES, TABLES_STREAM_PREFIX, type TablesEvent } from '../domain/tables.events.js';

const businessOf = (streamId: string): string => streamId.slice(TABLES_STREAM_PREFIX.length);

/**
 * `business_tables`, one row per business, written in the append's own transaction so the owner's answer and the next
 * diner see the choice at once. Idempotent: an event applies only when it is newer than the row.
 */
export const businessTablesProjection: InlineProjection = {
  name: 'business-tables',
  handles: TABLES_EVENT_TYPES,
  async apply(em: EntityManager, recorded: RecordedEvent) {
    const event = recorded as RecordedEvent & TablesEvent;
    const businessPhone = businessOf(recorded.streamId);
    const version = recorded.streamVersion;
    switch (event.type) {
      case 'TablesChosen': {
        const { shared, numbers, idleMinutes, unpaidShareMinutes, at } = event.data;
        const payAtEnd = event.data.payAtEnd ?? false;
        const holdShekels = event.data.holdShekels ?? TABLE_LIMITS.holdShekels.default;
        const tabIdleMinutes = event.data.tabIdleMinutes ?? TABLE_LIMITS.tabIdleMinutes.default;
        await execute(
          em,
          `insert into business_tables
             (business_id, shared, numbers, idle_minutes, unpaid_share_minutes, pay_at_end, hold_shekels,
              tab_idle_minutes, generation, keys_renewed_at, updated_at, stream_version)
           values (?, ?, ?::int[], ?, ?, ?, ?, ?, 0, null, ?, ?)
           on conflict (business_id) do update
             set shared = excluded.shared, numbers = excluded.numbers, idle_minutes = excluded.idle_minutes,
                 unpaid_share_minutes = excluded.unpaid_share_minutes, pay_at_end = excluded.pay_at_end,
                 hold_shekels = excluded.hold_shekels, tab_idle_minutes = excluded.tab_idle_minutes,
                 updated_at = excluded.updated_at, stream_version = excluded.stream_version
           where business_tables.stream_version < excluded.stream_version`,
          [
            businessPhone,
            shared,
            `{${numbers.join(',')}}`,
            idleMinutes,
            unpaidShareMinutes,
            payAtEnd,
            holdShekels,
            tabIdleMinutes,
            at,
            version,
          ],
        );
        return;
      }
      case 'TableKeysRenewed': {
        const { generation, at } = event.data;
        await execute(
          em,
          `insert into business_tables
             (business_id, shared, numbers, idle_minutes, unpaid_share_minutes, generation, keys_renewed_at,
              updated_at, stream_version)
           values (?, false, '{}', ?, ?, ?, ?, ?, ?)
           on conflict (business_id) do update
             set generation = excluded.generation, keys_renewed_at = excluded.keys_renewed_at,
                 updated_at = excluded.updated_at, stream_version = excluded.stream_version
           where business_tables.stream_version < excluded.stream_version`,
          [
            businessPhone,
            TABLE_LIMITS.idleMinutes.default,
            TABLE_LIMITS.unpaidShareMinutes.default,
            generation,
            at,
            at,
            version,
          ],
        );
        return;
      }
    }
  },
};
