// After the code, a phone that may open several businesses chooses one (issue 31); the console's header offers the
// same list later. The sign-in already opened the first; choosing another moves it (POST /api/auth/switch-business).
import type { BusinessChoice, SessionMember } from '@tafrit/contracts/http/team.schemas';
import { ROLE_HOME, roleNamesHe } from '@tafrit/contracts/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { errorTextClass } from '@/components/ui/form-styles';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { switchBusiness } from '../shared/api/team';
import { errorDescription } from '../shared/errors';
import { storeOwnerSession } from '../sign-in/session';

const t = heOwnerTeam.chooser;

/** The choice's id of the business this session is in: `own` for the phone's own business, else the team id. */
export function currentChoiceId(member: SessionMember | null): string {
  return !member || member.kind === 'owner' ? 'own' : member.id;
}

const choiceClass =
  'flex min-h-14 w-full flex-col items-start justify-center rounded-lg border border-line bg-surface px-4 py-2 ' +
  'text-start hover:border-brand-700 hover:bg-brand-50 aria-[current=true]:border-2 aria-[current=true]:border-brand-700';

export function BusinessChooser({
  choices,
  currentId,
  onChosen,
}: {
  choices: readonly BusinessChoice[];
  currentId: string;
  /** After the choice is stored, before the console opens at the role's first page. */
  onChosen?: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const labelId = useId();
  const choose = useMutation({
    mutationFn: async (choice: BusinessChoice) => {
      if (choice.id === currentId) return choice.role;
      const session = await switchBusiness(choice.id);
      storeOwnerSession(session);
      return session.member?.role ?? 'owner';
    },
    onSuccess: async (role, choice) => {
      onChosen?.();
      // Another business's data must not show for a moment under this one's name.
      if (choice.id !== currentId) queryClient.clear();
      await navigate({ to: ROLE_HOME[role] });
    },
  });

  return (
    <div>
      <p id={labelId} className="sr-only">
        {t.listLabel}
      </p>
      <ul aria-labelledby={labelId} className="flex flex-col gap-3" data-testid="business-choices">
        {choices.map((choice) => {
          const current = choice.id === currentId;
          const pending = choose.isPending && choose.variables?.id === choice.id;
          return (
            <li key={choice.id}>
              <button
                type="button"
                className={choiceClass}
                aria-current={current || undefined}
                aria-disabled={choose.isPending || undefined}
                aria-label={t.choose(choice.businessName, roleNamesHe[choice.role])}
                onClick={() => {
                  if (!choose.isPending) choose.mutate(choice);
                }}
              >
                <span className="text-lg font-bold text-ink">{choice.businessName}</span>
                <span className="text-muted">
                  {roleNamesHe[choice.role]}
                  {current ? ` · ${t.current}` : ''}
                  {pending ? ` · ${t.switching}` : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div role="alert">
        {choose.isError ? (
          <p className={`${errorTextClass} mt-3`}>
            {t.error}: {errorDescription(choose.error)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
