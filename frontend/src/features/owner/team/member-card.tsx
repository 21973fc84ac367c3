// One row of the team list (issue 31): the owner, a person or a paired screen, with their role, phone, last activity
// and every sign-in, each of which can be ended; a person's role can change, a person removed, a screen revoked.
import type { TeamMember, TeamSignIn } from '@tafrit/contracts/http/team.schemas';
import { formatIsraeliMobile } from '@tafrit/contracts/israel/phone';
import { INVITABLE_ROLES, roleNamesHe, type InvitableRole } from '@tafrit/contracts/roles';
import { useId } from 'react';
import { ConsequencesDialog } from '@/components/ui/consequences-dialog';
import { inputClass, labelClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { dangerOutlineClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { useChangeMemberRole, useEndTeamSignIn, useRemoveMember } from '../shared/api/team';
import { errorDescription } from '../shared/errors';

const t = heOwnerTeam.team;

export const teamTime = new Intl.DateTimeFormat('he-IL', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Asia/Jerusalem',
});
const at = (instant: string) => teamTime.format(new Date(instant));

const deviceOf = (signIn: TeamSignIn) => [signIn.browser, signIn.system].filter(Boolean).join(' · ') || t.unknownDevice;

export function MemberCard({ member }: { member: TeamMember }) {
  const nameId = useId();
  const phone = member.phone ? (formatIsraeliMobile(member.phone) ?? member.phone) : null;
  return (
    <li
      aria-labelledby={nameId}
      className="flex flex-col gap-3 py-4"
      data-testid="team-member"
      data-kind={member.kind}
      data-member-id={member.id}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={nameId} className="text-lg font-bold text-ink">
          {member.name}
        </h3>
        <p className="text-muted">
          {t.kinds[member.kind]} · <span data-testid="team-member-role">{roleNamesHe[member.role]}</span>
        </p>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-sm text-muted">
        {phone ? (
          <>
            <dt>{t.phone}:</dt>
            <dd>
              <bdi dir="ltr">{phone}</bdi>
            </dd>
          </>
        ) : null}
        <dt>{t.lastActive}:</dt>
        <dd>{member.lastActiveAt ? <bdi>{at(member.lastActiveAt)}</bdi> : t.never}</dd>
        {member.kind !== 'owner' ? (
          <>
            <dt>{t.added}:</dt>
            <dd>
              <bdi>{at(member.addedAt)}</bdi>
            </dd>
          </>
        ) : null}
      </dl>
      {member.pinSet ? <p className="text-sm text-muted">{t.pinSet}</p> : null}
      <SignIns member={member} />
      {member.kind === 'person' ? <RoleChoice member={member} /> : null}
      {member.kind !== 'owner' ? <RemoveMember member={member} /> : null}
    </li>
  );
}

function SignIns({ member }: { member: TeamMember }) {
  const end = useEndTeamSignIn();
  if (member.signIns.length === 0) return <p className="text-sm text-muted">{t.noSignIns}</p>;
  return (
    <div>
      <p className="text-sm font-medium text-ink">{t.signIns}</p>
      <ul className="mt-1 flex flex-col gap-2">
        {member.signIns.map((signIn) => (
          <li key={signIn.id} className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="team-sign-in">
            <span className="text-sm text-ink">
              <bdi>{t.signInOf(deviceOf(signIn), at(signIn.lastUsedAt))}</bdi>
              {signIn.current ? ` · ${t.thisDevice}` : ''}
              {signIn.impersonated ? ` · ${t.support}` : ''}
            </span>
            {signIn.current ? null : (
              <PendingButton
                type="button"
                pending={end.isPending && end.variables === signIn.id}
                pendingLabel={heOwnerTeam.team.endSignIn}
                className={`${dangerOutlineClass} px-3`}
                aria-label={t.endSignInLabel(member.name, deviceOf(signIn))}
                onClick={() =>
                  end.mutate(signIn.id, {
                    onSuccess: () => toast({ title: t.signInEnded }),
                    onError: (error) =>
                      toast({ variant: 'destructive', title: t.endSignInError, description: errorDescription(error) }),
                  })
                }
              >
                {t.endSignIn}
              </PendingButton>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RoleChoice({ member }: { member: TeamMember }) {
  const selectId = useId();
  const change = useChangeMemberRole();
  return (
    <div className="max-w-xs">
      <label htmlFor={selectId} className={labelClass}>
        {t.changeRole(member.name)}
      </label>
      <select
        id={selectId}
        className={inputClass}
        value={member.role}
        disabled={change.isPending}
        onChange={(event) => {
          const role = event.target.value as InvitableRole;
          change.mutate(
            { id: member.id, role },
            {
              onSuccess: () => toast({ title: t.roleChanged(member.name, roleNamesHe[role]) }),
              onError: (error) =>
                toast({ variant: 'destructive', title: t.roleChangeError, description: errorDescription(error) }),
            },
          );
        }}
        data-testid="team-member-role-choice"
      >
        {INVITABLE_ROLES.map((role) => (
          <option key={role} value={role}>
            {roleNamesHe[role]}
          </option>
        ))}
      </select>
    </div>
  );
}

function RemoveMember({ member }: { member: TeamMember }) {
  const remove = useRemoveMember();
  const screen = member.kind === 'screen';
  const text = screen ? t.revokeDialog : t.removeDialog;
  return (
    <div>
      <ConsequencesDialog
        text={{ ...text, title: text.title(member.name), cancel: t.cancel }}
        trigger={
          <button
            type="button"
            className={dangerOutlineClass}
            aria-label={screen ? t.revokeLabel(member.name) : t.removeLabel(member.name)}
            data-testid="team-member-remove"
          >
            {screen ? t.revoke : t.remove}
          </button>
        }
        onConfirm={async () => {
          await remove.mutateAsync(member.id);
          toast({ title: t.removed(member.name) });
        }}
        describeError={errorDescription}
        confirmTestId="team-member-remove-confirm"
      />
    </div>
  );
}
