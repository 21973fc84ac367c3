// How long a person's sign-in lives unused (issue 31): 12 hours unless the owner chooses 1 to 72.
import { teamSettingsSchema, TEAM_LIMITS } from '@tafrit/contracts/http/team.schemas';
import { useId, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/form-field';
import { cardClass, cardTitleClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { useChooseIdleHours } from '../shared/api/team';
import { errorDescription } from '../shared/errors';

const t = heOwnerTeam.idle;

export function IdleHoursCard({ idleHours }: { idleHours: number }) {
  const titleId = useId();
  const save = useChooseIdleHours();
  const [text, setText] = useState(String(idleHours));
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = teamSettingsSchema.safeParse({ idleHours: text.trim() === '' ? Number.NaN : Number(text) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data.idleHours, {
      onSuccess: () => toast({ title: t.saved }),
      onError: (cause) => toast({ variant: 'destructive', title: t.error, description: errorDescription(cause) }),
    });
  }

  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="idle-hours-card">
      <h2 id={titleId} className={cardTitleClass}>
        {t.title}
      </h2>
      <p className={hintClass}>{t.hint}</p>
      <form noValidate onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-4">
        <TextField
          label={t.label}
          type="number"
          inputMode="numeric"
          min={TEAM_LIMITS.idleHoursMin}
          max={TEAM_LIMITS.idleHoursMax}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error}
          ltr
          className="w-32"
        />
        <PendingButton pending={save.isPending} pendingLabel={t.saving} className={primaryButtonClass}>
          {t.save}
        </PendingButton>
      </form>
    </section>
  );
}
