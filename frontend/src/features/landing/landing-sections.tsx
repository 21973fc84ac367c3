import { primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { heLanding, landingSectionIds } from '@/i18n/he-landing';
import { withBidiNumbers } from './bidi';
import { DemoPreview } from './demo-preview';
import { Icon, type IconName } from './icons';
import {
  cardClass,
  iconBadgeClass,
  landingContainerClass,
  sectionClass,
  sectionStyle,
  sectionTitleClass,
} from './layout';

/** The demo café every visitor can open (seeded by the server: `SEED_DEMO`). */
// The demo menu is the diner's own page (diner.html), not a screen of this app: a plain link loads it.
const demoMenuHref = '/menu/demo';

// The landing page's marketing sections, in the order of product spec §2. Every section is labelled by its heading;
// the anchored ones (benefits, pricing, faq, contact) take the focus when a link scrolls to them.

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="border-b border-line bg-brand-50">
      <div className={`${landingContainerClass} grid items-center gap-12 py-14 md:grid-cols-[1.15fr_1fr] md:py-20`}>
        <div>
          <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900">
            {heLanding.heroEyebrow}
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold leading-tight text-ink md:text-5xl">
            {heLanding.tagline}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted md:text-xl">
            {withBidiNumbers(heLanding.heroLead)}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="/registration" className={`${primaryButtonClass} text-lg`}>
              {heLanding.register}
            </a>
            <a href={demoMenuHref} className={`${secondaryButtonClass} text-lg`}>
              {heLanding.heroSecondary}
            </a>
          </div>
          <ul aria-label={heLanding.claimsLabel} className="mt-10 grid max-w-lg grid-cols-3 gap-3">
            {heLanding.claims.map((claim) => (
              <li key={claim.text} className="rounded-xl border border-line bg-surface p-3 text-center shadow-sm">
                <bdi dir="ltr" className="block text-2xl font-bold text-brand-700 md:text-3xl">
                  {claim.value}
                </bdi>
                <span className="mt-1 block text-sm leading-snug text-muted">{claim.text}</span>
              </li>
            ))}
          </ul>
        </div>
        <PhoneMockup />
      </div>
    </section>
  );
}

/** A drawing of the diner's screen, for the eye only: the demo link right next to it is the real thing. */
function PhoneMockup() {
  const mock = heLanding.phoneMockup;
  return (
    <div aria-hidden="true" className="hidden justify-center md:flex">
      <div className="relative">
        <div className="w-64 rounded-[2.5rem] border-[10px] border-ink bg-surface p-4 shadow-2xl">
          <div className="mx-auto mb-4 h-1.5 w-16 rounded-full bg-line" />
          <div className="flex items-center justify-between">
            <p className="font-bold text-ink">{mock.business}</p>
            <p className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900">{mock.table}</p>
          </div>
          <ul className="mt-4 flex flex-col gap-3">
            {mock.items.map((item) => (
              <li key={item.name} className="flex items-center gap-3 rounded-xl border border-line p-2">
                <span className="size-10 shrink-0 rounded-lg bg-brand-100" />
                <span className="flex-1">
                  <span className="block text-sm font-medium text-ink">{item.name}</span>
                  <bdi dir="ltr" className="text-sm text-muted">
                    {item.price}
                  </bdi>
                </span>
                <span className="inline-flex size-7 items-center justify-center rounded-full bg-brand-700 text-lg leading-none text-white">
                  +
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-5 flex items-center justify-between rounded-xl bg-brand-700 px-4 py-3 text-white">
            <span className="font-medium">{mock.cart}</span>
            <bdi dir="ltr" className="font-bold">
              {mock.cartTotal}
            </bdi>
          </div>
        </div>
        <div className="absolute -end-20 top-24 rounded-2xl border border-line bg-surface p-3 shadow-lg">
          <QrDrawing />
        </div>
      </div>
    </div>
  );
}

function QrDrawing() {
  // A made-up pattern in the shape of a QR code; not scannable on purpose.
  const cells = ['1110101', '1010011', '1110100', '0001011', '1101110', '0110101', '1011011'];
  return (
    <svg viewBox="0 0 7 7" className="size-16" shapeRendering="crispEdges">
      {cells.flatMap((row, y) =>
        [...row].map((cell, x) =>
          cell === '1' ? <rect key={`${x}-${y}`} x={x} y={y} width="1" height="1" fill="#1f2937" /> : null,
        ),
      )}
    </svg>
  );
}

const featureIcons: Record<keyof typeof heLanding.features, IconName> = {
  phone: 'phone',
  experience: 'sparkle',
  savings: 'coins',
};

export function FeaturesSection() {
  const { phone, experience, savings } = heLanding.features;
  return (
    <section aria-labelledby="features-title" className={`${sectionClass} bg-surface`} style={sectionStyle}>
      <div className={landingContainerClass}>
        <h2 id="features-title" className={`${sectionTitleClass} max-w-2xl`}>
          {heLanding.featuresTitle}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          <li className={cardClass}>
            <FeatureHeading icon={featureIcons.phone} title={phone.title} />
            <p className="mt-3 leading-relaxed text-muted">{phone.text}</p>
          </li>
          <li className={`${cardClass} flex flex-col`} data-testid="demo-feature">
            <FeatureHeading icon={featureIcons.experience} title={experience.title} />
            <p className="mt-3 leading-relaxed text-muted">{experience.text}</p>
            <p className="mt-4">
              <a
                href={demoMenuHref}
                className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 underline hover:text-brand-900"
              >
                {experience.demoLink}
                <Icon name="arrow" className="size-5" />
              </a>
            </p>
            <DemoPreview />
          </li>
          <li className={cardClass}>
            <FeatureHeading icon={featureIcons.savings} title={savings.title} />
            <p className="mt-3 leading-relaxed text-muted">{withBidiNumbers(savings.text)}</p>
          </li>
        </ul>
      </div>
    </section>
  );
}

function FeatureHeading({ icon, title }: { icon: IconName; title: string }) {
  return (
    <div className="flex items-center gap-3">
      <span className={iconBadgeClass}>
        <Icon name={icon} />
      </span>
      <h3 className="text-xl font-bold text-ink">{title}</h3>
    </div>
  );
}

const benefitIcons: IconName[] = ['wallet', 'clock', 'list', 'shield', 'printer', 'chart'];

export function BenefitsSection() {
  return (
    <section
      id={landingSectionIds.benefits}
      tabIndex={-1}
      aria-labelledby="benefits-title"
      className={`${sectionClass} bg-canvas`}
      style={sectionStyle}
    >
      <div className={landingContainerClass}>
        <h2 id="benefits-title" className={sectionTitleClass}>
          {heLanding.benefitsTitle}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {heLanding.benefits.map((benefit, index) => (
            <li key={benefit.title} className={cardClass}>
              <span className={iconBadgeClass}>
                <Icon name={benefitIcons[index] ?? 'check'} />
              </span>
              <h3 className="mt-4 text-lg font-bold text-ink">{withBidiNumbers(benefit.title)}</h3>
              <p className="mt-2 leading-relaxed text-muted">{withBidiNumbers(benefit.text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-title" className={`${sectionClass} bg-surface`} style={sectionStyle}>
      <div className={landingContainerClass}>
        <h2 id="how-title" className={sectionTitleClass}>
          {heLanding.howTitle}
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {heLanding.howSteps.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-line bg-canvas p-6">
              <span
                aria-hidden="true"
                className="inline-flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold text-ink">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{withBidiNumbers(step.text)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function ComparisonSection() {
  const headers = heLanding.comparisonHeaders;
  return (
    <section aria-labelledby="comparison-title" className={`${sectionClass} bg-canvas`} style={sectionStyle}>
      <div className={landingContainerClass}>
        <h2 id="comparison-title" className={sectionTitleClass}>
          {heLanding.comparisonTitle}
        </h2>
        <div className="mt-10 overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
          <table className="w-full table-fixed border-collapse text-start text-sm md:text-base">
            <caption className="sr-only">{heLanding.comparisonCaption}</caption>
            <thead>
              <tr className="bg-canvas">
                <th scope="col" className="w-[28%] p-2.5 text-start font-bold text-ink md:p-4">
                  {headers.topic}
                </th>
                <th scope="col" className="p-2.5 text-start font-bold text-ink md:p-4">
                  {headers.without}
                </th>
                <th scope="col" className="bg-brand-50 p-2.5 text-start font-bold text-brand-900 md:p-4">
                  {headers.with}
                </th>
              </tr>
            </thead>
            <tbody>
              {heLanding.comparisonRows.map((row) => (
                <tr key={row.topic} className="border-t border-line">
                  <th scope="row" className="p-2.5 text-start align-top font-medium text-ink md:p-4">
                    {row.topic}
                  </th>
                  <td className="p-2.5 align-top text-muted md:p-4">
                    <span className="flex items-start gap-2">
                      <Icon name="cross" className="mt-0.5 hidden size-5 shrink-0 text-danger sm:block" />
                      <span>{row.without}</span>
                    </span>
                  </td>
                  <td className="bg-brand-50 p-2.5 align-top text-ink md:p-4">
                    <span className="flex items-start gap-2">
                      <Icon name="check" className="mt-0.5 hidden size-5 shrink-0 text-brand-700 sm:block" />
                      <span>{withBidiNumbers(row.with)}</span>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

export function PricingSection() {
  return (
    <section
      id={landingSectionIds.pricing}
      tabIndex={-1}
      aria-labelledby="pricing-title"
      className={`${sectionClass} bg-surface`}
      style={sectionStyle}
    >
      <div className={landingContainerClass}>
        <h2 id="pricing-title" className={sectionTitleClass}>
          {heLanding.pricingTitle}
        </h2>
        <p className="mt-3 text-lg text-muted">{heLanding.pricingLead}</p>
        <div className="mt-10 grid overflow-hidden rounded-2xl border border-line shadow-sm md:grid-cols-[2fr_3fr]">
          <div className="flex flex-col items-center justify-center bg-brand-700 p-8 text-center text-white md:p-10">
            <bdi dir="ltr" className="text-6xl font-bold md:text-7xl">
              {heLanding.pricingCommission}
            </bdi>
            <p className="mt-2 text-xl font-medium">{heLanding.pricingCommissionLabel}</p>
            <p className="mt-1">{heLanding.pricingCommissionNote}</p>
          </div>
          <div className="bg-surface p-6 md:p-10">
            <dl className="grid grid-cols-3 gap-2 md:gap-3">
              {heLanding.pricingItems.map((item) => (
                <div
                  key={item.term}
                  className="flex flex-col justify-between rounded-xl bg-canvas p-3 text-center md:p-4"
                >
                  <dt className="text-sm text-muted">{item.term}</dt>
                  <dd className="mt-1 text-2xl font-bold text-ink">
                    <bdi dir="ltr">{item.value}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
            <ul className="mt-6 flex flex-col gap-3">
              {heLanding.pricingPoints.map((point) => (
                <li key={point} className="flex items-start gap-2 text-ink">
                  <Icon name="check" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <span>{withBidiNumbers(point)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-8">
              <a href="/registration" className={primaryButtonClass}>
                {heLanding.register}
              </a>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

export function CallToActionBanner() {
  return (
    <section aria-labelledby="cta-title" className="bg-surface pb-16 md:pb-24">
      <div className={landingContainerClass}>
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-brand-700 p-8 text-white md:flex-row md:items-center md:justify-between md:p-12">
          <div>
            <h2 id="cta-title" className="text-3xl font-bold">
              {heLanding.ctaTitle}
            </h2>
            <p className="mt-3 max-w-xl text-lg">{withBidiNumbers(heLanding.ctaText)}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <a
              href="/registration"
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-white px-6 py-2 text-lg font-bold text-brand-700 hover:bg-brand-50"
            >
              {heLanding.register}
            </a>
            <a
              href={demoMenuHref}
              className="inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-white px-6 py-2 text-lg font-medium text-white hover:bg-brand-800"
            >
              {heLanding.heroSecondary}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
