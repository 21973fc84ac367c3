// The kitchen screen's board (issue 18): new, in preparation and ready side by side across the width from 1024 px,
// one column at a time with a filter below it (a phone, a tablet held upright); what is done today (served or
// cancelled) folded in a strip below, out of the kitchen's way.
import type { LiveOrder } from '@tafrit/contracts/sockets';
import { useState, type ReactNode } from 'react';
import { heOwner } from '@/i18n/he-owner';

const t = heOwner.live;

export const KITCHEN_COLUMNS = ['new', 'active', 'ready'] as const;
export type KitchenColumn = (typeof KITCHEN_COLUMNS)[number];

const filterButtonClass =
  'inline-flex min-h-12 flex-col items-center justify-center rounded-lg border border-brand-700 px-2 py-1 ' +
  'text-lg font-medium text-brand-700 hover:bg-brand-50 ' +
  'aria-pressed:bg-brand-700 aria-pressed:text-white aria-pressed:hover:bg-brand-800';

export function KitchenBoard({
  columns,
  upcoming = [],
  done,
  card,
}: {
  columns: Record<KitchenColumn, readonly LiveOrder[]>;
  /** Orders for a later pickup (issue 33), by pickup time: shown apart until their preparation starts. */
  upcoming?: readonly LiveOrder[];
  done: readonly LiveOrder[];
  card: (order: LiveOrder) => ReactNode;
}) {
  // Below 1024 px one column shows: new orders first, the kitchen's first concern.
  const [shown, setShown] = useState<KitchenColumn>('new');
  return (
    <div className="mt-6 flex flex-col gap-8">
      <div role="group" aria-label={t.sectionsLabel} className="grid grid-cols-3 gap-2 lg:hidden">
        {KITCHEN_COLUMNS.map((column) => (
          <button
            key={column}
            type="button"
            aria-pressed={shown === column}
            onClick={() => setShown(column)}
            className={filterButtonClass}
            data-testid={`live-filter-${column}`}
          >
            {t.sections[column]} <bdi className="text-base">({columns[column].length})</bdi>
          </button>
        ))}
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        {KITCHEN_COLUMNS.map((column) => (
          <section
            key={column}
            aria-labelledby={`live-${column}`}
            data-testid={`live-section-${column}`}
            className={`${shown === column ? 'flex' : 'hidden lg:flex'} min-w-0 flex-col gap-4 rounded-xl bg-canvas`}
          >
            <h2 id={`live-${column}`} className="text-2xl font-bold text-ink">
              {t.sections[column]} <bdi className="text-lg font-medium text-muted">({columns[column].length})</bdi>
            </h2>
            {columns[column].length === 0 ? (
              <p className="rounded-xl border border-dashed border-line p-6 text-center text-lg text-muted">
                {t.columnEmpty}
              </p>
            ) : (
              <ul className="flex flex-col gap-4">{columns[column].map(card)}</ul>
            )}
          </section>
        ))}
      </div>
      {upcoming.length > 0 ? (
        <section aria-labelledby="live-upcoming" data-testid="live-section-upcoming" className="flex flex-col gap-4">
          <h2 id="live-upcoming" className="text-2xl font-bold text-ink">
            {t.upcoming} <bdi className="text-lg font-medium text-muted">({upcoming.length})</bdi>
          </h2>
          <p className="text-lg text-muted">{t.upcomingHint}</p>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">{upcoming.map(card)}</ul>
        </section>
      ) : null}
      {done.length > 0 ? (
        <section aria-labelledby="live-done" data-testid="live-section-done">
          <h2 id="live-done" className="text-2xl font-bold text-ink">
            {t.sections.done} <bdi className="text-lg font-medium text-muted">({done.length})</bdi>
          </h2>
          <details className="group mt-2">
            <summary
              className={
                'inline-flex min-h-12 cursor-pointer list-none items-center gap-2 rounded-lg px-2 ' +
                'text-lg font-medium text-brand-700 underline hover:bg-surface'
              }
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-5 motion-safe:transition-transform group-open:rotate-180"
                fill="currentColor"
              >
                <path d="M4 7h12l-6 7z" />
              </svg>
              {t.showDone(done.length)}
            </summary>
            <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">{done.map(card)}</ul>
          </details>
        </section>
      ) : null}
    </div>
  );
}
