import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { InlineProjection } from '../../../platform/event-store/inline-projection.js';
import { execute } from '../../../platform/database/sql.js';
import { TEAM_EVENT_TYPES, type TeamEvent } from '../domain/team.events.js';

const businessOf = (streamId: string): string => streamId.slice('team-'.length);

/**
 * `team_members` and `team_settings`, written in the append's own transaction so the answer to an invitation (and a
 * removal, before the sessions end) sees it at once. Idempotent: inserts ignore a row already there, and an update
 * applies only an event newer than the row's stream version.
 */
export const teamProjection: InlineProjection = {
  name: 'team',
  handles: TEAM_EVENT_TYPES,
  async apply(em: EntityManager, recorded: RecordedEvent) {
    const event = recorded as RecordedEvent & TeamEvent;
    const businessPhone = businessOf(recorded.streamId);
    switch (event.type) {
      case 'TeamMemberInvited': {
        const { memberId, phone, name, role, at } = event.data;
        await execute(
          em,
          `insert into team_members (id, business_id, kind, phone, name, role, added_at, stream_version)
           values (?, ?, 'person', ?, ?, ?, ?, ?) on conflict (id) do nothing`,
          [memberId, businessPhone, phone, name, role, at, recorded.streamVersion],
        );
        return;
      }
      case 'ScreenPaired': {
        const { memberId, name, at } = event.data;
        await execute(
          em,
          `insert into team_members (id, business_id, kind, phone, name, role, added_at, stream_version)
           values (?, ?, 'screen', null, ?, 'kitchen', ?, ?) on conflict (id) do nothing`,
          [memberId, businessPhone, name, at, recorded.streamVersion],
        );
        return;
      }
      case 'TeamMemberRoleChanged':
        await newer(em, recorded, event.data.memberId, 'role = ?', [event.data.role]);
        return;
      case 'TeamMemberRemoved':
        await newer(em, recorded, event.data.memberId, 'removed_at = ?', [event.data.at]);
        return;
      case 'StaffPinChosen':
        if (event.data.memberId !== 'owner') await newer(em, recorded, event.data.memberId, 'pin_set = true', []);
        return;
      case 'TeamIdleTimeChosen':
        await execute(
          em,
          `insert into team_settings (business_id, idle_hours) values (?, ?)
           on conflict (business_id) do update set idle_hours = excluded.idle_hours`,
          [businessPhone, event.data.idleHours],
        );
        return;
    }
  },
};

async function newer(
  em: EntityManager,
  recorded: RecordedEvent,
  memberId: string,
  assignment: string,
  params: unknown[],
): Promise<void> {
  await execute(
    em,
    `update team_members set ${assignment}, stream_version = ?
      where id = ? and business_id = ? and stream_version < ?`,
    [...params, recorded.streamVersion, memberId, businessOf(recorded.streamId), recorded.streamVersion],
  );
}
