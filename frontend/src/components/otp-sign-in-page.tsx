import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import type { ReactNode } from 'react';
import { OtpSignIn, type SendCodeResult } from './otp-sign-in';
import { PageMain } from './page-shell';
import { toast } from './ui/toast';

// The sign-in page by one-time code (SMS), one flow for the business owner (/login) and the administrator
// (/admin-login): the page's title and description, the two-step form, the spec's toasts (code sent, sending failed,
// wrong code), and success. Each caller brings its own calls, how it words their errors, where success leads, and
// anything below the form.

/** What the page says when sending a code failed: the toast's text, and beside the phone when the number is refused. */
export interface SendFailure {
  /** The toast's title; the spec's "sending failed" unless given. */
  title?: string;
  description: string;
  phoneError?: string;
}

export interface OtpSignInPageProps<Session> {
  title: string;
  description: string;
  /** The hint under the phone: whose number it is. */
  phoneHint: string;
  /** Prefix of the form's field ids. */
  idPrefix: string;
  /** Asks the server to send a code to the phone (E.164); throws what the server answered. */
  sendCode: (phone: string) => Promise<void>;
  sendFailure: (error: unknown) => SendFailure;
  /** Trades the phone and code for a session; throws when the code is refused. */
  verifyCode: (phone: string, code: string) => Promise<Session>;
  /** The wrong-code toast's description. */
  codeFailure: (error: unknown) => string;
  /** Keeps the session and leaves for the signed-in screen. */
  onSignedIn: (session: Session, phone: string) => Promise<void>;
  children?: ReactNode;
}

export function OtpSignInPage<Session>({
  title,
  description,
  phoneHint,
  idPrefix,
  sendCode,
  sendFailure,
  verifyCode,
  codeFailure,
  onSignedIn,
  children,
}: OtpSignInPageProps<Session>) {
  async function send(phone: string): Promise<SendCodeResult> {
    try {
      await sendCode(phone);
      toast({ title: uiMessagesHe.codeSentTitle, description: uiMessagesHe.codeSentDescription });
      return true;
    } catch (error) {
      const failure = sendFailure(error);
      toast({
        variant: 'destructive',
        title: failure.title ?? uiMessagesHe.sendCodeErrorTitle,
        description: failure.description,
      });
      return failure.phoneError === undefined ? false : { phoneError: failure.phoneError };
    }
  }

  async function verify(phone: string, code: string): Promise<boolean> {
    let session: Session;
    try {
      session = await verifyCode(phone, code);
    } catch (error) {
      toast({ variant: 'destructive', title: uiMessagesHe.wrongCodeTitle, description: codeFailure(error) });
      return false;
    }
    await onSignedIn(session, phone);
    return true;
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <PageMain withoutHeader className="max-w-xl">
        <h1 className="text-3xl font-bold text-ink">{title}</h1>
        <p className="mt-3 text-lg text-muted">{description}</p>
        <OtpSignIn phoneHint={phoneHint} sendCode={send} verifyCode={verify} idPrefix={idPrefix} />
        {children}
      </PageMain>
    </div>
  );
}
