import { Inject, Injectable } from '@nestjs/common';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityAnswer,
  type ActivityItem,
  type ActivityKind,
  type ActivityPerson,
  type ActivityQuery,
  actorLabelsHe,
  type Role,
} from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import type { EventActor } from '../../../platform/event-store/event-store.port.js';
import { ActivityOrdersPort } from '../application/activity-orders.port.js';
import { actorViewOf } from './actor-names.js';
import { TeamReader } from './team.reader.js';

interface ActRow {
  /** As text: a bigint's digits, never rounded on the way. */
  act_position: string;
  at: Date | string;
  kind: ActivityKind;
  type: string;
  change: string | null;
  actor_kind: 'owner' | 'admin' | 'member' | 'screen';
  actor_id: string | null;
  actor_role: Role | null;
  screen_id: string | null;
  order_id: string | null;
  amount_agorot: number | null;
  subject_id: string | null;
  subject_name: string | null;
  role: Role | null;
}

const actorOfRow = (row: ActRow): EventActor => ({
  kind: row.actor_kind,
  ...(row.actor_id ? { id: row.actor_id } : {}),
  ...(row.actor_role ? { role: row.actor_role } : {}),
  ...(row.screen_id ? { screenId: row.screen_id } : {}),
});

/**
 * The activity page's reads of `activity_log` (issue 31): one business's acts, the latest first, a page at a time,
 * by person and kind. Names come from the team when the page is read (removed people included), order numbers from
 * ordering through `ActivityOrdersPort`. Every query names the business: another business's acts never appear.
 */
@Injectable()
export class ActivityReader {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly team: TeamReader,
    private readonly orders: ActivityOrdersPort,
  ) {}

  async page(businessPhone: string, { member, kind, before }: ActivityQuery): Promise<ActivityAnswer> {
    const where = ['business_id = ?'];
    const params: unknown[] = [businessPhone];
    if (kind) {
      where.push('kind = ?');
      params.push(kind);
    }
    if (member) {
      // A screen's id also finds what people did on it with their PIN.
      where.push('(actor_id = ? or screen_id = ?)');
      params.push(member, member);
    }
    if (before !== undefined) {
      where.push('position < ?');
      params.push(before);
    }
    const em = this.database.em();
    const rows = await query<ActRow>(
      em,
      `select position::text as act_position, at, kind, type, change, actor_kind, actor_id, actor_role, screen_id,
              order_id, amount_agorot, subject_id, subject_name, role
         from activity_log where ${where.join(' and ')}
        order by position desc limit ?`,
      [...params, ACTIVITY_PAGE_SIZE + 1],
    );
    const acts = rows.slice(0, ACTIVITY_PAGE_SIZE);
    const teamIds = acts.flatMap((row) => [row.actor_id, row.screen_id, row.subject_id]).filter(isId);
    const orderIds = [...new Set(acts.map((row) => row.order_id).filter(isId))];
    const [names, numbers, people] = await Promise.all([
      this.team.namesOf(businessPhone, teamIds),
      this.orders.numbersOf(businessPhone, orderIds),
      this.peopleOf(businessPhone),
    ]);
    const items = acts.map((row): ActivityItem => ({
      position: Number(row.act_position),
      at: new Date(row.at).toISOString(),
      kind: row.kind,
      type: row.type,
      change: row.change,
      actor: actorViewOf(actorOfRow(row), names),
      orderId: row.order_id,
      orderNumber: row.order_id ? (numbers.get(row.order_id) ?? null) : null,
      amountAgorot: row.amount_agorot,
      subject: (row.subject_id ? names.get(row.subject_id) : undefined) ?? row.subject_name,
      role: row.role,
    }));
    const last = items.at(-1);
    return { items, nextBefore: rows.length > ACTIVITY_PAGE_SIZE && last ? last.position : null, people };
  }

  /** Everyone the page can be filtered by: the owner, then people and screens as they joined, removed ones too. */
  private async peopleOf(businessPhone: string): Promise<ActivityPerson[]> {
    const members = await query<{ id: string; name: string; kind: 'person' | 'screen'; removed: boolean }>(
      this.database.em(),
      `select id, name, kind, removed_at is not null as removed from team_members
        where business_id = ? order by added_at, id`,
      [businessPhone],
    );
    return [
      { id: 'owner', name: actorLabelsHe.owner, kind: 'owner', removed: false },
      ...members.map((member) => ({
        id: member.id,
        name: member.name,
        kind: member.kind,
        removed: member.removed === true,
      })),
    ];
  }
}

const isId = (value: string | null): value is string => value !== null && value !== '';
