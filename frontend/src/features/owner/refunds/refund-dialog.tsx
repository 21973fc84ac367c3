// The owner's refund (issue 17), opened from the live console and from the monthly report: the whole remainder,
// chosen units of chosen lines, or an amount; a reason picked or written; then a confirmation that names the order
// and the amount before anything is sent. Money that went back cannot be taken back, so the send is only on the
// confirmation, and the dialog stays open while it is on its way. One refund id per confirmation: a double click or
// "try again" after a refusal is the same refund, never a second one.
import { formatShekels, parsePriceToAgorot } from '@tafrit/contracts/money';
import type { RefundAnswer } from '@tafrit/contracts/http/refunds.schemas';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { TypedText } from '@/components/typed-text';
import { Dialog } from '@/components/ui/dialog';
import { errorTextClass, hintClass, ltrInputClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { isApiError } from '@/lib/api-client';
import { refundOrder, type RefundRequest } from '../shared/api/refunds';
import { errorDescription } from '../shared/errors';
import { noReason, ReasonPicker, reasonOf, type ReasonChoice } from './reason-picker';
import { amountOf, remainingOf, type RefundTarget } from './refund-target';

const t = heOwner.refunds;

type Kind = RefundRequest['kind'];
interface Draft {
  kind: Kind;
  /** Units to refund per line index. */
  units: Record<number, number>;
  amount: string;
  reason: ReasonChoice;
}
const emptyDraft: Draft = { kind: 'whole', units: {}, amount: '', reason: noReason };

/** The order's number and table, the numbers isolated inside the Hebrew. */
export function OrderName({ target }: { target: Pick<RefundTarget, 'orderNumber' | 'tableNumber' | 'payer'> }) {
  return (
    <>
      {t.order} <bdi>{target.orderNumber}</bdi>
      {target.tableNumber !== null ? (
        <>
          , {t.table} <bdi>{target.tableNumber}</bdi>
        </>
      ) : null}
      {target.payer ? (
        <>
          , {t.paymentOf} <bdi>{target.payer}</bdi>
        </>
      ) : null}
    </>
  );
}

function requestOf(draft: Draft): RefundRequest {
  if (draft.kind === 'amount') return { kind: 'amount', amount: draft.amount.trim() };
  if (draft.kind === 'lines') {
    const lines = Object.entries(draft.units)
      .filter(([, quantity]) => quantity > 0)
      .map(([index, quantity]) => ({ index: Number(index), quantity }));
    return { kind: 'lines', lines };
  }
  return { kind: 'whole' };
}

/** The Hebrew problems of a draft, by field; none: it may go to the confirmation. */
export function draftErrors(target: RefundTarget, draft: Draft): { what?: string; reason?: string } {
  const errors: { what?: string; reason?: string } = {};
  const request = requestOf(draft);
  const remaining = remainingOf(target);
  if (request.kind === 'lines' && request.lines.length === 0) errors.what = t.chooseLines;
  if (request.kind === 'amount') {
    const agorot = parsePriceToAgorot(request.amount);
    if (agorot === null || agorot <= 0) errors.what = t.amountInvalid;
    else if (agorot > remaining) errors.what = t.amountTooHigh(formatShekels(remaining));
  }
  if (request.kind === 'lines' && !errors.what && amountOf(target, request) > remaining) {
    errors.what = t.amountTooHigh(formatShekels(remaining));
  }
  if (!reasonOf(draft.reason)) errors.reason = t.reasonRequired;
  return errors;
}

export function RefundDialog({
  target,
  open,
  onOpenChange,
  onRefunded,
}: {
  target: RefundTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server's answer (refunded or still requested): the screen refreshes what it shows. */
  onRefunded?: (answer: RefundAnswer) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [shownErrors, setShownErrors] = useState<{ what?: string; reason?: string }>({});
  // Set when the owner reaches the confirmation: the refund's id for every send of this confirmation.
  const [refundId, setRefundId] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  const remaining = remainingOf(target);
  const request = requestOf(draft);
  const refund = useMutation({
    mutationFn: (id: string) => refundOrder(target.orderId, request, reasonOf(draft.reason), id, target.partId),
    onSuccess: (answer) => {
      if (answer.status === 'failed') {
        // Refused by the provider: nothing went back; asked again under the same id, as the decision has it.
        setFailure({
          message: answer.failureReason ? `${t.refused} ${answer.failureReason}` : t.refusedNoReason,
          retry: true,
        });
        return;
      }
      onRefunded?.(answer);
      const amount = parsePriceToAgorot(answer.amount) ?? 0;
      toast({ title: answer.status === 'refunded' ? t.done(formatShekels(amount)) : t.requested });
      apply(false);
    },
    onError: (error) => {
      // 409s (more than remains, refunded meanwhile) need another choice; the provider's or the log's trouble and
      // a lost connection are worth the same request again.
      const retry = !isApiError(error) || error.status === 0 || error.status >= 500;
      setFailure({ message: errorDescription(error), retry });
    },
  });
  const pending = refund.isPending;

  function close(next: boolean) {
    if (!pending) apply(next);
  }

  function apply(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setDraft(emptyDraft);
      setShownErrors({});
      setRefundId(null);
      setFailure(null);
    }
  }

  function toConfirmation() {
    const errors = draftErrors(target, draft);
    setShownErrors(errors);
    if (errors.what || errors.reason) return;
    setRefundId(crypto.randomUUID());
    setFailure(null);
  }

  function send() {
    if (!refundId) return;
    setFailure(null);
    refund.mutate(refundId);
  }

  const confirming = refundId !== null;
  const whatError = shownErrors.what;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={confirming ? t.confirmTitle : t.title}
      description={
        <>
          <OrderName target={target} /> · {t.paidAndRemaining} <bdi dir="ltr">{formatShekels(target.totalAgorot)}</bdi>{' '}
          / <bdi dir="ltr">{formatShekels(remaining)}</bdi>
        </>
      }
      closeLabel={t.close}
      footer={
        confirming ? (
          <>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => (pending ? undefined : setRefundId(null))}
            >
              {t.back}
            </button>
            {!failure || failure.retry ? (
              <PendingButton
                type="button"
                pending={pending}
                pendingLabel={t.sending}
                onClick={send}
                data-testid="refund-confirm"
              >
                {failure ? t.retry : t.confirm}
              </PendingButton>
            ) : null}
          </>
        ) : (
          <button type="button" className={secondaryButtonClass} onClick={toConfirmation} data-testid="refund-next">
            {t.next}
          </button>
        )
      }
    >
      {confirming ? (
        <div data-testid="refund-confirmation">
          <p className="text-lg text-ink" data-testid="refund-confirmation-text">
            {t.confirmText} <bdi dir="ltr">{formatShekels(amountOf(target, request))}</bdi> {t.confirmTo}{' '}
            <OrderName target={target} />
            {t.confirmAfter}
          </p>
          <p className="mt-2 text-muted">
            {t.reasonLegend}: {reasonOf(draft.reason)}
          </p>
          <div role="alert">
            {failure ? (
              <div className="mt-4 rounded-lg border border-danger bg-danger-50 p-3" data-testid="refund-failure">
                <p className="font-bold text-danger">{t.failedTitle}</p>
                <p className="mt-1 text-ink">{failure.message}</p>
              </div>
            ) : null}
          </div>
        </div>
      ) : remaining === 0 ? (
        <p className="text-lg text-ink">{t.nothingLeft}</p>
      ) : (
        <div>
          <fieldset aria-describedby={whatError ? `${id}-what-error` : undefined}>
            <legend className="font-bold text-ink">{t.whatLegend}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {/* A payer's share of a shared bill paid for no line in particular: whole or an amount (issue 34). */}
              {(target.lines.length > 0 ? (['whole', 'lines', 'amount'] as const) : (['whole', 'amount'] as const)).map(
                (kind) => (
                  <label
                    key={kind}
                    className={
                      'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 ' +
                      (draft.kind === kind ? 'border-brand-700 bg-brand-50 text-brand-700' : 'border-line text-ink')
                    }
                  >
                    <input
                      type="radio"
                      name={`${id}-kind`}
                      value={kind}
                      checked={draft.kind === kind}
                      onChange={() => setDraft({ ...draft, kind })}
                      className="size-4 accent-brand-700"
                    />
                    {kind === 'whole' ? (
                      <>
                        {t.whole} (<bdi dir="ltr">{formatShekels(remaining)}</bdi>)
                      </>
                    ) : (
                      t[kind]
                    )}
                  </label>
                ),
              )}
            </div>
            {draft.kind === 'lines' ? <LineUnits target={target} draft={draft} onChange={setDraft} /> : null}
            {draft.kind === 'amount' ? (
              <div className="mt-4">
                <label htmlFor={`${id}-amount`} className="block font-medium text-ink">
                  {t.amountLabel}
                </label>
                <input
                  id={`${id}-amount`}
                  type="text"
                  inputMode="decimal"
                  dir="ltr"
                  value={draft.amount}
                  aria-invalid={whatError ? true : undefined}
                  aria-describedby={`${id}-amount-hint`}
                  onChange={(event) => setDraft({ ...draft, amount: event.target.value })}
                  className={`${ltrInputClass} max-w-48`}
                  data-testid="refund-amount"
                />
                <p id={`${id}-amount-hint`} className={hintClass}>
                  {t.amountHint}
                </p>
              </div>
            ) : null}
            {whatError ? (
              <p id={`${id}-what-error`} className={errorTextClass} data-testid="refund-what-error">
                {whatError}
              </p>
            ) : null}
          </fieldset>
          <ReasonPicker
            value={draft.reason}
            onChange={(reason) => setDraft({ ...draft, reason })}
            error={shownErrors.reason}
          />
        </div>
      )}
    </Dialog>
  );
}

/** A number field per line: how many of its units go back (0 to the line's quantity). */
function LineUnits({ target, draft, onChange }: { target: RefundTarget; draft: Draft; onChange: (d: Draft) => void }) {
  const id = useId();
  return (
    <fieldset className="mt-4">
      <legend className="font-medium text-ink">{t.linesLegend}</legend>
      <ul className="mt-2 divide-y divide-line rounded-lg border border-line" data-testid="refund-lines">
        {target.lines.map((line, index) => (
          <li key={`${line.name}-${index}`} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <label htmlFor={`${id}-${index}`} className="text-ink">
              <TypedText className="font-medium" text={line.name} />{' '}
              <span className="text-muted">
                ({t.upTo} <bdi>{line.quantity}</bdi>)
              </span>
              {line.choices.length > 0 ? (
                <TypedText className="block text-sm text-muted" text={line.choices.join(', ')} />
              ) : null}
              <span className="block text-sm text-muted">
                <bdi dir="ltr">{formatShekels(line.lineTotalAgorot)}</bdi>
              </span>
            </label>
            <input
              id={`${id}-${index}`}
              type="number"
              min={0}
              max={line.quantity}
              step={1}
              dir="ltr"
              value={draft.units[index] ?? 0}
              onChange={(event) => {
                const quantity = Math.max(0, Math.min(line.quantity, Math.trunc(Number(event.target.value) || 0)));
                onChange({ ...draft, units: { ...draft.units, [index]: quantity } });
              }}
              className="min-h-11 w-20 rounded-lg border border-line bg-surface px-2 text-center text-ink"
              data-testid="refund-line-units"
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
