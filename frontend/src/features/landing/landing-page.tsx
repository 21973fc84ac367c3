import { Suspense, lazy, useEffect, useState } from 'react';
import { heLanding, landingSectionIds } from '@/i18n/he-landing';
import { afterFirstPaint } from '@/lib/first-paint';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FaqAccordion } from './faq-accordion';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import {
  BenefitsSection,
  CallToActionBanner,
  ComparisonSection,
  FeaturesSection,
  HeroSection,
  HowItWorksSection,
  PricingSection,
} from './landing-sections';
import { landingContainerClass, sectionClass, sectionStyle, sectionTitleClass } from './layout';
import { trackLandingView } from './marketing-pixel';
import { layOutAllSections } from './section-link';

// The contact form, at the page's end, brings the form and schema libraries (about 45 KiB gzipped): a chunk of its own
// (vite.config.ts), fetched once the page is on screen instead of before it.
const ContactForm = lazy(() => import('./contact-form').then((module) => ({ default: module.ContactForm })));

/**
 * The landing page (product spec §2), its sections in the spec's order. Each part is a Suspense boundary: on `/`, where
 * the page comes as HTML rendered at build time (src/landing), React hydrates them one by one in short slices, and a
 * tap on a part not hydrated yet hydrates that part first.
 */
export function LandingPage() {
  useDocumentTitle(heLanding.marketingTitle);
  useEffect(() => {
    trackLandingView();
    // Opened at /#pricing (a shared link, a reload): go to the section once it is on the page.
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id && document.getElementById(id)) {
      layOutAllSections();
      document.getElementById(id)?.scrollIntoView({ block: 'start' });
    }
  }, []);

  return (
    <div className="flex min-h-dvh flex-col">
      <Suspense>
        <LandingHeader />
      </Suspense>
      <main id="main" tabIndex={-1} className="flex-1">
        <HeroSection />
        <Suspense>
          <FeaturesSection />
        </Suspense>
        <Suspense>
          <BenefitsSection />
        </Suspense>
        <Suspense>
          <HowItWorksSection />
        </Suspense>
        <Suspense>
          <ComparisonSection />
        </Suspense>
        <Suspense>
          <PricingSection />
          <CallToActionBanner />
        </Suspense>
        <Suspense>
          <FaqSection />
        </Suspense>
        <Suspense>
          <ContactSection />
        </Suspense>
      </main>
      <Suspense>
        <LandingFooter />
      </Suspense>
    </div>
  );
}

function FaqSection() {
  return (
    <section
      id={landingSectionIds.faq}
      tabIndex={-1}
      aria-labelledby="faq-title"
      className={`${sectionClass} border-t border-line bg-canvas`}
      style={sectionStyle}
    >
      <div className={landingContainerClass}>
        <div className="mx-auto max-w-4xl">
          <h2 id="faq-title" className={sectionTitleClass}>
            {heLanding.faqTitle}
          </h2>
          <div className="mt-10">
            <FaqAccordion items={heLanding.faq} />
          </div>
        </div>
      </div>
    </section>
  );
}

function ContactSection() {
  const [formWanted, setFormWanted] = useState(false);
  useEffect(() => afterFirstPaint(() => setFormWanted(true)), []);
  return (
    <section
      id={landingSectionIds.contact}
      tabIndex={-1}
      aria-labelledby="contact-title"
      className={`${sectionClass} bg-surface`}
      style={sectionStyle}
    >
      <div className={`${landingContainerClass} grid gap-10 md:grid-cols-[2fr_3fr]`}>
        <div>
          <h2 id="contact-title" className={sectionTitleClass}>
            {heLanding.contactTitle}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted">{heLanding.contactLead}</p>
        </div>
        <div className="rounded-2xl border border-line bg-canvas p-6 md:p-8">
          {formWanted ? (
            <Suspense fallback={null}>
              <ContactForm />
            </Suspense>
          ) : null}
        </div>
      </div>
    </section>
  );
}
