// The owner's activity page (issue 31, `/activity`): who did what in the business, the latest first, filtered by
// person and by kind, 50 at a time with a button for the ones before. The owner's alone (the server decides:
// `team.manage`); the console shows its link to the owner only.
import { ACTIVITY_KINDS, type ActivityKind, type ActivityPerson } from '@tafrit/contracts/http/activity.schemas';
import { useId, useState } from 'react';
import { PageMain } from '@/components/page-shell';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass } from '@/components/ui/styles';
import { inputClass, labelClass } from '@/components/ui/form-styles';
import { pageTitle } from '@/i18n/he';
import { heOwnerActivity } from '@/i18n/he-owner-activity';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type ActivityFilter, useActivity } from './activity-api';
import { ActivityRow } from './activity-item';

const t = heOwnerActivity.activity;

export function ActivityPage() {
  useDocumentTitle(pageTitle(t.title));
  const [filter, setFilter] = useState<ActivityFilter>({});
  // While another filter loads, the previous answer stays (and with it the people to choose from), marked busy.
  const activity = useActivity(filter);
  const people = activity.data?.pages[0]?.people ?? [];
  const items = activity.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <PageMain>
      <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
      <p className="mt-3 max-w-prose text-lg text-muted">{t.intro}</p>
      <ActivityFilters filter={filter} people={people} onChange={setFilter} />
      <section aria-labelledby="activity-list-title" className="mt-6">
        <h2 id="activity-list-title" className="sr-only">
          {t.listLabel}
        </h2>
        {activity.isPending ? (
          <p role="status" className="text-muted">
            {t.loading}
          </p>
        ) : activity.isError && items.length === 0 ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-danger">
            <p>{t.failed}</p>
            <button type="button" className={secondaryButtonClass} onClick={() => void activity.refetch()}>
              {t.retry}
            </button>
          </div>
        ) : items.length === 0 ? (
          <p className="text-muted" data-testid="activity-empty">
            {t.empty}
          </p>
        ) : (
          <ol
            className="divide-y divide-line rounded-xl border border-line bg-surface"
            aria-busy={activity.isPlaceholderData}
            data-testid="activity-list"
          >
            {items.map((item) => (
              <ActivityRow key={item.position} item={item} />
            ))}
          </ol>
        )}
        {activity.hasNextPage ? (
          <PendingButton
            type="button"
            pending={activity.isFetchingNextPage}
            pendingLabel={t.loadingMore}
            className={`${secondaryButtonClass} mt-4`}
            onClick={() => void activity.fetchNextPage()}
          >
            {t.more}
          </PendingButton>
        ) : null}
      </section>
    </PageMain>
  );
}

/** By person (removed ones too, so their old acts can be found) and by kind: native selects, keyboard and all. */
function ActivityFilters({
  filter,
  people,
  onChange,
}: {
  filter: ActivityFilter;
  people: ActivityPerson[];
  onChange: (filter: ActivityFilter) => void;
}) {
  const personId = useId();
  const kindId = useId();
  return (
    <form
      role="search"
      aria-label={t.filtersLabel}
      className="mt-6 grid gap-4 sm:grid-cols-2 md:max-w-2xl"
      onSubmit={(event) => event.preventDefault()}
    >
      <div>
        <label htmlFor={personId} className={labelClass}>
          {t.person}
        </label>
        <select
          id={personId}
          className={inputClass}
          value={filter.member ?? ''}
          onChange={(event) => onChange({ ...filter, member: event.target.value || undefined })}
        >
          <option value="">{t.everyone}</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {personLabel(person)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={kindId} className={labelClass}>
          {t.kind}
        </label>
        <select
          id={kindId}
          className={inputClass}
          value={filter.kind ?? ''}
          onChange={(event) =>
            onChange({ ...filter, kind: (event.target.value || undefined) as ActivityKind | undefined })
          }
        >
          <option value="">{t.allKinds}</option>
          {ACTIVITY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t.kinds[kind]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

function personLabel(person: ActivityPerson): string {
  const suffix = person.removed ? ` ${t.removed}` : person.kind === 'screen' ? ` ${t.screen}` : '';
  return `${person.name}${suffix}`;
}
