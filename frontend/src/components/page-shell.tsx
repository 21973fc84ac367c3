import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { he, pageTitle } from '@/i18n/he';
import { useDocumentTitle } from '@/lib/use-document-title';
import { containerClass, textLinkClass } from './ui/styles';

/**
 * The one <main> of a screen, with its one h1. `#main` is the skip link's target and receives focus on navigation.
 * `wide`: the whole width of the window (the kitchen screen's columns), not the reading width of the other pages.
 */
export function PageMain({
  children,
  className = '',
  wide = false,
}: {
  children: ReactNode;
  className?: string;
  wide?: boolean;
}) {
  const container = wide ? 'w-full px-4 md:px-6' : containerClass;
  return (
    <main id="main" tabIndex={-1} className={`${container} flex-1 py-10 ${className}`}>
      {children}
    </main>
  );
}

/** A screen not built yet: its name, one sentence and a way home. Later issues replace these one by one. */
export function PlaceholderPage({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description: string;
  children?: ReactNode;
  testId?: string;
}) {
  useDocumentTitle(pageTitle(title));
  return (
    <div className="flex min-h-dvh flex-col">
      <PageMain>
        <div data-testid={testId}>
          <h1 className="text-3xl font-bold text-ink">{title}</h1>
          <p className="mt-4 max-w-prose text-lg text-muted">{description}</p>
          {children}
          <p className="mt-8">
            <Link to="/" className={textLinkClass}>
              {he.app.backHome}
            </Link>
          </p>
        </div>
      </PageMain>
    </div>
  );
}
