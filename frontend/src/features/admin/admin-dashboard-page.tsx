import { sendOtpSchema } from '@tafrit/contracts/http/accounts.schemas';
import { formatIsraeliMobile } from '@tafrit/contracts/israel/phone';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PageMain } from '@/components/page-shell';
import { TextField } from '@/components/ui/form-field';
import { cardClass, cardTitleClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { containerClass, primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { pageTitle } from '@/i18n/he';
import { heAdmin } from '@/i18n/he-admin';
import { impersonationFragment } from '@/lib/impersonation';
import { adminPhone } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { impersonateBusiness, logoutAdmin, onAdminSessionExpired } from './api';

const t = heAdmin.dashboard;

/** /admin and /admin-dashboard. For now the header and "open a business"; the full dashboard comes with its issue. */
export function AdminDashboardPage() {
  useDocumentTitle(pageTitle(t.title));
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const phone = adminPhone.get();

  useEffect(() => onAdminSessionExpired(() => void navigate({ to: '/', replace: true })), [navigate]);

  async function onLogout() {
    setLeaving(true);
    await logoutAdmin();
    await navigate({ to: '/', replace: true });
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface">
        <div className={`${containerClass} flex flex-wrap items-center justify-between gap-3 py-3`}>
          <p className="font-bold text-ink">
            {t.signedInAs}
            {phone ? (
              <>
                {' '}
                <bdi dir="ltr" className="font-normal text-muted">
                  {formatIsraeliMobile(phone) ?? phone}
                </bdi>
              </>
            ) : null}
          </p>
          <PendingButton
            type="button"
            pending={leaving}
            pendingLabel={t.loggingOut}
            onClick={onLogout}
            className={secondaryButtonClass}
          >
            {t.logout}
          </PendingButton>
        </div>
      </header>
      <PageMain>
        <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
        <p className="mt-3 max-w-prose text-lg text-muted">{t.description}</p>
        <OpenBusinessCard />
      </PageMain>
    </div>
  );
}

type Target = 'same' | 'new';

function OpenBusinessCard() {
  const o = heAdmin.openBusiness;
  const navigate = useNavigate();
  const [phoneText, setPhoneText] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState<Target | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const target = useRef<Target>('same');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = sendOtpSchema.shape.phone.safeParse(phoneText);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      phoneRef.current?.focus();
      return;
    }
    setError(undefined);
    const where = target.current;
    // A tab opened after an await is a pop-up to the browser: open it now, fill it when the session is here.
    const tab = where === 'new' ? window.open('', '_blank') : null;
    if (where === 'new') {
      if (!tab) {
        toast({ variant: 'destructive', title: o.errorTitle, description: o.popupBlocked });
        return;
      }
      tab.opener = null;
    }
    setPending(where);
    try {
      const session = await impersonateBusiness(parsed.data);
      const hash = impersonationFragment({ token: session.token, business: session.business });
      if (tab) {
        tab.location.replace(`/reports#${hash}`);
        setPending(null);
      } else {
        await navigate({ to: '/reports', hash });
      }
    } catch (failure) {
      tab?.close();
      setPending(null);
      const description =
        failure instanceof Error && failure.message.trim() !== '' ? failure.message : uiMessagesHe.accessError;
      toast({ variant: 'destructive', title: o.errorTitle, description });
    }
  }

  return (
    <section aria-labelledby="open-business-title" className={`${cardClass} mt-8 max-w-xl`}>
      <h2 id="open-business-title" className={cardTitleClass}>
        {o.title}
      </h2>
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
            pending={pending === 'same'}
            pendingLabel={o.opening}
            onClick={() => {
              target.current = 'same';
            }}
            className={primaryButtonClass}
          >
            {o.sameTab}
          </PendingButton>
          <PendingButton
            pending={pending === 'new'}
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
