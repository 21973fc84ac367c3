// The reason of a refund or a decline: one of a few common ones, or the owner's own words (1-200 characters, as the
// server's schema allows). Radios, so the keyboard moves between them with the arrows.
import { REFUND_LIMITS } from '@tafrit/contracts/http/refunds.schemas';
import { useId } from 'react';
import { errorTextClass, inputClass } from '@/components/ui/form-styles';
import { heOwner } from '@/i18n/he-owner';

const t = heOwner.refunds;
const OTHER = 'other';

export interface ReasonChoice {
  /** One of `t.reasons`, or 'other' with `text`. */
  picked: string;
  text: string;
}

export const noReason: ReasonChoice = { picked: '', text: '' };

/** The reason to send, trimmed; '' when none is chosen or written. */
export function reasonOf(choice: ReasonChoice): string {
  return (choice.picked === OTHER ? choice.text : choice.picked).trim();
}

export function ReasonPicker({
  value,
  onChange,
  error,
}: {
  value: ReasonChoice;
  onChange: (next: ReasonChoice) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset className="mt-5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-bold text-ink">{t.reasonLegend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {[...t.reasons, OTHER].map((reason) => (
          <label
            key={reason}
            className={
              'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 ' +
              (value.picked === reason ? 'border-brand-700 bg-brand-50 text-brand-700' : 'border-line text-ink')
            }
          >
            <input
              type="radio"
              name={`${id}-reason`}
              value={reason}
              checked={value.picked === reason}
              onChange={() => onChange({ ...value, picked: reason })}
              className="size-4 accent-brand-700"
            />
            {reason === OTHER ? t.otherReason : reason}
          </label>
        ))}
      </div>
      {value.picked === OTHER ? (
        <div className="mt-3">
          <label htmlFor={`${id}-text`} className="block font-medium text-ink">
            {t.otherReasonLabel}
          </label>
          <input
            id={`${id}-text`}
            type="text"
            value={value.text}
            maxLength={REFUND_LIMITS.reasonMax}
            onChange={(event) => onChange({ ...value, text: event.target.value })}
            className={`${inputClass} mt-1`}
            data-testid="refund-reason-text"
          />
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={errorTextClass}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
