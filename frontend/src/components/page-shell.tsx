import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { he, pageTitle } from '@/i18n/he';
import { useDocumentTitle } from '@/lib/use-document-title';
import { containerClass, textLinkClass } from './ui/styles';

/**
 * The one <main> of a screen, with its one h1. `#main` is the skip link's target and receives focus on navigation.
 * `wide`: the whole width of the window (the kitchen screen's columns), not the reading width of the other pages.
 * `withoutHeader`: the screen has no header to make room for the accessibility button (sign-in, registration, the
 * statements), so its top does (decision 038): a float at the inline end, down to the button's band, that the title and
 * the first lines flow around and the first controls keep clear of; below it the screen has its whole width.
 */
export function PageMain({
  children,
  className = '',
  wide = false,
  withoutHeader = false,
}: {
  children: ReactNode;
  className?: string;
  wide?: boolean;
  withoutHeader?: boolean;
}) {
  const container = wide ? 'w-full px-4 md:px-6' : containerClass;
  return (
    <main id="main" tabIndex={-1} className={`${container} flex-1 py-10 ${className}`}>
      {withoutHeader ? (
        <div
          aria-hidden="true"
          data-testid="a11y-room"
          className="float-end h-[calc(var(--a11y-band-end)-2.5rem)] w-[calc(var(--a11y-room)-1rem)] md:w-[calc(var(--a11y-room)-1.5rem)]"
        />
      ) : null}
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
      <PageMain withoutHeader>
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
