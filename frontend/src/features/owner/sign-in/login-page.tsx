import type { BusinessChoice, SessionMember } from '@tafrit/contracts/http/team.schemas';
import { ROLE_HOME } from '@tafrit/contracts/roles';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { OtpSignInPage } from '@/components/otp-sign-in-page';
import { PageMain } from '@/components/page-shell';
import { textLinkClass } from '@/components/ui/styles';
import { pageTitle } from '@/i18n/he';
import { heOwner } from '@/i18n/he-owner';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { useDocumentTitle } from '@/lib/use-document-title';
import { sendOwnerCode, verifyOwnerCode } from '../shared/api/accounts';
import { errorDescription } from '../shared/errors';
import { storeOwnerSession } from './session';

const t = heOwner.login;

// The choice of a business is for the few phones with several: its code (and the team's schemas) loads only then.
const BusinessChooser = lazy(() =>
  import('../team/business-chooser').then((module) => ({ default: module.BusinessChooser })),
);

export function LoginPage() {
  useDocumentTitle(pageTitle(t.title));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState<{ choices: BusinessChoice[]; member: SessionMember | undefined } | null>(
    null,
  );

  if (choosing) {
    return (
      <div className="flex min-h-dvh flex-col">
        <PageMain withoutHeader className="max-w-xl">
          <h1 className="text-3xl font-bold text-ink">{heOwnerTeam.chooser.title}</h1>
          <p className="mt-3 mb-8 text-lg text-muted">{heOwnerTeam.chooser.description}</p>
          <Suspense fallback={null}>
            <BusinessChooser
              choices={choosing.choices}
              currentId={!choosing.member || choosing.member.kind === 'owner' ? 'own' : choosing.member.id}
            />
          </Suspense>
        </PageMain>
      </div>
    );
  }

  return (
    <OtpSignInPage
      title={t.title}
      description={t.description}
      phoneHint={t.phoneHint}
      idPrefix="login"
      sendCode={sendOwnerCode}
      sendFailure={(error) => ({ description: errorDescription(error) })}
      verifyCode={verifyOwnerCode}
      codeFailure={errorDescription}
      onSignedIn={async (session) => {
        storeOwnerSession(session);
        queryClient.clear();
        // The code opened the first business; a phone with several chooses (issue 31).
        if (session.businesses && session.businesses.length > 1) {
          setChoosing({ choices: session.businesses, member: session.member });
          return;
        }
        await navigate({ to: ROLE_HOME[session.member?.role ?? 'owner'] });
      }}
    >
      <p className="mt-10">
        {t.noAccount}{' '}
        <Link to="/registration" className={textLinkClass}>
          {t.toRegistration}
        </Link>
      </p>
    </OtpSignInPage>
  );
}
