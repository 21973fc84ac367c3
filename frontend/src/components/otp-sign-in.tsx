import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { otpTextHe as text } from '@/i18n/he-otp';
import { TextField } from './ui/form-field';
import { PendingButton } from './ui/pending-button';
import { secondaryButtonClass, textLinkClass } from './ui/styles';
import { onDemand } from '@/lib/on-demand';
import { useSendHeldForms } from '@/lib/use-held-forms';

// The checks of the phone and the code (the contracts' schemas, zod and the phone numbering plan): loaded when the
// person first touches the form, not before the sign-in page can take input (issue 15).
const signInChecks = onDemand(async () => {
  const [schemas, phone] = await Promise.all([
    import('@tafrit/contracts/http/sign-in.schemas'),
    import('@tafrit/contracts/israel/phone'),
  ]);
  return {
    phone: schemas.sendOtpSchema.shape.phone,
    code: schemas.verifyOtpSchema.shape.code,
    formatPhone: phone.formatIsraeliMobile,
  };
});

// The form of the sign-in by one-time code (otp-sign-in-page.tsx): step 1 the phone, step 2 the 6-digit code sent to
// it, with a way back and a resend after a visible countdown. It holds the steps, the validation (the contracts' own
// schemas) and the focus; the page holds the calls, their toasts and where success leads.

/** What a send attempt came to: sent, failed (the caller told the person), or a message to show beside the phone. */
export type SendCodeResult = boolean | { phoneError: string };

export interface OtpSignInProps {
  /** The hint under the phone: whose number it is. */
  phoneHint: string;
  /** Receives the phone in E.164 (+9725...). */
  sendCode: (phone: string) => Promise<SendCodeResult>;
  /** Resolves true when signed in (the caller navigates), false when the code was refused. */
  verifyCode: (phone: string, code: string) => Promise<boolean>;
  resendAfterSeconds?: number;
  /** Prefix of the field ids, so two sign-in forms could share a page. */
  idPrefix?: string;
}

export const RESEND_AFTER_SECONDS = 30;

/** Digits only, at most 6: what the code box accepts whatever is typed or pasted. */
export function sanitiseCode(text: string): string {
  return text.replace(/\D/g, '').slice(0, 6);
}

export function OtpSignIn({
  phoneHint,
  sendCode,
  verifyCode,
  resendAfterSeconds = RESEND_AFTER_SECONDS,
  idPrefix = 'otp',
}: OtpSignInProps) {
  // The login page comes rendered at build time: a "send code" pressed before the app arrived is sent now.
  useSendHeldForms();
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [phoneText, setPhoneText] = useState('');
  const [phone, setPhone] = useState('');
  const [shownPhone, setShownPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const firstRender = useRef(true);
  const codeForm = useRef<HTMLFormElement>(null);
  const submitOnSixth = useRef(false);

  // The calls through the app's mutations (their pending state); what they came to is told by the page, so neither
  // throws for a refused phone or code.
  const sending = useMutation({
    mutationFn: ({ to }: { to: string; kind: 'send' | 'resend' }) => sendCode(to),
  });
  const verifying = useMutation({
    mutationFn: ({ to, code }: { to: string; code: string }) => verifyCode(to, code),
  });
  // Which button shows it is working. After a sign-in the verify button stays so until the caller's navigation
  // replaces this screen: the form does not come back to life for a moment in between.
  const pending: 'send' | 'resend' | 'verify' | null = sending.isPending
    ? sending.variables.kind
    : verifying.isPending || verifying.data === true
      ? 'verify'
      : null;

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  // Sent once the sixth digit is in the state the submit handler reads.
  useEffect(() => {
    if (!submitOnSixth.current) return;
    submitOnSixth.current = false;
    codeForm.current?.requestSubmit();
  }, [code]);

  // Each step starts with the focus in its field (not on the first render: the page's <main> has it then).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    (step === 'code' ? codeRef : phoneRef).current?.focus();
  }, [step]);

  async function send(to: string, kind: 'send' | 'resend'): Promise<boolean> {
    const result = await sending.mutateAsync({ to, kind });
    if (typeof result === 'object') {
      setPhoneError(result.phoneError);
      if (kind === 'resend') setStep('phone');
      else phoneRef.current?.focus();
      return false;
    }
    if (result) setSecondsLeft(resendAfterSeconds);
    return result;
  }

  async function onPhoneSubmit(event: FormEvent) {
    event.preventDefault();
    const checks = await signInChecks();
    const parsed = checks.phone.safeParse(phoneText);
    if (!parsed.success) {
      setPhoneError(parsed.error.issues[0]?.message);
      phoneRef.current?.focus();
      return;
    }
    setPhoneError(undefined);
    if (await send(parsed.data, 'send')) {
      setPhone(parsed.data);
      setShownPhone(checks.formatPhone(parsed.data) ?? parsed.data);
      setCode('');
      setCodeError(undefined);
      setStep('code');
    }
  }

  async function onCodeSubmit(event: FormEvent) {
    event.preventDefault();
    // Enter pressed while the sixth digit's verification is on its way sends nothing twice.
    if (pending) return;
    // Loaded with the phone's step: this wait ends at once.
    const parsed = (await signInChecks()).code.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      codeRef.current?.focus();
      return;
    }
    setCodeError(undefined);
    // After success the caller navigates away; the verify button stays pending (above) until it does.
    if (!(await verifying.mutateAsync({ to: phone, code: parsed.data }))) codeRef.current?.focus();
  }

  async function onResend() {
    if (secondsLeft > 0 || pending) return;
    setCode('');
    setCodeError(undefined);
    await send(phone, 'resend');
    codeRef.current?.focus();
  }

  if (step === 'phone') {
    return (
      <form
        noValidate
        onSubmit={onPhoneSubmit}
        onFocus={signInChecks.warm}
        onPointerDown={signInChecks.warm}
        className="mt-8 flex max-w-md flex-col gap-6"
      >
        <TextField
          ref={phoneRef}
          id={`${idPrefix}-phone`}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          ltr
          aria-required
          label={text.phoneLabel}
          hint={phoneHint}
          error={phoneError}
          value={phoneText}
          onChange={(event) => setPhoneText(event.target.value)}
        />
        <PendingButton pending={pending === 'send'} pendingLabel={text.sendingCode}>
          {text.sendCode}
        </PendingButton>
      </form>
    );
  }

  return (
    <form ref={codeForm} noValidate onSubmit={onCodeSubmit} className="mt-8 flex max-w-md flex-col gap-6">
      <p id={`${idPrefix}-sent-to`} className="text-ink">
        {text.sentTo}{' '}
        <bdi dir="ltr" className="font-bold" data-testid="otp-sent-to">
          {shownPhone}
        </bdi>
      </p>
      <TextField
        ref={codeRef}
        id={`${idPrefix}-code`}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        ltr
        aria-required
        label={text.codeLabel}
        hint={text.codeHint}
        error={codeError}
        value={code}
        onChange={(event) => {
          const next = sanitiseCode(event.target.value);
          setCode(next);
          // The sixth digit (typed, pasted or filled from the SMS) sends the code: no extra tap on a phone.
          submitOnSixth.current = next.length === 6 && code.length < 6 && !pending;
        }}
        className="[&_input]:text-lg [&_input]:tracking-[0.3em]"
      />
      <PendingButton pending={pending === 'verify'} pendingLabel={text.verifying}>
        {text.verify}
      </PendingButton>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <button
          type="button"
          className={textLinkClass}
          onClick={() => {
            setPhoneError(undefined);
            setStep('phone');
          }}
        >
          {text.changePhone}
        </button>
        <PendingButton
          type="button"
          pending={pending === 'resend'}
          pendingLabel={text.sendingCode}
          disabled={secondsLeft > 0}
          onClick={onResend}
          className={`${secondaryButtonClass} disabled:cursor-not-allowed disabled:opacity-60`}
        >
          {text.resend}
        </PendingButton>
      </div>
      {secondsLeft > 0 ? (
        <p className="text-sm text-muted" data-testid="otp-resend-countdown">
          {text.resendInBefore} <bdi className="tabular-nums">{secondsLeft}</bdi> {text.resendInAfter}
        </p>
      ) : null}
    </form>
  );
}
