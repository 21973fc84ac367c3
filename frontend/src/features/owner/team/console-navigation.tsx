// The console's navigation, by role (issue 31): a page the role cannot open is not offered (the route guard sends
// it home anyway, and the server refuses its calls).
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { heOwner } from '@/i18n/he-owner';
import { heOwnerActivity } from '@/i18n/he-owner-activity';
import { heOwnerBookkeeping } from '@/i18n/he-owner-bookkeeping';
import { heOwnerNumbers } from '@/i18n/he-owner-numbers';
import { heOwnerPromotions } from '@/i18n/he-owner-promotions';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { useHydrated } from '@/lib/use-hydrated';
import { roleMayOpen } from '../sign-in/session-guard';
import { useConsoleRole } from './use-role';

const t = heOwner.console;

const PAGES = [
  { to: '/orders', label: t.orders },
  { to: '/menu', label: t.menu },
  // Promo codes beside the menu they apply to; the numbers and the accountant's files after the reports.
  { to: '/promo-codes', label: heOwnerPromotions.nav },
  { to: '/reports', label: t.reports },
  { to: '/numbers', label: heOwnerNumbers.nav },
  { to: '/bookkeeping', label: heOwnerBookkeeping.bookkeeping.nav },
  { to: '/settings', label: t.settings },
  { to: '/team', label: heOwnerTeam.console.team },
  { to: '/activity', label: heOwnerActivity.activity.nav },
  { to: '/account', label: heOwnerTeam.console.account },
] as const;

export function ConsoleNavigation({ linkClass }: { linkClass: string }) {
  // Read again on every navigation: a switch of business changes who is signed in under the same layout.
  const href = useRouterState({ select: (state) => state.location.href });
  // A page rendered at build time (decision 054) knows no one's role: its links come with the session, in the render
  // after hydration, so a manager never sees the owner's links first (support's link is everyone's). The row keeps its
  // height meanwhile.
  const hydrated = useHydrated();
  const list = useRef<HTMLUListElement>(null);
  // On a phone the links are one row that scrolls sideways: the current page's link is brought into that row's view
  // (again once they are drawn after hydration).
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const row = list.current;
    if (!current || !row || row.scrollWidth <= row.clientWidth) return;
    current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [href, hydrated]);
  const { member } = useConsoleRole();
  // The member's own role, not a PIN's: a PIN covers one action on the screen, not a visit to another page.
  const pages = (hydrated ? PAGES : []).filter(
    (page) => roleMayOpen(member.role, page.to) && !(page.to === '/account' && member.kind !== 'person'),
  );
  return (
    // One row on a phone, scrolled sideways, so the page under it (the kitchen's orders first) starts on the first
    // screen; the row's padding keeps the focus ring inside its clipped edges. Wider screens wrap the links instead.
    <nav aria-label={t.navLabel} className="min-w-0 flex-1">
      <ul
        ref={list}
        className="flex min-h-14 items-center gap-1 overflow-x-auto overscroll-x-contain p-1.5 sm:min-h-11 sm:flex-wrap sm:overflow-visible sm:p-0"
      >
        {pages.map((page) => (
          <li key={page.to} className="shrink-0">
            <Link to={page.to} className={linkClass}>
              {page.label}
            </Link>
          </li>
        ))}
        <li className="shrink-0">
          <a href="/#contact" className={linkClass}>
            {t.support}
          </a>
        </li>
      </ul>
    </nav>
  );
}
