// On a paired kitchen screen (issue 31): a person chooses their name and types their staff PIN, and the screen's next
// action (accept, ready, served, decline, or a manager's refund) is theirs, with their role. The screen says whose it
// is until it is used, cancelled or runs out (two minutes).
import { staffPinGrantRequestSchema } from '@tafrit/contracts/http/team.schemas';
import { roleNamesHe } from '@tafrit/contracts/roles';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { errorTextClass, labelClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { staffGrant } from '../shared/api/session-request';
import { createPinGrant, pinPeopleQueryOptions } from '../shared/api/team';
import { errorDescription } from '../shared/errors';
import { useConsoleRole, useStaffGrant } from './use-role';

const t = heOwnerTeam.staffPin;

/** `buttonClass`: the kitchen screen's large buttons. */
export function StaffPinControl({ buttonClass }: { buttonClass: string }) {
  const { member } = useConsoleRole();
  const grant = useStaffGrant();
  const [open, setOpen] = useState(false);
  if (member.kind !== 'screen') return null;
  return (
    <>
      <div role="status">
        {grant ? (
          <p
            className="inline-flex min-h-12 flex-wrap items-center gap-3 rounded-full border-2 border-brand-700 bg-brand-50 px-4 text-lg font-bold text-brand-900"
            data-testid="staff-pin-acting"
          >
            {t.acting(grant.name, roleNamesHe[grant.role])}
            <button
              type="button"
              className="min-h-11 font-medium underline hover:no-underline"
              onClick={() => staffGrant.set(null)}
            >
              {t.stop}
            </button>
          </p>
        ) : null}
      </div>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t.title}
        description={t.description}
        closeLabel={t.cancel}
        trigger={
          <button type="button" className={`${buttonClass} gap-2`} data-testid="staff-pin-open">
            {t.open}
          </button>
        }
      >
        {open ? <PinForm onGranted={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}

const personClass =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-line bg-surface px-4 has-checked:border-brand-700 ' +
  'has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 ' +
  'has-focus-visible:outline-focus has-focus-visible:outline-solid';

function PinForm({ onGranted }: { onGranted: () => void }) {
  const id = useId();
  const people = useQuery(pinPeopleQueryOptions);
  const [memberId, setMemberId] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string>();
  const grant = useMutation({
    mutationFn: createPinGrant,
    onSuccess: (granted) => {
      staffGrant.set(granted);
      onGranted();
    },
    // Never says whose PIN it was: only that this one is wrong, or locked for a while.
    onError: (cause) => {
      setPin('');
      setError(errorDescription(cause));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = staffPinGrantRequestSchema.safeParse({ memberId, pin });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    grant.mutate(parsed.data);
  }

  if (people.isPending) return <p role="status">{t.loading}</p>;
  if (people.isError) return <p className={errorTextClass}>{`${t.loadError}: ${errorDescription(people.error)}`}</p>;
  if (people.data.length === 0) return <p className="text-ink">{t.noPeople}</p>;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="staff-pin-form">
      <fieldset>
        <legend className={labelClass}>{t.people}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {people.data.map((person) => (
            <label key={person.id} className={personClass}>
              <input
                type="radio"
                name={`${id}-person`}
                value={person.id}
                checked={memberId === person.id}
                onChange={() => setMemberId(person.id)}
                className="size-5 accent-brand-700"
              />
              <span className="font-medium text-ink">
                {person.name} <span className="font-normal text-muted">({roleNamesHe[person.role]})</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t.pin}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={pin}
        onChange={(event) => setPin(event.target.value)}
        ltr
        className="max-w-48"
      />
      <div role="alert">{error ? <p className={errorTextClass}>{error}</p> : null}</div>
      <div>
        <PendingButton pending={grant.isPending} pendingLabel={t.confirming} data-testid="staff-pin-confirm">
          {t.confirm}
        </PendingButton>
      </div>
    </form>
  );
}
