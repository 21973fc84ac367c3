import { boundQuery } from '../../../platform/database/sql.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Processor, ProcessorContext } from '../../../platform/processing/processor.js';
import { ACTIVITY_EVENT_TYPES, actOf } from '../domain/activity-acts.js';

export const ACTIVITY_PROCESSOR = 'team-activity';

/**
 * The owner's activity page (issue 31): every act of a person, a screen, the owner or support inside a business, from
 * the log into `activity_log`. A processor after the fact, not an inline projection: nothing is added to the append of
 * the act (the kitchen's step keeps its speed), and the page may trail it by a second. A projection: the rows and
 * the checkpoint commit together, and a row is keyed by its event's position, so a redelivered batch inserts nothing.
 */
export function activityProjection(): Processor {
  const project = async (events: readonly RecordedEvent[], { em }: ProcessorContext) => {
    const acts = events.flatMap((event) => {
      const act = actOf(event);
      return act ? [act] : [];
    });
    if (acts.length === 0) return;
    const rows = acts.map((act) => ({
      position: act.position,
      business_id: act.businessPhone,
      at: act.at,
      kind: act.kind,
      type: act.type,
      change: act.change,
      actor_kind: act.actorKind,
      actor_id: act.actorId,
      actor_role: act.actorRole,
      screen_id: act.screenId,
      order_id: act.orderId,
      amount_agorot: act.amountAgorot,
      subject_id: act.subjectId,
      subject_name: act.subjectName?.slice(0, 200) ?? null,
      role: act.role,
    }));
    await boundQuery(
      em,
      `insert into activity_log (position, business_id, at, kind, type, change, actor_kind, actor_id, actor_role,
          screen_id, order_id, amount_agorot, subject_id, subject_name, role)
         select position, business_id, at, kind, type, change, actor_kind, actor_id, actor_role, screen_id, order_id,
                amount_agorot, subject_id, subject_name, role
           from jsonb_to_recordset($1::jsonb) as x(position bigint, business_id text, at timestamptz, kind text,
                type text, change text, actor_kind text, actor_id text, actor_role text, screen_id text, order_id uuid,
                amount_agorot integer, subject_id text, subject_name text, role text)
       on conflict (business_id, position) do nothing`,
      [JSON.stringify(rows)],
    );
  };

  return {
    name: ACTIVITY_PROCESSOR,
    mode: 'projection',
    handles: ACTIVITY_EVENT_TYPES,
    // Nobody watches this page as it happens: the acts of a busy second are written together, one statement and one
    // checkpoint a second at most, whatever the kitchen does.
    gatherMs: 250,
    spacingMs: 1_000,
    handle: (event, ctx) => project([event], ctx),
    handleBatch: project,
  };
}
