// The documents waiting for an allocation number (decision 049), first on the bookkeeping page: each one with its
// buyer and amounts, and whether it still waits (it goes out without a number at the end of the wait) or the Tax
// Authority refused it (then the owner chooses). Whoever may refund acts on it; the accountant reads it. Shown only
// when there is something to show: most businesses never have one.
import { formatIsraelDateTime, formatIsraelTimeOfDay, israelDateOf } from '@tafrit/contracts/months';
import { formatShekels, parsePriceToAgorot } from '@tafrit/contracts/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { cardClass, cardTitleClass, errorTextClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass } from '@/components/ui/styles';
import { heOwnerAllocations } from '@/i18n/he-owner-allocations';
import { allocationsQueryKey, fetchAwaitingDocuments, type AwaitingDocument } from '../shared/api/allocations';
import { errorDescription } from '../shared/errors';
import { useConsoleRole } from '../team/use-role';
import { AllocationActions, type AllocationOutcome } from './allocation-actions';

const t = heOwnerAllocations;

// A waiting document goes out by itself within minutes: while one waits, the list looks again every minute.
const WAITING_REFRESH_MS = 60_000;

/** '1234.50' -> '₪1,234.50'; the server's text as it came if it is not an amount. */
function shekels(decimal: string): string {
  const agorot = parsePriceToAgorot(decimal);
  return agorot === null ? decimal : formatShekels(agorot);
}

/** The time the document goes out without a number: the time alone on the day it was paid, else with its date. */
function issueWithoutText(document: AwaitingDocument): string {
  const sameDay = israelDateOf(document.issueWithoutBy) === israelDateOf(document.awaitingSince);
  return sameDay ? formatIsraelTimeOfDay(document.issueWithoutBy) : formatIsraelDateTime(document.issueWithoutBy);
}

export function AllocationsSection() {
  const titleId = useId();
  const { may } = useConsoleRole();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<AllocationOutcome | null>(null);
  const list = useQuery({
    queryKey: allocationsQueryKey,
    queryFn: ({ signal }) => fetchAwaitingDocuments(signal),
    refetchInterval: (query) =>
      query.state.data?.some((document) => document.status === 'awaiting_allocation') ? WAITING_REFRESH_MS : false,
  });

  // After a choice the card whose button had the focus leaves the list: once the list is shown again, the focus goes
  // to the section's title, or to the page's main when the section is gone.
  const focusAfterRefresh = useRef(false);
  useEffect(() => {
    if (!focusAfterRefresh.current || list.isFetching) return;
    focusAfterRefresh.current = false;
    (document.getElementById(titleId) ?? document.getElementById('main'))?.focus();
  }, [list.data, list.isFetching, titleId]);

  async function onDone(done: AllocationOutcome) {
    setOutcome(done);
    focusAfterRefresh.current = true;
    await queryClient.invalidateQueries({ queryKey: allocationsQueryKey });
  }

  return (
    <>
      {/* Always in the page, so the result is read even when the last document leaves the list. */}
      <p role="status" className="mt-4 font-medium text-ink empty:hidden" data-testid="allocations-result">
        {outcome ? (
          <>
            {t.resultBefore} <bdi dir="ltr">{outcome.orderNumber}</bdi> {t.result[outcome.choice]}
          </>
        ) : null}
      </p>
      {list.isPending ? (
        <p role="status" className="mt-4 text-sm text-muted" data-testid="allocations-loading">
          {t.loading}
        </p>
      ) : list.isError ? (
        <section aria-labelledby={titleId} className={`${cardClass} mt-8`} data-testid="allocations-error">
          <h2 id={titleId} tabIndex={-1} className={cardTitleClass}>
            {t.title}
          </h2>
          <div role="alert">
            <p className={`${errorTextClass} mt-2`}>{t.loadError}</p>
            <p className="mt-1 text-muted">{errorDescription(list.error)}</p>
          </div>
          <PendingButton
            type="button"
            pending={list.isFetching}
            pendingLabel={t.retrying}
            onClick={() => void list.refetch()}
            className={`${secondaryButtonClass} mt-3`}
          >
            {t.retry}
          </PendingButton>
        </section>
      ) : list.data.length > 0 ? (
        <section aria-labelledby={titleId} className={`${cardClass} mt-8`} data-testid="allocations">
          <h2 id={titleId} tabIndex={-1} className={cardTitleClass}>
            {t.title}
          </h2>
          <p className="mt-1 max-w-prose text-muted">{t.intro}</p>
          {may('refunds') ? null : (
            <p className="mt-2 text-muted" data-testid="allocations-read-only">
              {t.readOnly}
            </p>
          )}
          <ul className="mt-4 space-y-4">
            {list.data.map((awaiting) => (
              <DocumentCard key={awaiting.orderId} document={awaiting} canChoose={may('refunds')} onDone={onDone} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function DocumentCard({
  document: awaiting,
  canChoose,
  onDone,
}: {
  document: AwaitingDocument;
  canChoose: boolean;
  onDone: (outcome: AllocationOutcome) => Promise<void>;
}) {
  const refusal = awaiting.status === 'allocation_refused' ? awaiting.refusal : null;
  return (
    <li
      className="rounded-lg border border-line p-4"
      data-testid="allocation-document"
      data-order-id={awaiting.orderId}
    >
      <h3 className="font-bold text-ink">
        {t.order} <bdi dir="ltr">{awaiting.orderNumber}</bdi> · {t.document}{' '}
        <bdi dir="ltr">{awaiting.invoiceNumber}</bdi>
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-ink sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">{t.buyer}</dt>
        <dd>
          <bdi>{awaiting.buyer.name}</bdi>, {t.taxId} <bdi dir="ltr">{awaiting.buyer.taxId}</bdi>
        </dd>
        <dt className="text-muted">{t.beforeVat}</dt>
        <dd>
          <bdi dir="ltr">{shekels(awaiting.beforeVat)}</bdi>
        </dd>
        <dt className="text-muted">{t.total}</dt>
        <dd>
          <bdi dir="ltr">{shekels(awaiting.total)}</bdi>
        </dd>
        <dt className="text-muted">{t.paidAt}</dt>
        <dd>
          <time dateTime={awaiting.awaitingSince}>
            <bdi dir="ltr">{formatIsraelDateTime(awaiting.awaitingSince)}</bdi>
          </time>
        </dd>
      </dl>
      {awaiting.status === 'allocation_refused' ? (
        <div className="mt-3 rounded-lg border border-danger bg-danger-50 p-3" data-testid="allocation-refused">
          <p className="font-bold text-danger">{t.refusedTitle}</p>
          {refusal ? (
            <p className="mt-1 text-ink">
              {t.refusalCode} <bdi dir="ltr">{refusal.code}</bdi>: <bdi>{refusal.reason}</bdi> ({t.refusedAt}{' '}
              <time dateTime={refusal.refusedAt}>
                <bdi dir="ltr">{formatIsraelDateTime(refusal.refusedAt)}</bdi>
              </time>
              )
            </p>
          ) : null}
          <p className="mt-1 text-ink">{t.refusalOptions}</p>
        </div>
      ) : (
        <p className="mt-3 text-ink" data-testid="allocation-waiting">
          {t.waitingBefore}
          <time dateTime={awaiting.issueWithoutBy}>
            <bdi dir="ltr">{issueWithoutText(awaiting)}</bdi>
          </time>
          {t.waitingAfter}
        </p>
      )}
      {canChoose ? <AllocationActions document={awaiting} onDone={onDone} /> : null}
    </li>
  );
}
