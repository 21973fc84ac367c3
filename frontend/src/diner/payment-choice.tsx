// The checkout's first step when the business offers a tip or Bit (issue 17): no tip preselected, a few percentages
// or an amount of the diner's choice, and the way to pay. The server computes the tip again and charges items + tip.
import { useId, useState } from 'react';
import { maxTipAgorot, TIP_PERCENTS, tipAgorotOf, type TipPercent } from '@tafrit/contracts/tips';
import { formatShekels, priceToAgorot, type Agorot } from './money';
import { useText } from './language';
import { primaryButtonClass } from './ui';

export type TipPick = { kind: 'none' } | { kind: 'percent'; percent: TipPercent } | { kind: 'amount'; agorot: Agorot };

/** What create-payment is sent for the diner's pick (absent: no tip). */
export function tipBody(pick: TipPick): { percent: TipPercent } | { amount: string } | undefined {
  if (pick.kind === 'percent') return { percent: pick.percent };
  if (pick.kind === 'amount' && pick.agorot > 0) return { amount: (pick.agorot / 100).toFixed(2) };
  return undefined;
}

export function tipOf(pick: TipPick, itemsAgorot: Agorot): Agorot {
  if (pick.kind === 'percent') return tipAgorotOf({ percent: pick.percent }, itemsAgorot);
  return pick.kind === 'amount' ? pick.agorot : 0;
}

export interface PaymentChoiceProps {
  itemsAgorot: Agorot;
  tips: boolean;
  bit: boolean;
  googlePay: boolean;
  onChoose(choice: { tip: TipPick; method: 'card' | 'bit' }): void;
}

const optionClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-ink ' +
  'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-700';

export function PaymentChoice({ itemsAgorot, tips, bit, googlePay, onChoose }: PaymentChoiceProps) {
  const t = useText().checkout;
  const id = useId();
  const [tip, setTip] = useState<'none' | 'other' | TipPercent>('none');
  const [other, setOther] = useState('');
  const [method, setMethod] = useState<'card' | 'bit'>('card');
  const max = maxTipAgorot(itemsAgorot);
  const otherAgorot = priceToAgorot(other.trim() || '0');
  const otherInvalid = tip === 'other' && (otherAgorot === null || otherAgorot > max);
  const pick: TipPick =
    tip === 'none'
      ? { kind: 'none' }
      : tip === 'other'
        ? { kind: 'amount', agorot: otherAgorot ?? 0 }
        : { kind: 'percent', percent: tip };
  const total = itemsAgorot + (otherInvalid ? 0 : tipOf(pick, itemsAgorot));

  return (
    <form
      className="mt-4 space-y-4"
      data-testid="payment-choice"
      onSubmit={(event) => {
        event.preventDefault();
        if (!otherInvalid) onChoose({ tip: pick, method });
      }}
    >
      {tips ? (
        <fieldset className="space-y-2">
          <legend className="text-lg font-bold text-ink">{t.tipTitle}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            <label className={optionClass}>
              <input type="radio" name={`${id}-tip`} checked={tip === 'none'} onChange={() => setTip('none')} />
              {t.tipNone}
            </label>
            {TIP_PERCENTS.map((percent) => (
              <label key={percent} className={optionClass}>
                <input type="radio" name={`${id}-tip`} checked={tip === percent} onChange={() => setTip(percent)} />
                <bdi dir="ltr">{percent}%</bdi>
                <span className="text-sm text-muted" dir="ltr">
                  {formatShekels(tipAgorotOf({ percent }, itemsAgorot))}
                </span>
              </label>
            ))}
            <label className={optionClass}>
              <input type="radio" name={`${id}-tip`} checked={tip === 'other'} onChange={() => setTip('other')} />
              {t.tipOther}
            </label>
          </div>
          {tip === 'other' ? (
            <div>
              <label htmlFor={`${id}-other`} className="font-medium text-ink">
                {t.tipOtherLabel}
              </label>
              <input
                id={`${id}-other`}
                inputMode="decimal"
                dir="ltr"
                value={other}
                onChange={(event) => setOther(event.target.value)}
                aria-invalid={otherInvalid || undefined}
                aria-describedby={otherInvalid ? `${id}-other-error` : undefined}
                className="mt-1 block w-40 rounded-lg border border-muted px-3 py-2 text-lg"
              />
              {otherInvalid ? (
                <p id={`${id}-other-error`} className="mt-1 font-medium text-danger">
                  {t.tipInvalid(formatShekels(max))}
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      ) : null}

      {bit ? (
        <fieldset className="space-y-2">
          <legend className="text-lg font-bold text-ink">{t.methodTitle}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            <label className={optionClass}>
              <input
                type="radio"
                name={`${id}-method`}
                checked={method === 'card'}
                onChange={() => setMethod('card')}
              />
              {googlePay ? t.methodCardGooglePay : t.methodCard}
            </label>
            <label className={optionClass}>
              <input type="radio" name={`${id}-method`} checked={method === 'bit'} onChange={() => setMethod('bit')} />
              {t.methodBit}
            </label>
          </div>
          {method === 'bit' ? <p className="text-sm text-muted">{t.bitNote}</p> : null}
        </fieldset>
      ) : null}

      <button type="submit" className={primaryButtonClass} disabled={otherInvalid}>
        {t.continueToPay} <span dir="ltr">{formatShekels(total)}</span>
      </button>
    </form>
  );
}
