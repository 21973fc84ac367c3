import { Suspense, type ReactNode } from 'react';
import { A11yWidget } from '@/components/a11y-widget/a11y-widget';
import { useLanguage } from './language';

/**
 * What every diner screen sits in: the skip link, the accessibility widget, the footer and the live region. The server
 * renders the menu page in it too (server.tsx), so the browser hydrates the very same elements. The screen is a
 * Suspense boundary: when the server's menu is hydrated, React does this frame at once and the screen (as each
 * category inside it) in later, interruptible passes, so hydrating never blocks a tap for long. The footer comes with
 * the screen, under a main at least a screen tall (PageMain): it never shows first and is then pushed down by what
 * the screen draws next (the cart's lines, the payment frame, the paid order), which moved it under the reader's eyes.
 */
export function DinerShell({ message, children }: { message: string; children: ReactNode }) {
  const { t } = useLanguage();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t.skipToContent}
      </a>
      {/* The whole site's widget, in the diner's language here. */}
      {/* In the header's band (decision 038): the menu keeps the whole width of the phone. */}
      <A11yWidget text={t.a11y} />
      <div className="flex min-h-dvh flex-col">
        <Suspense fallback={null}>
          {children}
          <footer className="border-t border-line bg-surface">
            <nav aria-label={t.footer.label} className="mx-auto w-full max-w-3xl px-4 py-3">
              <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <li>
                  <a href="/accessibility" className="text-muted underline hover:text-ink">
                    {t.footer.accessibility}
                  </a>
                </li>
                <li>
                  <a href="/terms-conditions" className="text-muted underline hover:text-ink">
                    {t.footer.terms}
                  </a>
                </li>
              </ul>
            </nav>
          </footer>
        </Suspense>
      </div>
      <div role="status" aria-live="polite" className="sr-only" data-testid="announcer">
        {message}
      </div>
    </>
  );
}
