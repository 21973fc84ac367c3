import { useMutation } from '@tanstack/react-query';
import type { OwnerBusiness } from '@tafrit/contracts/http/accounts.schemas';
import { useId, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/form-field';
import { cardClass, cardTitleClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { dangerOutlineClass, primaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { validationMessagesHe } from '@tafrit/contracts/messages.he';
import { heDocuments } from '@/i18n/he-documents';
import { updateCardcomPassword } from '../shared/api/business-documents';
import { useRememberBusiness } from '../shared/api/profile';
import { ConsequencesDialog } from '../shared/components/consequences-dialog';
import { errorDescription } from '../shared/errors';
import { useStepUp } from '../shared/step-up';

const t = heDocuments.cardcomPassword;

/**
 * The own Cardcom terminal's ApiPassword (decision 026), for a business that charges on its own terminal: written
 * once, stored encrypted, never shown again. The server says only whether one is set. Setting or removing it needs a
 * fresh code (decision 036).
 */
export function CardcomPasswordCard({ business }: { business: OwnerBusiness }) {
  const titleId = useId();
  const remember = useRememberBusiness();
  const withStepUp = useStepUp();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const saving = useMutation({
    mutationFn: (apiPassword: string) => withStepUp(() => updateCardcomPassword({ apiPassword })),
    onSuccess: (saved) => {
      remember(saved);
      setPassword('');
      toast({ title: t.saved });
    },
    onError: (saveError) => {
      toast({ variant: 'destructive', title: t.saveError, description: errorDescription(saveError) });
    },
  });
  const pending = saving.isPending;
  if (!business.cardcomEnabled) return null;

  function save(event: FormEvent) {
    event.preventDefault();
    if (!password.trim()) {
      setError(validationMessagesHe.cardcomApiPasswordRequired);
      return;
    }
    setError(undefined);
    saving.mutate(password);
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
  const withStepUp = useStepUp();
  const remove = useMutation({
    mutationFn: () => withStepUp(() => updateCardcomPassword({ apiPassword: null })),
    onSuccess: (saved) => {
      remember(saved);
      toast({ title: t.removed });
    },
  });
  return (
    <ConsequencesDialog
      text={{
        title: t.removeTitle,
        description: t.removeDescription,
        consequences: t.removeConsequences,
        cancel: t.removeCancel,
        confirm: t.removeConfirm,
        confirming: t.removing,
        error: t.removeError,
      }}
      trigger={
        <button type="button" className={`${dangerOutlineClass} mt-4`} data-testid="cardcom-password-remove">
          {t.remove}
        </button>
      }
      onConfirm={async () => {
        await remove.mutateAsync();
      }}
      confirmTestId="cardcom-password-remove-confirm"
    />
  );
}
