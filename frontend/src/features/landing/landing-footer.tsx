import { he } from '@/i18n/he';
import { heLanding, landingSectionIds } from '@/i18n/he-landing';
import { LogoMark } from './icons';
import { landingContainerClass } from './layout';
import { SectionLink } from './section-link';

const linkClass = 'inline-flex min-h-8 items-center text-muted underline hover:text-ink';
const sections = ['benefits', 'pricing', 'faq', 'contact'] as const;

/** Quick links (product spec §2), the system administrator's sign-in among them, and the copyright line. */
export function LandingFooter() {
  return (
    <footer className="border-t border-line bg-surface">
      <div className={`${landingContainerClass} grid gap-8 py-10 md:grid-cols-[2fr_3fr]`}>
        <div>
          <p className="inline-flex items-center gap-2 text-xl font-bold text-brand-700">
            <LogoMark className="size-7" />
            {he.app.productName}
          </p>
          <p className="mt-3 max-w-sm text-muted">{heLanding.footerTagline}</p>
        </div>
        <nav aria-label={heLanding.footerLinksLabel} className="grid grid-cols-2 gap-6">
          <ul className="flex flex-col gap-1">
            {sections.map((section) => (
              <li key={section}>
                <SectionLink section={landingSectionIds[section]} className={linkClass}>
                  {heLanding.sectionLinks[section]}
                </SectionLink>
              </li>
            ))}
          </ul>
          <ul className="flex flex-col gap-1">
            <li>
              <a href="/registration" className={linkClass}>
                {heLanding.register}
              </a>
            </li>
            <li>
              <a href="/login" className={linkClass}>
                {heLanding.login}
              </a>
            </li>
            <li>
              <a href="/terms-conditions" className={linkClass}>
                {heLanding.terms}
              </a>
            </li>
            <li>
              <a href="/accessibility" className={linkClass}>
                {heLanding.accessibility}
              </a>
            </li>
            <li>
              <a href="/admin-login" className={linkClass}>
                {heLanding.adminLogin}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-line">
        <p className={`${landingContainerClass} py-4 text-sm text-muted`}>
          <bdi dir="ltr">© {heLanding.copyrightYear}</bdi> {heLanding.copyrightHolder}
        </p>
      </div>
    </footer>
  );
}
