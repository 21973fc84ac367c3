import { stepUpVerifySchema } from '@tafrit/contracts/http/step-up.schemas';
import { useMutation } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { errorTextClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass, textLinkClass } from '@/components/ui/styles';
import { heSessions } from '@/i18n/he-sessions';
import { isApiError } from '@/lib/api-client';
import { sendStepUpCode, verifyStepUpCode } from './api/sign-ins';
import { errorDescription } from './errors';

const t = heSessions.stepUp;

/** Runs a sensitive change; when the server asks for a fresh code, asks the owner for it and runs the change again. */
export type WithStepUp = <T>(change: () => Promise<T>) => Promise<T>;

const StepUpContext = createContext<WithStepUp | null>(null);

export const isStepUpRequired = (error: unknown): boolean =>
  isApiError(error) && error.code === 'auth.step_up_required';

/**
 * `withStepUp(change)` for the settings' sensitive changes (decision 036): payout details, the Cardcom password, a new
 * QR address. Outside a provider the change simply runs (and its 403 reaches the caller as any error).
 */
export function useStepUp(): WithStepUp {
  return useContext(StepUpContext) ?? ((change) => change());
}

interface Pending {
  resolve: () => void;
  reject: () => void;
}

/**
 * Holds the one code dialog of a page. A change answered `auth.step_up_required` opens it (a code is sent at once);
 * an accepted code closes it and the change runs again; closing it without a code fails the change with the server's
 * own refusal, so each caller says what it says of any failure.
 */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const [asking, setAsking] = useState(false);
  const pending = useRef<Pending | null>(null);

  const ask = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        pending.current = { resolve, reject };
        setAsking(true);
      }),
    [],
  );

  const withStepUp = useCallback<WithStepUp>(
    async (change) => {
      try {
        return await change();
      } catch (error) {
        if (!isStepUpRequired(error)) throw error;
        try {
          await ask();
        } catch {
          throw error;
        }
        return change();
      }
    },
    [ask],
  );

  function finish(granted: boolean) {
    const waiting = pending.current;
    pending.current = null;
    setAsking(false);
    if (granted) waiting?.resolve();
    else waiting?.reject();
  }

  return (
    <StepUpContext.Provider value={withStepUp}>
      {children}
      {asking ? <StepUpDialog onGranted={() => finish(true)} onCancel={() => finish(false)} /> : null}
    </StepUpContext.Provider>
  );
}

function StepUpDialog({ onGranted, onCancel }: { onGranted: () => void; onCancel: () => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const send = useMutation({ mutationFn: sendStepUpCode });
  const verify = useMutation({ mutationFn: verifyStepUpCode, onSuccess: onGranted });
  const sentOnce = useRef(false);
  const { mutate: sendCode } = send;
  useEffect(() => {
    // The code goes out as the dialog opens: the owner came here to make the change, not to press one more button.
    // Once: React's development double run of effects keeps the ref.
    if (sentOnce.current) return;
    sentOnce.current = true;
    sendCode();
  }, [sendCode]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = stepUpVerifySchema.safeParse({ code });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    verify.mutate(parsed.data.code);
  }

  const serverError = verify.error ? errorDescription(verify.error) : undefined;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !verify.isPending) onCancel();
      }}
      title={t.title}
      description={t.description}
      closeLabel={t.cancel}
      footer={
        <PendingButton
          type="submit"
          form={`${id}-form`}
          pending={verify.isPending}
          pendingLabel={t.confirming}
          className={primaryButtonClass}
          data-testid="step-up-confirm"
        >
          {t.confirm}
        </PendingButton>
      }
    >
      <p role="status" className="text-ink">
        {send.isPending ? t.sending : send.isSuccess ? t.sent : ''}
      </p>
      {send.isError ? (
        <p role="alert" className={errorTextClass}>
          {t.sendError}: {errorDescription(send.error)}
        </p>
      ) : null}
      <form id={`${id}-form`} noValidate onSubmit={submit} className="mt-4">
        <TextField
          label={t.codeLabel}
          hint={t.codeHint}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          ltr
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          error={fieldError ?? serverError}
          data-testid="step-up-code"
        />
      </form>
      <button
        type="button"
        className={`${textLinkClass} mt-3 min-h-11`}
        disabled={send.isPending}
        onClick={() => send.mutate()}
        data-testid="step-up-resend"
      >
        {t.resend}
      </button>
    </Dialog>
  );
}
