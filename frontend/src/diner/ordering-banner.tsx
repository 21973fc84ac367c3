import type { OrderingState } from '@tafrit/contracts/menu-types';
import { useLanguage, useText } from './language';
import type { DinerStrings } from './strings';

/** The id the disabled add and pay buttons point at (aria-describedby): the reason they are disabled. */
export const ORDERING_CLOSED_ID = 'ordering-closed';

const TZ = 'Asia/Jerusalem';
const dayOf = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: TZ });

/** The calendar day after `day` ("YYYY-MM-DD"), as the same kind of string. */
function dayAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

type OpensWords = Pick<DinerStrings['ordering'], 'opensToday' | 'opensTomorrow' | 'opensOn'>;

/**
 * When ordering opens, as a whole phrase in the diner's language and Israel time ("ייפתח היום ב־07:00"): each
 * language words today, tomorrow and a later day its own way, so no word is glued before another language's date.
 */
export function opensAtText(opensAt: string, language: string, words: OpensWords, now: Date = new Date()): string {
  const when = new Date(opensAt);
  const hour = new Intl.DateTimeFormat(language, {
    timeZone: TZ,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(when);
  const day = dayOf(when);
  if (day === dayOf(now)) return words.opensToday(hour);
  if (day === dayAfter(dayOf(now))) return words.opensTomorrow(hour);
  const weekday = new Intl.DateTimeFormat(language, { timeZone: TZ, weekday: 'long' }).format(when);
  const date = new Intl.DateTimeFormat(language, { timeZone: TZ, day: 'numeric', month: 'numeric' }).format(when);
  return words.opensOn(weekday, date, hour);
}

/**
 * The menu's calm banner while ordering is closed ("ההזמנות סגורות כעת · ייפתח היום ב־18:00", decision 028): the diner may
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
            <bdi>{opensAtText(ordering.opensAt, language, t.ordering)}</bdi>
          </>
        ) : null}
      </p>
      <p className="text-muted">{t.ordering.browse}</p>
    </div>
  );
}
