// An order's refunds in the monthly report (issue 17): those the provider made with their credit documents (or why a
// credit document was not made, and a second ask for it), those that returned nothing yet (a refusal with its reason
// and a retry, or one waiting for its answer), and the refund action, the console's dialog.
import type { ReportOrder, ReportRefund, ReportUnsettledRefund } from '@tafrit/contracts/ordering-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TypedText } from '@/components/typed-text';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass, textLinkClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { roleMay } from '@tafrit/contracts/roles';
import { refundOrder, retryCreditDocument } from '../shared/api/refunds';
import { currentRole } from '../sign-in/handover';
import { REPORT_URL } from '../shared/api/reports';
import { errorDescription } from '../shared/errors';
import { RefundDialog } from '../refunds/refund-dialog';
import { remainingOf, targetOfReportOrder } from '../refunds/refund-target';
import { orderDateText, shekelsText } from './reports-format';
import { useConsoleRole } from '../team/use-role';

const t = heOwner.reports;

/** The order's refunds (amount, reason, time, credit document) and the refund action, the console's dialog. */
export function OrderRefunds({ order }: { order: ReportOrder }) {
  const queryClient = useQueryClient();
  const { may } = useConsoleRole();
  const [open, setOpen] = useState(false);
  const target = targetOfReportOrder(order);
  return (
    <section className="md:col-span-2" data-testid="order-refunds">
      <h4 className="font-bold text-ink">{t.refunds}</h4>
      {order.refunds.length > 0 ? (
        <ul className="mt-1 space-y-2">
          {order.refunds.map((refund) => (
            <li
              key={refund.refundId}
              className="flex flex-wrap items-center gap-x-4 gap-y-1"
              data-testid="order-refund"
            >
              <bdi dir="ltr" className="font-bold text-ink">
                {shekelsText(refund.amount)}
              </bdi>
              <TypedText className="text-ink" text={refund.reason} />
              <span className="text-muted">
                <bdi dir="ltr">{orderDateText(refund.createdAt)}</bdi>
              </span>
              {refund.creditUrl ? (
                <a
                  href={refund.creditUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${textLinkClass} inline-flex min-h-11 items-center`}
                  data-testid="order-refund-credit"
                >
                  {t.viewCredit} <span className="sr-only">{t.newWindow}</span>
                </a>
              ) : refund.credit === 'failed' || refund.credit === 'retrying' ? (
                <CreditNotMade orderId={order.id} refund={refund} />
              ) : (
                <span className="text-muted">{t.noCredit}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {order.unsettledRefunds?.length ? (
        <ul className="mt-2 space-y-2" data-testid="order-unsettled-refunds">
          {order.unsettledRefunds.map((refund) => (
            <UnsettledRefund key={refund.refundId} orderId={order.id} refund={refund} />
          ))}
        </ul>
      ) : null}
      {order.payments?.length && may('refunds') ? (
        // A bill paid in parts is refunded against the payment that paid (decision 056), not from here yet.
        <p className="mt-2 text-muted" data-testid="report-split-refund-note">
          {t.splitRefundNote}
        </p>
      ) : remainingOf(target) > 0 && may('refunds') ? (
        <>
          <button
            type="button"
            className={`${secondaryButtonClass} mt-2`}
            onClick={() => setOpen(true)}
            data-testid="report-refund"
          >
            {heOwner.refunds.action}
          </button>
          {open ? (
            <RefundDialog
              target={target}
              open
              onOpenChange={setOpen}
              onRefunded={() => void queryClient.invalidateQueries({ queryKey: [REPORT_URL] })}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** Asks the provider again for a refund or its credit document; the answer's toast, then the report fetched again. */
function useRetry<T>(ask: () => Promise<T>, say: (answer: T) => void, errorTitle: string) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: ask,
    onSuccess: (answer) => {
      say(answer);
      return queryClient.invalidateQueries({ queryKey: [REPORT_URL] });
    },
    onError: (error) => toast({ variant: 'destructive', title: errorTitle, description: errorDescription(error) }),
  });
  return { pending: retry.isPending, onRetry: () => retry.mutate() };
}

/** What the provider refused, with its reason when it gave one, and the button that asks again. */
function RefusedWithRetry({
  text,
  reason,
  pending,
  pendingLabel,
  retryLabel,
  onRetry,
  testId,
}: {
  text: string;
  reason: string | null | undefined;
  pending: boolean;
  pendingLabel: string;
  retryLabel: string;
  onRetry: () => void;
  testId: string;
}) {
  return (
    <>
      <span className="text-danger">
        {text}
        {reason ? (
          <>
            {' '}
            ({t.creditFailedReason}: <bdi>{reason}</bdi>)
          </>
        ) : null}
      </span>
      <PendingButton
        type="button"
        pending={pending}
        pendingLabel={pendingLabel}
        className={secondaryButtonClass}
        onClick={onRetry}
        data-testid={testId}
      >
        {retryLabel}
      </PendingButton>
    </>
  );
}

/**
 * A refund whose credit document the provider did not make (decision 026): why, and a button that asks for it again.
 * The server asks the provider once however often it is pressed; while an ask is in flight it says so instead.
 */
function CreditNotMade({ orderId, refund }: { orderId: string; refund: ReportRefund }) {
  const { pending, onRetry } = useRetry(
    () => retryCreditDocument(orderId, refund.refundId),
    (answer) => {
      if (answer.credit === 'issued') toast({ title: t.creditIssued });
      else if (answer.credit === 'failed') {
        toast({ variant: 'destructive', title: t.creditStillFailed, description: answer.failureReason ?? undefined });
      }
    },
    t.creditRetryError,
  );
  if (refund.credit === 'retrying') {
    return (
      <span className="basis-full text-muted" data-testid="order-refund-credit-retrying">
        {t.creditInFlight}
      </span>
    );
  }
  // Asking again is a refund's act: the accountant sees that the document is missing, not a button the server refuses.
  if (!roleMay(currentRole(), 'refunds')) return null;

  return (
    <span className="flex basis-full flex-wrap items-center gap-x-4 gap-y-1" data-testid="order-refund-credit-failed">
      <RefusedWithRetry
        text={t.creditFailed}
        reason={refund.creditFailureReason}
        pending={pending}
        pendingLabel={t.creditRetrying}
        retryLabel={t.creditRetry}
        onRetry={onRetry}
        testId="order-refund-credit-retry"
      />
    </span>
  );
}

/**
 * A refund that returned nothing (yet): refused by the provider, with its reason and a retry under its own id (so
 * the provider sees the same key, and a double click is one refund), or waiting for its answer, its amount held.
 */
function UnsettledRefund({ orderId, refund }: { orderId: string; refund: ReportUnsettledRefund }) {
  const { pending, onRetry } = useRetry(
    () => {
      // The same id with the same lines (or neither, for an amount or the whole): the server refunds what it asked.
      const request = refund.lines ? { kind: 'lines' as const, lines: refund.lines } : { kind: 'whole' as const };
      return refundOrder(orderId, request, refund.reason, refund.refundId);
    },
    (answer) => {
      if (answer.status === 'refunded') toast({ title: t.refundRetried });
      else if (answer.status === 'failed') {
        toast({ variant: 'destructive', title: t.refundStillRefused, description: answer.failureReason ?? undefined });
      } else toast({ title: t.refundStillWaiting });
    },
    t.refundRetryError,
  );

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1" data-testid="order-unsettled-refund">
      <bdi dir="ltr" className="font-bold text-ink">
        {shekelsText(refund.amount)}
      </bdi>
      <TypedText className="text-ink" text={refund.reason} />
      {refund.status === 'failed' ? (
        <RefusedWithRetry
          text={t.refundRefused}
          reason={refund.failureReason}
          pending={pending}
          pendingLabel={t.refundRetrying}
          retryLabel={t.refundRetry}
          onRetry={onRetry}
          testId="order-refund-retry"
        />
      ) : (
        <span className="text-muted">{t.refundWaiting}</span>
      )}
    </li>
  );
}
