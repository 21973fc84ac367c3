// The owner invites a person by their own Israeli mobile, with a name and a role (issue 31). The form checks with the
// contract's schema; what only the server knows (the business's own phone, someone already in the team) shows beside
// the phone, in Hebrew from the catalogue.
import { zodResolver } from '@hookform/resolvers/zod';
import { inviteMemberSchema, type InviteMemberRequest } from '@tafrit/contracts/http/team.schemas';
import { INVITABLE_ROLES, roleNamesHe } from '@tafrit/contracts/roles';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { errorTextClass, hintClass, labelClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { useInviteMember } from '../shared/api/team';
import { errorDescription, fieldErrorsOf } from '../shared/errors';

const t = heOwnerTeam.invite;

type InviteValues = z.output<typeof inviteMemberSchema>;

export function InviteDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t.title}
      description={t.description}
      closeLabel={t.cancel}
      trigger={
        <button type="button" className={primaryButtonClass} data-testid="team-invite">
          {t.open}
        </button>
      }
    >
      {open ? <InviteForm onInvited={() => setOpen(false)} /> : null}
    </Dialog>
  );
}

const roleChoiceClass =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-line bg-surface p-3 has-checked:border-brand-700 ' +
  'has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 ' +
  'has-focus-visible:outline-focus has-focus-visible:outline-solid';

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const id = useId();
  const invite = useInviteMember();
  const [formError, setFormError] = useState<string>();
  const form = useForm<InviteMemberRequest, unknown, InviteValues>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { phone: '', name: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const roleError = errors.role?.message;

  async function onSubmit(values: InviteValues) {
    setFormError(undefined);
    try {
      await invite.mutateAsync(values);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const known = (['phone', 'name', 'role'] as const).filter((field) => fields[field]);
      for (const field of known) form.setError(field, { message: fields[field] }, { shouldFocus: true });
      if (known.length === 0) setFormError(`${t.error}: ${errorDescription(error)}`);
      return;
    }
    toast({ title: t.sent(values.name) });
    onInvited();
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4" data-testid="invite-form">
      <TextField
        label={t.phone}
        hint={t.phoneHint}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        ltr
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <TextField
        label={t.name}
        hint={t.nameHint}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <fieldset aria-describedby={roleError ? `${id}-role-error` : undefined}>
        <legend className={labelClass}>{t.role}</legend>
        <div className="mt-2 flex flex-col gap-2">
          {INVITABLE_ROLES.map((role) => (
            <label key={role} className={roleChoiceClass}>
              <input
                type="radio"
                value={role}
                className="mt-1 size-5 shrink-0 accent-brand-700"
                aria-describedby={`${id}-${role}-hint`}
                aria-invalid={roleError ? true : undefined}
                {...form.register('role')}
              />
              <span>
                <span className="block font-medium text-ink">{roleNamesHe[role]}</span>
                <span id={`${id}-${role}-hint`} className={hintClass}>
                  {t.roleHints[role]}
                </span>
              </span>
            </label>
          ))}
        </div>
        {roleError ? (
          <p id={`${id}-role-error`} className={errorTextClass}>
            {roleError}
          </p>
        ) : null}
      </fieldset>
      <div role="alert">{formError ? <p className={errorTextClass}>{formError}</p> : null}</div>
      <div>
        <PendingButton pending={isSubmitting} pendingLabel={t.sending} data-testid="invite-send">
          {t.send}
        </PendingButton>
      </div>
    </form>
  );
}
