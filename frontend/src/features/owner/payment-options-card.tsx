import type { PaymentOptions } from '@tafrit/contracts/http/accounts.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { cardClass, cardTitleClass, errorTextClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { choosePaymentOptions, paymentOptionsQueryOptions, usePaymentOptions } from './api/payment-options';
import { errorDescription } from './errors';

const t = heOwner.settings.paymentOptions;
const SWITCHES = ['tipsEnabled', 'bitEnabled', 'googlePayEnabled'] as const;

/**
 * Settings' card of what the checkout offers beside a card (issue 17, decision 027): the optional tip, Bit and
 * Google Pay, each off until the owner turns it on. Apple Pay is not in Cardcom's v11 definition, so it is not here.
 */
export function PaymentOptionsCard() {
  const titleId = useId();
  const queryClient = useQueryClient();
  const stored = usePaymentOptions();
  const [edited, setEdited] = useState<PaymentOptions | null>(null);
  const chosen = edited ?? stored.data ?? null;
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setPending(true);
    try {
      queryClient.setQueryData(paymentOptionsQueryOptions.queryKey, await choosePaymentOptions(chosen));
      setEdited(null);
      toast({ title: t.saved });
    } catch (error) {
      toast({ variant: 'destructive', title: t.saveError, description: errorDescription(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="payment-options-card">
      <h2 id={titleId} className={cardTitleClass}>
        {t.title}
      </h2>
      <p className={`${hintClass} mt-1`}>{t.hint}</p>
      {stored.isError ? (
        <p className={`${errorTextClass} mt-3`}>{t.loadError}</p>
      ) : chosen ? (
        <form onSubmit={(event) => void save(event)} className="mt-3">
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
          <PendingButton
            type="submit"
            pending={pending}
            pendingLabel={t.saving}
            className={`${primaryButtonClass} mt-4`}
          >
            {t.save}
          </PendingButton>
        </form>
      ) : null}
    </section>
  );
}
