import type { OwnerBusiness } from '@tafrit/contracts/http/accounts.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { PageMain } from '@/components/page-shell';
import { LogoutButton } from '@/components/logout-button';
import { containerClass } from '@/components/ui/styles';
import { pageTitle } from '@/i18n/he';
import { heOwner } from '@/i18n/he-owner';
import { adminImpersonating, businessData } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { AddressBanner } from './address-banner';
import { useOwnerBusiness } from './api/profile';
import { onOwnerSessionExpired } from './api/session-request';
import { logout } from '../sign-in/session';
import { signInPage } from '../sign-in/session-guard';
import { ConsoleNavigation } from '../team/console-navigation';
import { SignedInMember } from '../team/signed-in-member';
import { useConsoleRole } from '../team/use-role';

const t = heOwner.console;

const navLinkClass =
  'inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-ink hover:bg-canvas ' +
  'aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700 aria-[current=page]:underline';

/** The business owner's console around /orders, /reports, /menu, /menu-management and /settings: header, navigation, banner. */
export function OwnerConsoleLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useOwnerBusiness();
  // The frame rendered at build time (scripts/prerender.mjs) knows no business: what the device holds is drawn in the
  // render after hydration (lib/use-hydrated.ts), the name's line kept meanwhile so nothing below it moves.
  const hydrated = useHydrated();
  const business = hydrated ? (profile.data ?? businessData.get<OwnerBusiness>()) : undefined;
  const impersonating = hydrated && adminImpersonating.get();
  const { may } = useConsoleRole();

  useEffect(
    () =>
      onOwnerSessionExpired(() => {
        // Leave first: a cache cleared under a mounted screen would fetch again, without a token.
        void navigate({ to: signInPage(), replace: true }).then(() => queryClient.clear());
      }),
    [navigate, queryClient],
  );

  async function onLogout() {
    await logout({
      goHome: () => navigate({ to: '/', replace: true }),
      forgetData: () => queryClient.clear(),
    });
  }

  return (
    <div className="flex min-h-dvh flex-col">
      {/* Down to the accessibility button's band, every row clear of its room at the inline end (decision 038): the
          button sits beside the header, never over a control, and the screen below has the whole width. */}
      <header
        data-console-header
        className="flex min-h-[var(--a11y-band-end)] flex-col border-b border-line bg-surface"
      >
        {impersonating ? (
          <div data-testid="impersonation-banner" className="border-b-2 border-danger bg-danger-50 text-danger">
            <div
              className={`${containerClass} keeps-a11y-room flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-2`}
            >
              <p className="font-bold">{t.impersonationBanner}</p>
              <button
                type="button"
                className="min-h-11 font-medium text-danger underline hover:no-underline"
                onClick={onLogout}
              >
                {t.endImpersonation}
              </button>
            </div>
          </div>
        ) : null}
        {business?.isActive === false ? <PausedBanner /> : null}
        {hydrated && may('business.owner') ? <AddressBanner business={business} /> : null}
        {/* Two rows: the name and sign-out above; the navigation below, in the button's band, the whole row its own. */}
        <div
          className={`${containerClass} keeps-a11y-room flex flex-1 flex-wrap content-between items-center gap-x-6 gap-y-3 py-3`}
        >
          <div className="flex min-w-0 basis-full flex-wrap items-center gap-x-3 gap-y-1">
            {business?.logo ? (
              <img
                src={business.logo}
                alt=""
                className="size-11 shrink-0 rounded-lg border border-line object-contain"
                data-testid="header-logo"
              />
            ) : null}
            <p className="min-w-0 text-lg font-bold break-words text-ink">
              {hydrated ? business?.businessName || t.businessFallbackName : '\u00a0'}
            </p>
            {hydrated ? <SignedInMember /> : null}
            <div className="ms-auto">
              <LogoutButton logout={onLogout} label={t.logout} pendingLabel={t.loggingOut} />
            </div>
          </div>
          <ConsoleNavigation linkClass={navLinkClass} />
        </div>
      </header>
      <Outlet />
    </div>
  );
}

/**
 * An administrator paused the account: diners see no menu and cannot pay, but the owner may still work in the
 * console. Shown from the server's answer (`isActive`), on every console screen, with the way to reach support.
 * `role="status"` announces it once when it appears (also when the server's answer replaces a stored copy).
 */
function PausedBanner() {
  return (
    <div role="status" data-testid="paused-banner" className="border-b-2 border-danger bg-danger-50 text-danger">
      <div
        className={`${containerClass} keeps-a11y-room flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3`}
      >
        <p className="font-bold">{heOwner.paused.banner}</p>
        <a
          href="/#contact"
          className="inline-flex min-h-11 items-center font-medium text-danger underline hover:no-underline"
        >
          {heOwner.paused.contact}
        </a>
      </div>
    </div>
  );
}

/** A console screen that its own issue has not built yet: its title and one sentence, inside the console. */
export function ConsolePlaceholder({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  useDocumentTitle(pageTitle(title));
  return (
    <PageMain>
      <h1 className="text-3xl font-bold text-ink">{title}</h1>
      <p className="mt-4 max-w-prose text-lg text-muted">{description}</p>
      {children}
    </PageMain>
  );
}
