import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { OtpSignIn } from '@/components/otp-sign-in';
import { PageMain } from '@/components/page-shell';
import { textLinkClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { pageTitle } from '@/i18n/he';
import { heOwner } from '@/i18n/he-owner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { sendOwnerCode, verifyOwnerCode } from './api/accounts';
import { errorDescription } from './errors';
import { storeOwnerSession } from './session';

const t = heOwner.login;

export function LoginPage() {
  useDocumentTitle(pageTitle(t.title));
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function sendCode(phone: string) {
    try {
      await sendOwnerCode(phone);
      toast({ title: uiMessagesHe.codeSentTitle, description: uiMessagesHe.codeSentDescription });
      return true;
    } catch (error) {
      toast({ variant: 'destructive', title: uiMessagesHe.sendCodeErrorTitle, description: errorDescription(error) });
      return false;
    }
  }

  async function verifyCode(phone: string, code: string) {
    try {
      storeOwnerSession(await verifyOwnerCode(phone, code));
    } catch (error) {
      toast({ variant: 'destructive', title: uiMessagesHe.wrongCodeTitle, description: errorDescription(error) });
      return false;
    }
    queryClient.clear();
    await navigate({ to: '/reports' });
    return true;
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <PageMain className="max-w-xl">
        <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
        <p className="mt-3 text-lg text-muted">{t.description}</p>
        <OtpSignIn text={heOwner.otp} sendCode={sendCode} verifyCode={verifyCode} idPrefix="login" />
        <p className="mt-10">
          {t.noAccount}{' '}
          <Link to="/registration" className={textLinkClass}>
            {t.toRegistration}
          </Link>
        </p>
      </PageMain>
    </div>
  );
}
