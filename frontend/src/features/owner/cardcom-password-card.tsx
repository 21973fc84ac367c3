import type { OwnerBusiness } from '@tafrit/contracts/http/accounts.schemas';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { cardClass, cardTitleClass, errorTextClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { dangerButtonClass, dangerOutlineClass, primaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { validationMessagesHe } from '@tafrit/contracts/messages.he';
import { heDocuments } from '@/i18n/he-documents';
import { updateCardcomPassword } from './api/business-documents';
import { useRememberBusiness } from './api/profile';
import { errorDescription } from './errors';

const t = heDocuments.cardcomPassword;

/**
 * The own Cardcom terminal's ApiPassword (decision 026), for a business that charges on its own terminal: written
 * once, stored encrypted, never shown again. The server says only whether one is set.
 */
export function CardcomPasswordCard({ business }: { business: OwnerBusiness }) {
  const titleId = useId();
  const remember = useRememberBusiness();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  if (!business.cardcomEnabled) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!password.trim()) {
      setError(validationMessagesHe.cardcomApiPasswordRequired);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      remember(await updateCardcomPassword({ apiPassword: password }));
      setPassword('');
      toast({ title: t.saved });
    } catch (saveError) {
      toast({ variant: 'destructive', title: t.saveError, description: errorDescription(saveError) });
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="cardcom-password-card">
      <h2 id={titleId} className={cardTitleClass}>
        {t.title}
      </h2>
      <p className={hintClass}>{t.hint}</p>
      <p role="status" className="mt-2 font-medium">
        {business.cardcomApiPasswordSet ? t.isSet : t.notSet}
      </p>
      <form noValidate onSubmit={save} aria-labelledby={titleId} className="mt-4">
        <TextField
          label={t.label}
          type="password"
          autoComplete="new-password"
          ltr
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
        />
        <PendingButton pending={pending} pendingLabel={t.saving} className={`${primaryButtonClass} mt-6`}>
          {t.save}
        </PendingButton>
      </form>
      {business.cardcomApiPasswordSet ? <RemovePassword /> : null}
    </section>
  );
}

/**
 * Removing the stored password (`{ apiPassword: null }`: the secret is deleted and `CardcomApiPasswordChanged
 * { set: false }` recorded). Refunds on the own terminal wait until a password is given again, so a dialog says so
 * and its confirm is the only way; it cannot be closed while the request is on its way.
 */
function RemovePassword() {
  const remember = useRememberBusiness();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function confirm() {
    setPending(true);
    setError(undefined);
    try {
      remember(await updateCardcomPassword({ apiPassword: null }));
      setOpen(false);
      toast({ title: t.removed });
    } catch (removeError) {
      setError(errorDescription(removeError));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        if (!next) setError(undefined);
      }}
      title={t.removeTitle}
      description={t.removeDescription}
      closeLabel={t.removeCancel}
      trigger={
        <button type="button" className={`${dangerOutlineClass} mt-4`} data-testid="cardcom-password-remove">
          {t.remove}
        </button>
      }
      footer={
        <PendingButton
          type="button"
          pending={pending}
          pendingLabel={t.removing}
          onClick={() => void confirm()}
          className={dangerButtonClass}
          data-testid="cardcom-password-remove-confirm"
        >
          {t.removeConfirm}
        </PendingButton>
      }
    >
      <ul className="list-disc space-y-2 ps-5 text-ink">
        {t.removeConsequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {error ? (
        <div role="alert" className="mt-4">
          <p className={errorTextClass}>{t.removeError}</p>
          <p className="mt-1 text-muted">{error}</p>
        </div>
      ) : null}
    </Dialog>
  );
}
