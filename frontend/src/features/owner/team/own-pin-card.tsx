// The signed-in person's own staff PIN (issue 31): typed on a shared kitchen screen, it makes the next action theirs.
import { setStaffPinSchema } from '@tafrit/contracts/http/team.schemas';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/form-field';
import { cardClass, cardTitleClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { setMyPin } from '../shared/api/team';
import { errorDescription } from '../shared/errors';

const t = heOwnerTeam.account;

export function OwnPinCard() {
  const titleId = useId();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: setMyPin,
    onSuccess: () => {
      setPin('');
      toast({ title: t.pinSaved });
    },
    onError: (cause) => toast({ variant: 'destructive', title: t.pinError, description: errorDescription(cause) }),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = setStaffPinSchema.safeParse({ pin });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data.pin);
  }

  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="own-pin-card">
      <h2 id={titleId} className={cardTitleClass}>
        {t.pinTitle}
      </h2>
      <p className={hintClass}>{t.pinHint}</p>
      <form noValidate onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-4">
        <TextField
          label={t.pin}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          value={pin}
          onChange={(event) => setPin(event.target.value)}
          error={error}
          ltr
          className="w-40"
        />
        <PendingButton pending={save.isPending} pendingLabel={t.pinSaving} className={primaryButtonClass}>
          {t.pinSave}
        </PendingButton>
      </form>
    </section>
  );
}
