// The owner's team page (/team, issue 31): the owner, the people and the paired screens in one list with every
// sign-in, the invitation, the idle time of people's sign-ins, a pairing code for a kitchen screen and the owner's own
// staff PIN.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { PageMain } from '@/components/page-shell';
import { cardClass, cardTitleClass, errorTextClass } from '@/components/ui/form-styles';
import { secondaryButtonClass } from '@/components/ui/styles';
import { pageTitle } from '@/i18n/he';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { useDocumentTitle } from '@/lib/use-document-title';
import { teamQueryOptions } from '../shared/api/team';
import { errorDescription } from '../shared/errors';
import { IdleHoursCard } from './idle-hours-card';
import { InviteDialog } from './invite-dialog';
import { MemberCard } from './member-card';
import { OwnPinCard } from './own-pin-card';
import { PairScreenCard } from './pair-screen-card';

const t = heOwnerTeam.team;

export function TeamPage() {
  useDocumentTitle(pageTitle(t.title));
  const titleId = useId();
  const team = useQuery(teamQueryOptions);
  return (
    <PageMain>
      <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
      <p className="mt-3 max-w-prose text-lg text-muted">{t.description}</p>
      <div className="mt-8 flex flex-col gap-6">
        <section aria-labelledby={titleId} className={cardClass} data-testid="team-list">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={titleId} className={cardTitleClass}>
              {t.listTitle}
            </h2>
            <InviteDialog />
          </div>
          {team.isPending ? (
            <p role="status" className="mt-4 text-muted">
              {t.loading}
            </p>
          ) : team.isError ? (
            <div className="mt-4">
              <p className={errorTextClass}>{t.loadError}</p>
              <p className="mt-1 text-muted">{errorDescription(team.error)}</p>
              <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => void team.refetch()}>
                {t.retry}
              </button>
            </div>
          ) : (
            <ul className="mt-2 divide-y divide-line">
              {team.data.members.map((member) => (
                <MemberCard key={member.id} member={member} />
              ))}
            </ul>
          )}
        </section>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-2">
          <PairScreenCard />
          {team.data ? <IdleHoursCard idleHours={team.data.settings.idleHours} /> : null}
          <OwnPinCard />
        </div>
      </div>
    </PageMain>
  );
}
