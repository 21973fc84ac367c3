import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { type Role, TEAM_LIMITS } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';

export interface TeamMemberRow {
  id: string;
  kind: 'person' | 'screen';
  phone: string | null;
  name: string;
  role: Role;
  addedAt: string;
  removedAt: string | null;
  pinSet: boolean;
}

interface Row {
  id: string;
  business_id: string;
  kind: 'person' | 'screen';
  phone: string | null;
  name: string;
  role: Role;
  added_at: Date | string;
  removed_at: Date | string | null;
  pin_set: boolean;
}

const toMember = (row: Row): TeamMemberRow => ({
  id: row.id,
  kind: row.kind,
  phone: row.phone,
  name: row.name,
  role: row.role,
  addedAt: new Date(row.added_at).toISOString(),
  removedAt: row.removed_at === null ? null : new Date(row.removed_at).toISOString(),
  pinSet: row.pin_set === true,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The `team_members` and `team_settings` read models, for the team module and, through its index, for others. */
@Injectable()
export class TeamReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** A present member (not removed) of this business; undefined for anything else. */
  async memberOf(businessPhone: string, memberId: string): Promise<TeamMemberRow | undefined> {
    if (!UUID.test(memberId)) return undefined;
    const [row] = await query<Row>(
      this.database.em(),
      'select * from team_members where id = ? and business_id = ? and removed_at is null',
      [memberId, businessPhone],
    );
    return row ? toMember(row) : undefined;
  }

  /** The business's present people and screens, in the order they were added. */
  async membersOf(businessPhone: string): Promise<TeamMemberRow[]> {
    const rows = await query<Row>(
      this.database.em(),
      'select * from team_members where business_id = ? and removed_at is null order by added_at, id',
      [businessPhone],
    );
    return rows.map(toMember);
  }

  /**
   * Names of members by id, removed ones included (old records keep the name they were made under). `em` reads inside
   * a caller's transaction (a projection's: PGlite has one connection).
   */
  async namesOf(businessPhone: string, memberIds: readonly string[], em?: EntityManager): Promise<Map<string, string>> {
    const ids = [...new Set(memberIds.filter((id) => UUID.test(id)))];
    if (ids.length === 0) return new Map();
    const rows = await query<{ id: string; name: string }>(
      em ?? this.database.em(),
      `select id, name from team_members where business_id = ? and id in (${ids.map(() => '?').join(', ')})`,
      [businessPhone, ...ids],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Every present membership of a person's phone, in any business. */
  async membershipsOf(personPhone: string): Promise<Array<TeamMemberRow & { businessPhone: string }>> {
    const rows = await query<Row>(
      this.database.em(),
      `select * from team_members where phone = ? and kind = 'person' and removed_at is null order by added_at, id`,
      [personPhone],
    );
    return rows.map((row) => ({ ...toMember(row), businessPhone: row.business_id }));
  }

  async idleHoursOf(businessPhone: string): Promise<number> {
    const [row] = await query<{ idle_hours: number }>(
      this.database.em(),
      'select idle_hours from team_settings where business_id = ?',
      [businessPhone],
    );
    return row?.idle_hours ?? TEAM_LIMITS.idleHoursDefault;
  }
}
