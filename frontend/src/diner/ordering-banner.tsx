import type { OrderingState } from '@tafrit/contracts/menu-types';
import { useLanguage, useText } from './language';

/** The id the disabled add and pay buttons point at (aria-describedby): the reason they are disabled. */
export const ORDERING_CLOSED_ID = 'ordering-closed';

const TZ = 'Asia/Jerusalem';
const dayOf = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: TZ });

/** When ordering opens, in the diner's language and Israel time: the hour today, else the weekday and the hour. */
export function opensAtText(opensAt: string, language: string, today: string, now: Date = new Date()): string {
  const when = new Date(opensAt);
  const hour = new Intl.DateTimeFormat(language, { timeZone: TZ, hour: '2-digit', minute: '2-digit' }).format(when);
  if (dayOf(when) === dayOf(now)) return `${today} ${hour}`;
  const day = new Intl.DateTimeFormat(language, { timeZone: TZ, weekday: 'long', day: 'numeric', month: 'numeric' });
  return `${day.format(when)}, ${hour}`;
}

/**
 * The menu's calm banner while ordering is closed ("ההזמנות סגורות כעת · נפתח ב־…", decision 028): the diner may
 * still browse; the add and pay buttons are disabled and point here for the reason.
 */
export function OrderingBanner({ ordering }: { ordering: OrderingState | undefined }) {
  const t = useText();
  const { language } = useLanguage();
  if (!ordering || ordering.open) return null;
  return (
    <div
      id={ORDERING_CLOSED_ID}
      role="status"
      className="mb-4 rounded-xl border border-line bg-surface p-4 text-ink"
      data-testid="ordering-closed"
    >
      <p className="text-lg font-bold">
        {t.ordering.closed}
        {ordering.opensAt ? (
          <>
            {' · '}
            {t.ordering.opensAt}
            <bdi>{opensAtText(ordering.opensAt, language, t.ordering.today)}</bdi>
          </>
        ) : null}
      </p>
      <p className="text-muted">{t.ordering.browse}</p>
    </div>
  );
}
