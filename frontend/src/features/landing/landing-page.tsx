import { Link } from '@tanstack/react-router';
import { PageMain } from '@/components/page-shell';
import { containerClass, primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { he } from '@/i18n/he';
import { heLanding } from '@/i18n/he-landing';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LandingPage() {
  useDocumentTitle(heLanding.marketingTitle);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface">
        <div className={`${containerClass} flex min-h-16 flex-wrap items-center justify-between gap-3 py-2`}>
          <Link to="/" className="text-2xl font-bold text-brand-700">
            {he.app.productName}
          </Link>
          <nav aria-label={heLanding.navLabel}>
            <ul className="flex flex-wrap items-center gap-2">
              <li>
                <Link to="/login" className={secondaryButtonClass}>
                  {heLanding.login}
                </Link>
              </li>
              <li>
                <Link to="/registration" className={primaryButtonClass}>
                  {heLanding.register}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </header>

      <PageMain className="flex flex-col justify-center">
        <section aria-labelledby="hero-title" className="max-w-3xl text-start">
          <h1 id="hero-title" className="text-4xl font-bold leading-tight text-ink md:text-5xl">
            {heLanding.tagline}
          </h1>
          <p className="mt-6 text-lg text-muted md:text-xl">
            {heLanding.leadBeforeCommission} <bdi>{heLanding.commission}</bdi> {heLanding.leadAfterCommission}
          </p>
          <p className="mt-8 flex flex-wrap gap-3">
            <Link to="/registration" className={primaryButtonClass}>
              {heLanding.register}
            </Link>
          </p>
        </section>
      </PageMain>

      <LandingFooter />
    </div>
  );
}

export function LandingFooter() {
  return (
    <footer className="border-t border-line bg-surface">
      <div className={`${containerClass} flex flex-col gap-4 py-6 md:flex-row md:items-center md:justify-between`}>
        <nav aria-label={heLanding.footerLinksLabel}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/terms-conditions" className="text-muted underline hover:text-ink">
                {heLanding.terms}
              </Link>
            </li>
            <li>
              <Link to="/accessibility" className="text-muted underline hover:text-ink">
                {heLanding.accessibility}
              </Link>
            </li>
            <li>
              <Link to="/admin-login" className="text-muted underline hover:text-ink">
                {heLanding.adminLogin}
              </Link>
            </li>
          </ul>
        </nav>
        <p className="text-sm text-muted">
          <bdi>© {heLanding.copyrightYear}</bdi> {heLanding.copyrightHolder}
        </p>
      </div>
    </footer>
  );
}
