// The accountant's month (issue 32, `/bookkeeping`): the month's zip for the accountant and the Tax Authority's uniform
// structure for a date range. For whoever reads the reports (the owner, a manager, the accountant); the server
// decides. Nothing is asked of the server until a download is pressed. First, when there are any, the documents
// waiting for an allocation number (decision 049).
import { useId, useMemo, useState } from 'react';
import { PageMain } from '@/components/page-shell';
import { useZipDownload, ZipStatus } from '@/components/zip-download';
import { cardClass, cardTitleClass, hintClass, inputClass, labelClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass } from '@/components/ui/styles';
import { pageTitle } from '@/i18n/he';
import { heOwnerBookkeeping } from '@/i18n/he-owner-bookkeeping';
import { useDocumentTitle } from '@/lib/use-document-title';
import { downloadBookkeepingMonth } from '../shared/api/bookkeeping';
import { errorDescription } from '../shared/errors';
import { bookkeepingMonths, monthOptionText, slashMonth } from './bookkeeping-dates';
import { AllocationsSection } from './allocations-section';
import { UniformStructureSection } from './uniform-structure-section';

const t = heOwnerBookkeeping.bookkeeping;

export function BookkeepingPage() {
  useDocumentTitle(pageTitle(t.title));
  return (
    <PageMain>
      <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
      <p className="mt-3 max-w-prose text-lg text-muted">{t.intro}</p>
      <AllocationsSection />
      <MonthSection />
      <UniformStructureSection />
    </PageMain>
  );
}

/** The month's zip: the previous Israel month by default (the one the accountant closes), of the last 24. */
function MonthSection() {
  const m = t.month;
  const titleId = useId();
  const selectId = useId();
  const noteId = useId();
  // Computed once per visit: a page left open over midnight on the 1st keeps the list it showed.
  const months = useMemo(() => bookkeepingMonths(new Date()), []);
  const current = months[0] ?? '';
  const [month, setMonth] = useState(months[1] ?? current);
  const download = useZipDownload(downloadBookkeepingMonth, m.error, errorDescription);
  const preparing = download.variables ?? month;

  return (
    <section aria-labelledby={titleId} className={`${cardClass} mt-8`} data-testid="bookkeeping-month">
      <h2 id={titleId} className={cardTitleClass}>
        {m.title}
      </h2>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={selectId} className={labelClass}>
            {m.label}
          </label>
          <select
            id={selectId}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            aria-describedby={month === current ? noteId : undefined}
            className={`${inputClass} min-w-48`}
          >
            {months.map((value) => (
              <option key={value} value={value}>
                {monthOptionText(value, value === current ? m.current : undefined)}
              </option>
            ))}
          </select>
        </div>
        <PendingButton
          type="button"
          pending={download.isPending}
          pendingLabel={m.pending}
          onClick={() => download.mutate(month)}
          className={primaryButtonClass}
        >
          {m.download}
        </PendingButton>
      </div>
      {month === current ? (
        <p id={noteId} className={hintClass}>
          {m.currentNote}
        </p>
      ) : null}
      <div className="mt-2">
        <ZipStatus
          pending={download.isPending}
          preparing={
            <>
              {m.preparingBefore} <bdi dir="ltr">{slashMonth(preparing)}</bdi>
              {m.preparingAfter}
            </>
          }
          saved={download.data}
          error={download.error}
          text={t}
          describeError={errorDescription}
          testId="bookkeeping-month"
        />
      </div>
      <h3 className="mt-4 font-bold text-ink">{m.contentsTitle}</h3>
      <ul className="mt-1 list-disc space-y-1 ps-6 text-ink" data-testid="bookkeeping-month-contents">
        {m.contents.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
