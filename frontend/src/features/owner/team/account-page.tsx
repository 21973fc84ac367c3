// A person's own page (/account, issue 31): who is signed in, in which business and role, their staff PIN for the
// kitchen screens, and the other businesses of the same phone.
import { roleNamesHe } from '@tafrit/contracts/roles';
import type { OwnerBusiness } from '@tafrit/contracts/http/sign-in.schemas';
import { PageMain } from '@/components/page-shell';
import { cardClass, cardTitleClass } from '@/components/ui/form-styles';
import { pageTitle } from '@/i18n/he';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { businessData } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { sessionBusinesses } from '../sign-in/handover';
import { BusinessChooser, currentChoiceId } from './business-chooser';
import { OwnPinCard } from './own-pin-card';
import { useConsoleRole } from './use-role';

const t = heOwnerTeam.account;

export function AccountPage() {
  useDocumentTitle(pageTitle(t.title));
  const { member } = useConsoleRole();
  const business = businessData.get<OwnerBusiness>();
  const choices = sessionBusinesses.get();
  return (
    <PageMain>
      <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
      <p className="mt-3 max-w-prose text-lg text-muted">{t.description}</p>
      <div className="mt-8 flex flex-col gap-6">
        <section className={cardClass} aria-label={t.who}>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-lg">
            <dt className="text-muted">{t.who}:</dt>
            <dd className="font-medium text-ink">{member.name}</dd>
            <dt className="text-muted">{t.business}:</dt>
            <dd className="font-medium text-ink">{business?.businessName}</dd>
            <dt className="text-muted">{t.role}:</dt>
            <dd className="font-medium text-ink">{roleNamesHe[member.role]}</dd>
          </dl>
        </section>
        {member.kind === 'screen' ? null : <OwnPinCard />}
        {choices.length > 1 ? (
          <section aria-labelledby="account-businesses" className={cardClass}>
            <h2 id="account-businesses" className={`${cardTitleClass} mb-4`}>
              {t.businessesTitle}
            </h2>
            <BusinessChooser choices={choices} currentId={currentChoiceId(member)} />
          </section>
        ) : null}
      </div>
    </PageMain>
  );
}
