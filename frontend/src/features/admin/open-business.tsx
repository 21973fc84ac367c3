// Open-as-business (product spec §4): the admin gets a business session and opens /reports with it, in this tab or a
// new one. The credentials travel in the URL fragment, which the owner page stores and removes from the address.
import { sendOtpSchema } from '@tafrit/contracts/http/accounts.schemas';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/form-field';
import { cardClass, cardTitleClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heAdmin } from '@/i18n/he-admin';
import { impersonationFragment } from '@/lib/impersonation';
import { impersonateBusiness } from './api';

export type OpenTarget = 'same' | 'new';

const o = heAdmin.openBusiness;

/** `open(phone, target)` must be called straight from a click: a tab opened after an await is a blocked pop-up. */
export function useOpenAsBusiness() {
  const navigate = useNavigate();
  const impersonate = useMutation({
    mutationFn: async ({ phone, tab }: { phone: string; target: OpenTarget; tab: Window | null }) => {
      const session = await impersonateBusiness(phone);
      const hash = impersonationFragment({ token: session.token, business: session.business });
      if (tab) tab.location.replace(`/reports#${hash}`);
      else await navigate({ to: '/reports', hash });
    },
    onError: (failure, { tab }) => {
      tab?.close();
      const description =
        failure instanceof Error && failure.message.trim() !== '' ? failure.message : uiMessagesHe.accessError;
      toast({ variant: 'destructive', title: o.errorTitle, description });
    },
  });
  const pending = impersonate.isPending
    ? { phone: impersonate.variables.phone, target: impersonate.variables.target }
    : null;

  function open(phone: string, target: OpenTarget) {
    if (pending) return;
    // A tab opened after an await is a pop-up to the browser: open it now, fill it when the session is here.
    const tab = target === 'new' ? window.open('', '_blank') : null;
    if (target === 'new') {
      if (!tab) {
        toast({ variant: 'destructive', title: o.errorTitle, description: o.popupBlocked });
        return;
      }
      tab.opener = null;
    }
    impersonate.mutate({ phone, target, tab });
  }

  return { open, pending };
}

/** By phone: also reaches an account the list does not show (a search, a closed account's orders). */
export function OpenBusinessCard() {
  const { open, pending } = useOpenAsBusiness();
  const [phoneText, setPhoneText] = useState('');
  const [error, setError] = useState<string>();
  const phoneRef = useRef<HTMLInputElement>(null);
  const target = useRef<OpenTarget>('same');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = sendOtpSchema.shape.phone.safeParse(phoneText);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      phoneRef.current?.focus();
      return;
    }
    setError(undefined);
    void open(parsed.data, target.current);
  }

  return (
    <section aria-labelledby="open-business-title" className={`${cardClass} max-w-xl`}>
      <h3 id="open-business-title" className={cardTitleClass}>
        {o.title}
      </h3>
      <p className={hintClass}>{o.description}</p>
      <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-5">
        <TextField
          ref={phoneRef}
          id="open-business-phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          ltr
          aria-required
          label={o.phoneLabel}
          hint={o.phoneHint}
          error={error}
          value={phoneText}
          onChange={(event) => setPhoneText(event.target.value)}
        />
        <div className="flex flex-wrap gap-3">
          <PendingButton
            pending={pending?.target === 'same'}
            pendingLabel={o.opening}
            onClick={() => {
              target.current = 'same';
            }}
            className={primaryButtonClass}
          >
            {o.sameTab}
          </PendingButton>
          <PendingButton
            pending={pending?.target === 'new'}
            pendingLabel={o.opening}
            onClick={() => {
              target.current = 'new';
            }}
            className={secondaryButtonClass}
          >
            {o.newTab}
          </PendingButton>
        </div>
      </form>
    </section>
  );
}
