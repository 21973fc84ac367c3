import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { he, pageTitle } from '@/i18n/he';
import { useDocumentTitle } from '@/lib/use-document-title';
import { containerClass, textLinkClass } from './ui/styles';

/** The one <main> of a screen, with its one h1. `#main` is the skip link's target and receives focus on navigation. */
export function PageMain({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <main id="main" tabIndex={-1} className={`${containerClass} flex-1 py-10 ${className}`}>
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
