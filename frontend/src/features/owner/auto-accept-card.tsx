import type { AutoAccept } from '@tafrit/contracts/http/accounts.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { cardClass, cardTitleClass, errorTextClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { autoAcceptQueryOptions, chooseAutoAccept, useAutoAccept } from './api/auto-accept';
import { errorDescription } from './errors';
import { READY_IN_CHOICES } from './live-orders/ready-estimate';

const t = heOwner.settings.autoAccept;

/**
 * Settings' card of "accept new orders automatically" (decision 032): on or off, and the estimate each accepted order
 * carries to the diner. The live console has the same switch beside its orders.
 */
export function AutoAcceptCard() {
  const titleId = useId();
  const queryClient = useQueryClient();
  const current = useAutoAccept();
  // The owner's edit not saved yet; until then, what the server says.
  const [edited, setEdited] = useState<AutoAccept | null>(null);
  const chosen = edited ?? current.data ?? null;
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setPending(true);
    try {
      queryClient.setQueryData(autoAcceptQueryOptions.queryKey, await chooseAutoAccept(chosen));
      setEdited(null);
      toast({ title: t.saved });
    } catch (error) {
      toast({ variant: 'destructive', title: t.saveError, description: errorDescription(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="auto-accept-card">
      <h2 id={titleId} className={cardTitleClass}>
        {t.title}
      </h2>
      <p className={`${hintClass} mt-1`} id={`${titleId}-hint`}>
        {t.hint}
      </p>
      {current.isError ? (
        <p className={`${errorTextClass} mt-3`}>{t.loadError}</p>
      ) : chosen ? (
        <form onSubmit={(event) => void save(event)} className="mt-3 flex flex-col gap-4">
          <label className="flex min-h-11 items-center gap-3 font-medium text-ink">
            <input
              type="checkbox"
              className="size-6 accent-brand-700"
              checked={chosen.enabled}
              aria-describedby={`${titleId}-hint`}
              onChange={(event) => setEdited({ ...chosen, enabled: event.target.checked })}
            />
            {t.enabled}
          </label>
          <label className="flex flex-wrap items-center gap-3 text-ink">
            {t.readyIn}
            <select
              value={chosen.readyInMinutes === null ? '' : String(chosen.readyInMinutes)}
              onChange={(event) =>
                setEdited({
                  ...chosen,
                  readyInMinutes: event.target.value === '' ? null : Number(event.target.value),
                })
              }
              className="min-h-11 rounded-lg border border-line bg-surface px-3 text-ink"
            >
              <option value="">{t.readyInNone}</option>
              {/* An estimate saved from elsewhere that is not one of the choices is still shown as it is. */}
              {chosen.readyInMinutes !== null &&
              !(READY_IN_CHOICES as readonly number[]).includes(chosen.readyInMinutes) ? (
                <option value={chosen.readyInMinutes}>{t.readyInMinutes(chosen.readyInMinutes)}</option>
              ) : null}
              {READY_IN_CHOICES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t.readyInMinutes(minutes)}
                </option>
              ))}
            </select>
          </label>
          <div>
            <PendingButton type="submit" pending={pending} pendingLabel={t.saving} className={primaryButtonClass}>
              {t.save}
            </PendingButton>
          </div>
        </form>
      ) : null}
    </section>
  );
}
