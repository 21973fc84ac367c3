import { Link } from '@tanstack/react-router';
import { he, pageTitle } from '@/i18n/he';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PageMain } from './page-shell';
import { primaryButtonClass } from './ui/styles';

/** Shown for any address no route matches (the root route's notFoundComponent). */
export function NotFoundPage() {
  useDocumentTitle(pageTitle(he.notFound.title));
  return (
    <div className="flex min-h-dvh flex-col">
      <PageMain withoutHeader className="text-center">
        <div data-testid="not-found">
          <p aria-hidden="true" className="text-6xl font-bold text-brand-700" dir="ltr">
            404
          </p>
          <h1 className="mt-4 text-3xl font-bold text-ink">{he.notFound.title}</h1>
          <p className="mx-auto mt-4 max-w-prose text-lg text-muted">{he.notFound.description}</p>
          <p className="mt-8">
            <Link to="/" className={primaryButtonClass}>
              {he.app.backHome}
            </Link>
          </p>
        </div>
      </PageMain>
    </div>
  );
}
