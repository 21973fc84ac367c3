import { errorMessagesHe, uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useNavigate } from '@tanstack/react-router';
import { OtpSignInPage, type SendFailure } from '@/components/otp-sign-in-page';
import { pageTitle } from '@/i18n/he';
import { heAdmin } from '@/i18n/he-admin';
import { isApiError } from '@/lib/api-client';
import { adminPhone, adminToken } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { sendAdminCode, verifyAdminCode } from './api';

const t = heAdmin.login;

function sendFailure(error: unknown): SendFailure {
  if (isApiError(error) && error.code === 'admin.wrong_number') {
    const message = errorMessagesHe['admin.wrong_number'];
    return { title: uiMessagesHe.wrongNumber, description: message, phoneError: message };
  }
  // Spec §8: the admin's send errors read as a connection problem, unless the server said more (rate limit).
  return { description: isApiError(error) && error.status === 429 ? error.message : uiMessagesHe.adminConnectionError };
}

function codeFailure(error: unknown): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : uiMessagesHe.tryAgain;
}

export function AdminLoginPage() {
  useDocumentTitle(pageTitle(t.title));
  const navigate = useNavigate();

  return (
    <OtpSignInPage
      title={t.title}
      description={t.description}
      phoneHint={t.phoneHint}
      idPrefix="admin-login"
      sendCode={sendAdminCode}
      sendFailure={sendFailure}
      verifyCode={verifyAdminCode}
      codeFailure={codeFailure}
      onSignedIn={async (token, phone) => {
        adminToken.set(token);
        adminPhone.set(phone);
        await navigate({ to: '/admin' });
      }}
    />
  );
}
