// /admin and /admin-dashboard (issue 7, spec §2 Admin dashboard): a header with the connection badge, the debug
// dialog, the terms editor link and logout; then one page of sections with an in-page navigation.
import { formatIsraeliMobile } from '@tafrit/contracts/israel/phone';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, type MouseEvent } from 'react';
import { PageMain } from '@/components/page-shell';
import { LogoutButton } from '@/components/logout-button';
import { containerClass, textLinkClass } from '@/components/ui/styles';
import { pageTitle } from '@/i18n/he';
import { heAdmin } from '@/i18n/he-admin';
import { adminPhone } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AccountCards, AccountsSection } from './accounts-section';
import { AuditSection, ContactSection } from './activity-sections';
import { BackupStatusLine } from './backup-status';
import { clearAdminSession, logoutAdmin, onAdminSessionExpired, useBusinesses } from './api';
import { CommissionsSection } from './commissions-section';
import { ConnectionBadge, DebugButton } from './connection';
import { PayoutsSection } from './payouts-section';
import { PLATFORM_ALLOCATIONS_SECTION_ID, PlatformAllocationsSection } from './platform-allocations-section';
import { TaxAuthoritySection } from './tax-authority-section';

const t = heAdmin.dashboard;

const sections = [
  ['summary', heAdmin.sections.accountsSummary],
  ['commissions', heAdmin.sections.commissions],
  ['accounts', heAdmin.sections.accounts],
  ['payouts', heAdmin.sections.payouts],
  ['tax-authority', heAdmin.sections.taxAuthority],
  [PLATFORM_ALLOCATIONS_SECTION_ID, heAdmin.sections.platformAllocations],
  ['contact', heAdmin.sections.contact],
  ['audit', heAdmin.sections.audit],
] as const;

/**
 * Spec §4: a 401 on any admin call, or an empty business list while a token is held, ends the admin session and
 * leaves to /. (An empty list means the token no longer reaches real data: the product always has its demo café.)
 */
function useLeaveWhenSessionEnds() {
  const navigate = useNavigate();
  const businesses = useBusinesses();
  const empty = businesses.isSuccess && businesses.data.length === 0;

  useEffect(() => onAdminSessionExpired(() => void navigate({ to: '/', replace: true })), [navigate]);
  useEffect(() => {
    if (!empty) return;
    clearAdminSession();
    void navigate({ to: '/', replace: true });
  }, [empty, navigate]);
}

export function AdminDashboardPage() {
  useDocumentTitle(pageTitle(t.title));
  useLeaveWhenSessionEnds();
  const navigate = useNavigate();
  const phone = adminPhone.get();

  async function onLogout() {
    await logoutAdmin();
    await navigate({ to: '/', replace: true });
  }

  return (
    <div className="flex min-h-dvh flex-col">
      {/* Down to the accessibility button's band, clear of its room at the inline end (decision 038). */}
      <header className="flex min-h-[var(--a11y-band-end)] flex-col border-b border-line bg-surface">
        <div className={`${containerClass} keeps-a11y-room flex flex-1 flex-col justify-between gap-3 py-3`}>
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
          <nav aria-label={t.headerLabel}>
            <ul className="flex flex-wrap items-center gap-3">
              <li>
                <ConnectionBadge />
              </li>
              <li>
                <DebugButton />
              </li>
              <li>
                <Link to="/terms-conditions" className={`${textLinkClass} inline-flex min-h-11 items-center px-1`}>
                  {t.termsLink}
                </Link>
              </li>
              <li>
                <LogoutButton logout={onLogout} label={t.logout} pendingLabel={t.loggingOut} />
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <PageMain>
        <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
        <p className="mt-3 max-w-prose text-lg text-muted">{t.description}</p>
        <BackupStatusLine />
        <nav aria-label={t.sectionsNav} className="mt-6">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {sections.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className={textLinkClass} onClick={(event) => jumpTo(event, id)}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-10 flex flex-col gap-14">
          <AccountCards />
          <CommissionsSection />
          <AccountsSection />
          <PayoutsSection />
          <TaxAuthoritySection />
          <PlatformAllocationsSection />
          <ContactSection />
          <AuditSection />
        </div>
      </PageMain>
    </div>
  );
}

/**
 * In-page links move focus to the section's heading too (a plain hash jump scrolls but leaves keyboard focus behind
 * in some browsers) and keep the router's location untouched.
 */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const heading = document.getElementById(`${id}-title`);
  if (!heading) return;
  event.preventDefault();
  heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'start' });
}
