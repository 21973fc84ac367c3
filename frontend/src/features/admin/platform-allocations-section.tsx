// The platform's commission invoices waiting for an allocation number (decision 049): each with its café, month and
// amounts, and whether it still waits (it goes out without a number at the end of the wait) or the Tax Authority
// refused it (then the administrator chooses). The administrator may also type a number while it waits.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PendingButton } from '@/components/ui/pending-button';
import { errorTextClass, cardClass } from '@/components/ui/form-styles';
import { secondaryButtonClass } from '@/components/ui/styles';
import { heAdminAllocations } from '@/i18n/he-admin-allocations';
import { fetchPlatformAwaitingInvoices, platformAllocationsQueryKey, type PlatformAwaitingInvoice } from './api';
import { errorDescription } from './errors';
import { dateTimeText, phoneText, shekelsText } from './format';
import { PlatformAllocationActions, type PlatformAllocationOutcome } from './platform-allocation-actions';
import { EmptyState, Ltr, sectionTitleClass } from './ui';

const t = heAdminAllocations;

export const PLATFORM_ALLOCATIONS_SECTION_ID = 'platform-allocations';
const titleId = `${PLATFORM_ALLOCATIONS_SECTION_ID}-title`;

// A waiting invoice goes out by itself at the end of its wait: while one waits, the list looks again every minute.
const WAITING_REFRESH_MS = 60_000;

/** '2026-11' -> '11/2026'; anything else as it came. */
function monthText(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match ? `${match[2]}/${match[1]}` : month;
}

export function PlatformAllocationsSection() {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<PlatformAllocationOutcome | { stale: string } | null>(null);
  const list = useQuery({
    queryKey: platformAllocationsQueryKey,
    queryFn: ({ signal }) => fetchPlatformAwaitingInvoices(signal),
    refetchInterval: (query) =>
      query.state.data?.some((invoice) => invoice.refusal === null) ? WAITING_REFRESH_MS : false,
  });

  // After a choice the card whose button had the focus leaves the list: once the list is shown again, the focus goes
  // to the section's title.
  const focusAfterRefresh = useRef(false);
  useEffect(() => {
    if (!focusAfterRefresh.current || list.isFetching) return;
    focusAfterRefresh.current = false;
    document.getElementById(titleId)?.focus();
  }, [list.data, list.isFetching]);

  async function refresh(shown: NonNullable<typeof outcome>) {
    setOutcome(shown);
    focusAfterRefresh.current = true;
    await queryClient.invalidateQueries({ queryKey: platformAllocationsQueryKey });
  }
  const onDone = (done: PlatformAllocationOutcome) => refresh(done);
  const onStale = (reason: string) => refresh({ stale: reason });

  return (
    <section
      id={PLATFORM_ALLOCATIONS_SECTION_ID}
      aria-labelledby={titleId}
      className="scroll-mt-4"
      data-testid="platform-allocations"
    >
      <h2 id={titleId} tabIndex={-1} className={sectionTitleClass}>
        {t.title}
      </h2>
      <p className="mt-1 max-w-prose text-muted">{t.intro}</p>
      {/* Always in the page, so the result is read even when the last invoice leaves the list. */}
      <p role="status" className="mt-4 font-medium text-ink empty:hidden" data-testid="platform-allocations-result">
        {outcome && 'stale' in outcome ? (
          <>
            {t.stale} {outcome.stale}
          </>
        ) : outcome ? (
          <>
            {t.resultBefore} <Ltr>{outcome.invoiceNumber}</Ltr> {t.resultOf} <bdi>{outcome.businessName}</bdi>{' '}
            {outcome.issued ? t.result[outcome.choice] : t.notIssued}
          </>
        ) : null}
      </p>
      {list.isPending ? (
        <p role="status" className="mt-6 text-muted" data-testid="platform-allocations-loading">
          {t.loading}
        </p>
      ) : list.isError ? (
        <div className={`${cardClass} mt-6`} data-testid="platform-allocations-error">
          <div role="alert">
            <p className={errorTextClass}>{t.loadError}</p>
            <p className="mt-1 text-muted">{errorDescription(list.error)}</p>
          </div>
          <PendingButton
            type="button"
            pending={list.isFetching}
            pendingLabel={t.retrying}
            onClick={() => void list.refetch()}
            className={`${secondaryButtonClass} mt-4`}
          >
            {t.retry}
          </PendingButton>
        </div>
      ) : list.data.length === 0 ? (
        <EmptyState testId="platform-allocations-empty">{t.empty}</EmptyState>
      ) : (
        <ul className="mt-6 space-y-4">
          {list.data.map((invoice) => (
            <InvoiceCard
              key={`${invoice.businessPhone}-${invoice.month}`}
              invoice={invoice}
              onDone={onDone}
              onStale={onStale}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function InvoiceCard({
  invoice,
  onDone,
  onStale,
}: {
  invoice: PlatformAwaitingInvoice;
  onDone: (outcome: PlatformAllocationOutcome) => Promise<void>;
  onStale: (reason: string) => Promise<void>;
}) {
  const { refusal } = invoice;
  return (
    <li
      className={cardClass}
      data-testid="platform-allocation-invoice"
      data-phone={invoice.businessPhone}
      data-month={invoice.month}
    >
      <h3 className="text-lg font-bold text-ink">
        <bdi>{invoice.businessName}</bdi> · {t.invoice} <Ltr>{invoice.invoiceNumber}</Ltr>
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-ink sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">{t.phone}</dt>
        <dd>
          <Ltr>{phoneText(invoice.businessPhone)}</Ltr>
        </dd>
        <dt className="text-muted">{t.month}</dt>
        <dd>
          <Ltr>{monthText(invoice.month)}</Ltr>
        </dd>
        <dt className="text-muted">{t.beforeVat}</dt>
        <dd>
          <Ltr>{shekelsText(invoice.beforeVat)}</Ltr>
        </dd>
        <dt className="text-muted">{t.total}</dt>
        <dd>
          <Ltr>{shekelsText(invoice.total)}</Ltr>
        </dd>
        <dt className="text-muted">{t.decidedAt}</dt>
        <dd>
          <time dateTime={invoice.decidedAt}>
            <Ltr>{dateTimeText(invoice.decidedAt)}</Ltr>
          </time>
        </dd>
      </dl>
      {refusal ? (
        <div
          className="mt-3 rounded-lg border border-danger bg-danger-50 p-3"
          data-testid="platform-allocation-refused"
        >
          <p className="font-bold text-danger">{t.refusedTitle}</p>
          <p className="mt-1 text-ink">
            {t.refusalCode} <Ltr>{refusal.code}</Ltr>: <bdi>{refusal.reason}</bdi> ({t.refusedAt}{' '}
            <time dateTime={refusal.refusedAt}>
              <Ltr>{dateTimeText(refusal.refusedAt)}</Ltr>
            </time>
            )
          </p>
          <p className="mt-1 text-ink">{t.refusalOptions}</p>
        </div>
      ) : (
        <p className="mt-3 text-ink" data-testid="platform-allocation-waiting">
          {t.waitingBefore}
          <time dateTime={invoice.issueWithoutBy}>
            <Ltr>{dateTimeText(invoice.issueWithoutBy)}</Ltr>
          </time>
          {t.waitingAfter}
        </p>
      )}
      <PlatformAllocationActions invoice={invoice} onDone={onDone} onStale={onStale} />
    </li>
  );
}
