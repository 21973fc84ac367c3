import { useEffect, useRef, useState } from 'react';
import { primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { he } from '@/i18n/he';
import { heLanding, landingSectionIds } from '@/i18n/he-landing';
import { Icon, LogoMark } from './icons';
import { landingContainerClass } from './layout';
import { SectionLink } from './section-link';

export const MOBILE_MENU_ID = 'landing-mobile-menu';

const sectionOrder = ['benefits', 'pricing', 'faq', 'contact'] as const;

const navLinkClass =
  'inline-flex min-h-11 items-center rounded-md px-3 font-medium text-ink hover:bg-brand-50 hover:text-brand-800';

// The landing page's links are plain links: `/` is a page of its own, rendered at build time and hydrated without the
// app's router (src/landing), so the next page loads as a whole, as it would from any other site.

/**
 * The top bar: the product's name, the section links, login and registration. Under 768 px the links fold into a
 * menu behind a toggle (aria-expanded, aria-controls); a link closes it, and so does Escape, which returns the focus
 * to the toggle.
 */
export function LandingHeader() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="relative z-30 border-b border-line bg-surface">
      {/* Two rows down to the accessibility button's band (decision 038): the name and the sections above it, the
          actions beside it, clear of its room at the inline end. */}
      <div className={`${landingContainerClass} flex min-h-[var(--a11y-band-end)] flex-col justify-between gap-2 py-2`}>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <a href="/" className="inline-flex min-h-11 items-center gap-2 rounded-md text-2xl font-bold text-brand-700">
            <LogoMark />
            <span>{he.app.productName}</span>
          </a>

          <nav aria-label={heLanding.navLabel} className="hidden md:block">
            <ul className="flex items-center gap-1">
              {sectionOrder.map((section) => (
                <li key={section}>
                  <SectionLink section={landingSectionIds[section]} className={navLinkClass}>
                    {heLanding.sectionLinks[section]}
                  </SectionLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        <div className="flex items-center gap-2 pe-[var(--a11y-room)]">
          <div className="hidden md:block">
            <a href="/login" className={secondaryButtonClass}>
              {heLanding.login}
            </a>
          </div>
          <a href="/registration" className={`${primaryButtonClass} whitespace-nowrap`}>
            {heLanding.register}
          </a>
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={open}
            aria-controls={MOBILE_MENU_ID}
            aria-label={open ? heLanding.menuToggleClose : heLanding.menuToggleOpen}
            onClick={() => setOpen((value) => !value)}
            className="inline-flex size-11 items-center justify-center rounded-lg border border-line text-ink hover:bg-brand-50 md:hidden"
          >
            <Icon name={open ? 'close' : 'menu'} />
          </button>
        </div>
      </div>

      <div
        id={MOBILE_MENU_ID}
        hidden={!open}
        data-testid="mobile-menu"
        className="absolute inset-x-0 top-full border-b border-line bg-surface shadow-lg md:hidden"
      >
        <nav aria-label={heLanding.navLabel} className={`${landingContainerClass} py-3`}>
          <ul className="flex flex-col">
            {sectionOrder.map((section) => (
              <li key={section}>
                <SectionLink
                  section={landingSectionIds[section]}
                  onNavigate={close}
                  className={`${navLinkClass} w-full text-lg`}
                >
                  {heLanding.sectionLinks[section]}
                </SectionLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 grid grid-cols-2 gap-3 border-t border-line pt-4">
            <a href="/login" onClick={close} className={secondaryButtonClass}>
              {heLanding.login}
            </a>
            <a href="/registration" onClick={close} className={primaryButtonClass}>
              {heLanding.register}
            </a>
          </div>
        </nav>
      </div>
    </header>
  );
}
