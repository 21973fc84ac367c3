// The split choice in the table's cart (issue 34, part 2): all that is left, my items, equal parts, or an amount, each
// with what it comes to on the table's bill (`splitPart`, the rule the server charges by), and who paid and what is
// left while the table pays.
import { SPLIT_MAX_SHARES } from '@tafrit/contracts/split';
import type { SplitMode, TablePayment, TableState } from '@tafrit/contracts/tables';
import { useId, type ReactNode } from 'react';
import { useLanguage } from '../language';
import { formatShekels } from '../money';
import { useSplitWords, type SplitWords } from '../split-words';
import { iconButtonClass } from '../ui';
import { clampShares, partOf, SPLIT_MIN_SHARES, type SplitPick } from './split';
import { dinerColourHex, tableStrings } from './strings';
import { formatTime } from './time-of-day';

const MODES: readonly SplitMode[] = ['all', 'mine', 'equal', 'amount'];

const modeName = (w: SplitWords, mode: SplitMode) =>
  ({ all: w.modeAll, mine: w.modeMine, equal: w.modeEqual, amount: w.modeAmount })[mode];

/** What a pick comes to: its amount, or why it cannot be paid, in words. */
export function PartAmount({ pick, state, testId }: { pick: SplitPick; state: TableState; testId?: string }) {
  const w = useSplitWords();
  const part = partOf(pick, state);
  return part.ok ? (
    <span className="font-bold text-ink" data-testid={testId}>
      <bdi dir="ltr">{formatShekels(part.agorot)}</bdi>
    </span>
  ) : (
    <span className="font-medium text-danger" data-testid={testId} data-refusal={part.reason}>
      {w.refusal[part.reason]}
    </span>
  );
}

/** The four choices as radio buttons; equal parts with their number (+/-), an amount with its ₪ field. */
export function SplitChoice({
  pick,
  onPick,
  state,
}: {
  pick: SplitPick;
  onPick(pick: SplitPick): void;
  state: TableState;
}) {
  const w = useSplitWords();
  const id = useId();
  const option = (mode: SplitMode, extra?: ReactNode) => (
    <li key={mode} className="rounded-xl border border-line bg-surface p-3 has-checked:border-brand-700">
      <label className="flex min-h-11 cursor-pointer flex-wrap items-center justify-between gap-2">
        <span className="inline-flex items-center gap-3 font-medium text-ink">
          <input
            type="radio"
            name={`${id}-mode`}
            value={mode}
            checked={pick.mode === mode}
            onChange={() => onPick({ ...pick, mode })}
            className="size-5 accent-brand-700"
            data-testid={`split-${mode}`}
          />
          {modeName(w, mode)}
        </span>
        <PartAmount pick={{ ...pick, mode }} state={state} testId={`split-amount-${mode}`} />
      </label>
      {pick.mode === mode ? extra : null}
    </li>
  );
  const setShares = (shares: number) => onPick({ ...pick, mode: 'equal', shares: clampShares(shares) });
  return (
    <fieldset className="mt-4" data-testid="split-choice">
      <legend className="text-lg font-bold text-ink">{w.howToPay}</legend>
      <ul className="mt-2 grid gap-2">
        {MODES.map((mode) =>
          option(
            mode,
            mode === 'equal' ? (
              <div className="mt-2 flex items-center gap-2">
                <button
                  type="button"
                  onClick={() => setShares(pick.shares - 1)}
                  disabled={pick.shares <= SPLIT_MIN_SHARES}
                  aria-label={w.fewerShares}
                  className={`${iconButtonClass} disabled:opacity-50`}
                  data-testid="split-shares-minus"
                >
                  <span aria-hidden="true">−</span>
                </button>
                <label htmlFor={`${id}-shares`} className="sr-only">
                  {w.shares}
                </label>
                <input
                  id={`${id}-shares`}
                  type="number"
                  inputMode="numeric"
                  min={SPLIT_MIN_SHARES}
                  max={SPLIT_MAX_SHARES}
                  step={1}
                  value={pick.shares}
                  onChange={(event) => {
                    const value = Number(event.target.value);
                    if (event.target.value !== '' && Number.isFinite(value)) setShares(value);
                  }}
                  className="h-11 w-16 rounded-lg border border-muted bg-surface text-center text-lg"
                  data-testid="split-shares"
                />
                <button
                  type="button"
                  onClick={() => setShares(pick.shares + 1)}
                  disabled={pick.shares >= SPLIT_MAX_SHARES}
                  aria-label={w.moreShares}
                  className={`${iconButtonClass} disabled:opacity-50`}
                  data-testid="split-shares-plus"
                >
                  <span aria-hidden="true">+</span>
                </button>
                <span className="text-muted">{w.shares}</span>
              </div>
            ) : mode === 'amount' ? (
              <div className="mt-2">
                <label htmlFor={`${id}-amount`} className="block text-sm font-medium text-ink">
                  {w.amount}
                </label>
                <div className="mt-1 flex items-center gap-2" dir="ltr">
                  <span aria-hidden="true" className="text-lg text-ink">
                    ₪
                  </span>
                  <input
                    id={`${id}-amount`}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    value={pick.amountText}
                    onChange={(event) => onPick({ ...pick, mode: 'amount', amountText: event.target.value })}
                    className="h-11 w-32 rounded-lg border border-muted bg-surface px-3 text-lg"
                    data-testid="split-amount-input"
                  />
                </div>
              </div>
            ) : null,
          ),
        )}
      </ul>
    </fieldset>
  );
}

function PaymentRow({ payment, w }: { payment: TablePayment; w: SplitWords }) {
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 py-1"
      data-testid="table-payment"
      data-status={payment.status}
    >
      <span className="inline-flex items-center gap-1.5 text-ink">
        {payment.colour ? (
          <span
            aria-hidden="true"
            className="inline-block size-3.5 shrink-0 rounded-full"
            style={{ backgroundColor: dinerColourHex[payment.colour] }}
          />
        ) : null}
        <bdi data-testid="table-payment-name">{payment.name ?? w.someone}</bdi>
      </span>
      <span className="text-ink">
        <bdi dir="ltr" className="font-bold" data-testid="table-payment-amount">
          {formatShekels(payment.amountAgorot)}
        </bdi>{' '}
        <span className={payment.status === 'paid' ? 'text-ink' : 'text-muted'}>
          {payment.status === 'paid' ? w.paid : w.paying}
        </span>
      </span>
    </li>
  );
}

/**
 * A share left unpaid past the café's time (issue 34): the table is told, as the owner's console is, and anyone may
 * pay what is left. Said once by the live region when it appears.
 */
function UnpaidShare({ since }: { since: string }) {
  const t = tableStrings[useLanguage().language];
  return (
    <div
      role="status"
      className="mt-2 rounded-lg border border-danger bg-danger-50 p-3 text-danger"
      data-testid="table-unpaid"
    >
      <p className="font-medium">{t.unpaidShare}</p>
      <p className="mt-1 text-sm">
        {t.unpaidSince}{' '}
        <time dateTime={since}>
          <bdi dir="ltr">{formatTime(since)}</bdi>
        </time>
      </p>
    </div>
  );
}

/** Who paid or is paying, and what is left: while the table pays and its server lists the payments. */
export function TablePayments({ state, noticeId }: { state: TableState; noticeId?: string | undefined }) {
  const w = useSplitWords();
  const id = useId();
  const shown = state.payments.filter((payment) => payment.status !== 'failed');
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-2 rounded-lg border border-brand-700 bg-brand-50 p-3"
      data-testid="table-payments"
    >
      <p id={noticeId} className="font-medium text-ink" data-testid="table-paying">
        {w.tablePaying}
      </p>
      <p id={`${id}-title`} className="mt-2 font-bold text-ink">
        {w.paymentsTitle}
      </p>
      {shown.length > 0 ? (
        <ul className="divide-y divide-line">
          {shown.map((payment, index) => (
            <PaymentRow key={`${payment.dinerId ?? 'someone'}-${index}`} payment={payment} w={w} />
          ))}
        </ul>
      ) : null}
      {state.cart.unpaidSince ? <UnpaidShare since={state.cart.unpaidSince} /> : null}
      <p className="mt-2 flex justify-between font-bold text-ink" data-testid="table-left">
        <span>{w.left}</span>
        <bdi dir="ltr" data-testid="table-left-amount">
          {formatShekels(state.leftAgorot)}
        </bdi>
      </p>
    </section>
  );
}
