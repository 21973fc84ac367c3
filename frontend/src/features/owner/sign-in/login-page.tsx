import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { OtpSignInPage } from '@/components/otp-sign-in-page';
import { textLinkClass } from '@/components/ui/styles';
import { pageTitle } from '@/i18n/he';
import { heOwner } from '@/i18n/he-owner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { sendOwnerCode, verifyOwnerCode } from '../shared/api/accounts';
import { errorDescription } from '../shared/errors';
import { storeOwnerSession } from './session';

const t = heOwner.login;

export function LoginPage() {
  useDocumentTitle(pageTitle(t.title));
  const navigate = useNavigate();
  const queryClient = useQueryClient();

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
        await navigate({ to: '/reports' });
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
