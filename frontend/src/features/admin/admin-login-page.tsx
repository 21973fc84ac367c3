import { errorMessagesHe, uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useNavigate } from '@tanstack/react-router';
import { OtpSignIn, type SendCodeResult } from '@/components/otp-sign-in';
import { PageMain } from '@/components/page-shell';
import { toast } from '@/components/ui/toast';
import { pageTitle } from '@/i18n/he';
import { heAdmin } from '@/i18n/he-admin';
import { isApiError } from '@/lib/api-client';
import { adminPhone, adminToken } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { sendAdminCode, verifyAdminCode } from './api';

const t = heAdmin.login;

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}

export function AdminLoginPage() {
  useDocumentTitle(pageTitle(t.title));
  const navigate = useNavigate();

  async function sendCode(phone: string): Promise<SendCodeResult> {
    try {
      await sendAdminCode(phone);
      toast({ title: uiMessagesHe.codeSentTitle, description: uiMessagesHe.codeSentDescription });
      return true;
    } catch (error) {
      if (isApiError(error) && error.code === 'admin.wrong_number') {
        const message = errorMessagesHe['admin.wrong_number'];
        toast({ variant: 'destructive', title: uiMessagesHe.wrongNumber, description: message });
        return { phoneError: message };
      }
      // Spec §8: the admin's send errors read as a connection problem, unless the server said more (rate limit).
      const description = isApiError(error) && error.status === 429 ? error.message : uiMessagesHe.adminConnectionError;
      toast({ variant: 'destructive', title: uiMessagesHe.sendCodeErrorTitle, description });
      return false;
    }
  }

  async function verifyCode(phone: string, code: string) {
    try {
      const token = await verifyAdminCode(phone, code);
      adminToken.set(token);
      adminPhone.set(phone);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: uiMessagesHe.wrongCodeTitle,
        description: messageOf(error, uiMessagesHe.tryAgain),
      });
      return false;
    }
    await navigate({ to: '/admin' });
    return true;
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <PageMain className="max-w-xl">
        <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
        <p className="mt-3 text-lg text-muted">{t.description}</p>
        <OtpSignIn text={heAdmin.otp} sendCode={sendCode} verifyCode={verifyCode} idPrefix="admin-login" />
      </PageMain>
    </div>
  );
}
