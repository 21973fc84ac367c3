import { useId } from 'react';
import { hintClass } from '@/components/ui/form-styles';
import { heOwner } from '@/i18n/he-owner';
import { choosePaymentOptions, paymentOptionsQueryOptions, usePaymentOptions } from '../shared/api/payment-options';
import { SavedSettingCard } from './setting-card';
import { useSavedSetting } from './use-saved-setting';

const t = heOwner.settings.paymentOptions;
const SWITCHES = ['tipsEnabled', 'bitEnabled', 'googlePayEnabled'] as const;

/**
 * Settings' card of what the checkout offers beside a card (issue 17, decision 027): the optional tip, Bit and
 * Google Pay, each off until the owner turns it on. Apple Pay is not in Cardcom's v11 definition, so it is not here.
 */
export function PaymentOptionsCard() {
  const titleId = useId();
  const stored = usePaymentOptions();
  const setting = useSavedSetting({
    stored: stored.data,
    queryKey: paymentOptionsQueryOptions.queryKey,
    send: choosePaymentOptions,
    texts: t,
  });

  return (
    <SavedSettingCard
      titleId={titleId}
      testId="payment-options-card"
      texts={t}
      loadFailed={stored.isError}
      setting={setting}
    >
      {(chosen, setEdited) => (
        <>
          <ul className="flex flex-col gap-3">
            {SWITCHES.map((key) => (
              <li key={key} className="flex items-start gap-3">
                <input
                  id={`${titleId}-${key}`}
                  type="checkbox"
                  className="mt-1 size-5 accent-brand-700"
                  checked={chosen[key]}
                  aria-describedby={`${titleId}-${key}-hint`}
                  onChange={(event) => setEdited({ ...chosen, [key]: event.target.checked })}
                />
                <div>
                  <label htmlFor={`${titleId}-${key}`} className="font-medium text-ink">
                    {t.labels[key]}
                  </label>
                  <p id={`${titleId}-${key}-hint`} className={hintClass}>
                    {t.hints[key]}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <p className={`${hintClass} mt-3`}>{t.applePay}</p>
        </>
      )}
    </SavedSettingCard>
  );
}
