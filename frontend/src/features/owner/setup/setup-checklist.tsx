// The first-run checklist (issue 18, decision 034): at the top of menu management and reports until every step is
// done or the owner closes it. Each step links to where it is done; the test order is sent from the card itself.
import type { SetupStepId } from '@tafrit/contracts/http/setup.schemas';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { cardClass, cardTitleClass } from '@/components/ui/form-styles';
import { textLinkClass } from '@/components/ui/styles';
import { CATEGORIES_URL, PRODUCTS_URL } from '../shared/api/menu';
import { dismissSetupChecklist, setupChecklistQueryOptions, useSetupChecklist } from '../shared/api/setup';
import { setupText as t } from './strings';
import { SentText, TestOrderButton } from './test-order-button';

const WHERE: Record<Exclude<SetupStepId, 'test_order'>, '/settings' | '/menu'> = {
  details: '/settings',
  category: '/menu',
  product: '/menu',
  qr: '/settings',
  printing: '/settings',
};

export function SetupChecklistCard() {
  const checklist = useSetupChecklist();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [sent, setSent] = useState<number | null>(null);
  // The card goes at once; a failure to record it only brings the card back on the next visit.
  const hide = useMutation({ mutationFn: dismissSetupChecklist, onError: () => undefined });
  useEffect(() => followMenuCounts(queryClient), [queryClient]);
  // Nothing while loading or on a failure: the card helps, the page does not depend on it.
  if (!checklist.data || checklist.data.dismissed || checklist.data.done >= checklist.data.total) return null;
  const { steps, done, total } = checklist.data;
  const progress = t.progress(done, total);

  function dismiss() {
    queryClient.setQueryData(setupChecklistQueryOptions.queryKey, (current) =>
      current ? { ...current, dismissed: true } : current,
    );
    hide.mutate();
  }

  return (
    <section aria-labelledby={titleId} className={`${cardClass} mt-6`} data-testid="setup-checklist">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className={cardTitleClass}>
            {t.title}
          </h2>
          <p className="mt-1 text-muted">{t.intro}</p>
        </div>
        <button
          type="button"
          className={`${textLinkClass} inline-flex min-h-11 items-center`}
          onClick={dismiss}
          data-testid="setup-dismiss"
        >
          {t.dismiss}
        </button>
      </div>
      <div className="mt-4 flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={t.progressLabel}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-valuetext={progress}
          className="h-3 flex-1 overflow-hidden rounded-full border border-brand-700 bg-brand-50"
        >
          <div className="h-full bg-brand-700" style={{ width: `${(done / total) * 100}%` }} />
        </div>
        <p className="font-medium text-ink" data-testid="setup-progress">
          <bdi>{progress}</bdi>
        </p>
      </div>
      <ol className="mt-4 flex flex-col gap-2">
        {steps.map((step) => (
          <li
            key={step.id}
            className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-2"
            data-testid={`setup-step-${step.id}`}
            data-done={step.done}
          >
            <span className="flex items-center gap-2 text-lg text-ink">
              <span aria-hidden="true" className={step.done ? 'text-brand-700' : 'text-muted'}>
                {step.done ? '✓' : '○'}
              </span>
              <span className={step.done ? 'text-muted line-through' : ''}>{t.steps[step.id].label}</span>
              <span className="sr-only">({step.done ? t.done : t.notDone})</span>
            </span>
            {step.done ? null : step.id === 'test_order' ? (
              <TestOrderButton onSent={setSent} />
            ) : (
              <Link to={WHERE[step.id]} className={`${textLinkClass} inline-flex min-h-11 items-center`}>
                {t.steps[step.id].action}
              </Link>
            )}
          </li>
        ))}
      </ol>
      <p role="status" className="mt-3 text-ink" data-testid="test-order-status">
        {sent !== null ? (
          <>
            <SentText orderNumber={sent} />{' '}
            <Link to="/orders" className={textLinkClass}>
              {t.toOrders}
            </Link>
          </>
        ) : null}
      </p>
      {steps.some((step) => step.id === 'test_order' && !step.done) ? (
        <p className="mt-3 text-sm text-muted">{t.testOrderNote}</p>
      ) : null}
    </section>
  );
}

/**
 * The menu page's first category and product tick their steps at once: when the owner's lists change length, the
 * checklist asks again. Returns the unsubscribe.
 */
function followMenuCounts(queryClient: QueryClient): () => void {
  const cache = queryClient.getQueryCache();
  const lengthOf = (data: unknown) => (Array.isArray(data) ? data.length : -1);
  const lengths = new Map<unknown, number>(
    [CATEGORIES_URL, PRODUCTS_URL].map((url) => [url, lengthOf(queryClient.getQueryData([url]))]),
  );
  return cache.subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const url = event.query.queryKey[0];
    if (!lengths.has(url)) return;
    const length = lengthOf(event.query.state.data);
    if (lengths.get(url) === length) return;
    lengths.set(url, length);
    void queryClient.invalidateQueries({ queryKey: setupChecklistQueryOptions.queryKey });
  });
}
