import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PageMain } from '@/components/page-shell';
import { primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { pageTitle } from '@/i18n/he';
import { heOwner } from '@/i18n/he-owner';
import { useDocumentTitle } from '@/lib/use-document-title';

const t = heOwner.success;
export const SUCCESS_REDIRECT_SECONDS = 5;

/**
 * After registration: a visible 5-second countdown, then the menu (spec §2). Screen readers hear one polite sentence,
 * not a number every second; the person can stop the move (WCAG 2.2.1) or go at once.
 */
export function RegistrationSuccessPage() {
  useDocumentTitle(pageTitle(t.title));
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(SUCCESS_REDIRECT_SECONDS);
  const [stopped, setStopped] = useState(false);
  // Filled a moment after the page is shown: a live region that appears together with its text is often not read.
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setAnnouncement(t.announcement(SUCCESS_REDIRECT_SECONDS)), 300);
    return () => clearTimeout(timer);
  }, []);

  // The count starts when screen readers are told it: what is heard and what is seen say the same number, and the
  // move comes the promised 5 seconds after the sentence, not earlier.
  useEffect(() => {
    if (stopped || !announcement) return;
    if (secondsLeft <= 0) {
      void navigate({ to: '/menu', replace: true });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, stopped, announcement, navigate]);

  return (
    <div className="flex min-h-dvh flex-col">
      <PageMain withoutHeader className="text-center">
        <svg aria-hidden="true" viewBox="0 0 48 48" className="mx-auto block size-16 text-brand-700" fill="none">
          <circle cx="24" cy="24" r="21" stroke="currentColor" strokeWidth="3" />
          <path
            d="M14 25l7 7 13-15"
            stroke="currentColor"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h1 className="mt-4 text-3xl font-bold text-ink">{t.title}</h1>
        <p className="mx-auto mt-3 max-w-prose text-lg text-muted">{t.description}</p>
        {stopped ? (
          <p className="mt-6 text-lg text-ink">{t.stopped}</p>
        ) : (
          <p className="mt-6 text-lg text-ink" data-testid="success-countdown">
            {t.countdownBefore}{' '}
            <bdi className="inline-block min-w-[1ch] text-2xl font-bold text-brand-700 tabular-nums">{secondsLeft}</bdi>{' '}
            {t.countdownAfter}
          </p>
        )}
        <p role="status" className="sr-only">
          {stopped ? t.stopped : announcement}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/menu" replace className={primaryButtonClass}>
            {t.goNow}
          </Link>
          {stopped ? null : (
            <button type="button" className={secondaryButtonClass} onClick={() => setStopped(true)}>
              {t.stop}
            </button>
          )}
        </div>
      </PageMain>
    </div>
  );
}
