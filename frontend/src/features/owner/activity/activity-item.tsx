// One act of the activity page: when, who (with the role of then, and the screen a PIN was typed on), what, and what
// it concerned (an order's number, an amount, a person's or a group's name).
import type { ActivityItem } from '@tafrit/contracts/http/activity.schemas';
import { formatShekels } from '@tafrit/contracts/money';
import { formatIsraelDateTime } from '@tafrit/contracts/months';
import { TypedText } from '@/components/typed-text';
import { heOwnerActivity } from '@/i18n/he-owner-activity';

const t = heOwnerActivity.activity;

/** What the act did, in words: its event's, a menu change's, or else its kind's with the event's name. */
export function actText(item: Pick<ActivityItem, 'type' | 'change' | 'kind'>): string {
  if (item.type === 'MenuChanged' && item.change) return t.menuChanges[item.change] ?? t.kinds.menu;
  return t.acts[item.type] ?? `${t.otherAct} ${t.kinds[item.kind]}`;
}

export function ActivityRow({ item }: { item: ActivityItem }) {
  const { actor } = item;
  return (
    <li className="flex flex-col gap-1 px-4 py-3 md:flex-row md:items-baseline md:gap-4" data-testid="activity-item">
      <time dateTime={item.at} className="shrink-0 text-muted md:w-40">
        <bdi dir="ltr">{formatIsraelDateTime(item.at)}</bdi>
      </time>
      <p className="min-w-0 text-ink">
        <TypedText text={actor.name} className="font-bold" data-testid="activity-actor" />
        {actor.role && actor.kind !== 'owner' ? (
          <span className="text-muted">
            {' '}
            ({t.asRole} {t.roles[actor.role]})
          </span>
        ) : null}
        {actor.screenName ? (
          <span className="text-muted">
            {' '}
            {t.onScreen} <TypedText text={actor.screenName} />
          </span>
        ) : null}{' '}
        <span data-testid="activity-act">{actText(item)}</span>
        {item.subject ? (
          <>
            {' '}
            <TypedText text={item.subject} className="font-medium" />
          </>
        ) : null}
        {item.role ? <span className="text-muted"> ({t.roles[item.role]})</span> : null}
        {item.orderNumber !== null ? (
          <>
            {' '}
            {t.order} <bdi className="font-medium">#{item.orderNumber}</bdi>
          </>
        ) : null}
        {item.amountAgorot !== null ? (
          <>
            {' '}
            <bdi dir="ltr" className="font-medium">
              {formatShekels(item.amountAgorot)}
            </bdi>
          </>
        ) : null}
      </p>
    </li>
  );
}
