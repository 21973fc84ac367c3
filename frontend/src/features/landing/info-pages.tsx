import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageMain } from '@/components/page-shell';
import { textLinkClass } from '@/components/ui/styles';
import { he, pageTitle } from '@/i18n/he';
import { heLanding } from '@/i18n/he-landing';
import { useDocumentTitle } from '@/lib/use-document-title';
import { withBidiNumbers } from './bidi';

/** A public text page: its title as the one h1, the text, a way home. */
export function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(pageTitle(title));
  return (
    <div className="flex min-h-dvh flex-col">
      <PageMain withoutHeader>
        <article className="max-w-3xl">
          <h1 className="text-3xl font-bold text-ink md:text-4xl">{title}</h1>
          {children}
          <p className="mt-10">
            <Link to="/" className={textLinkClass}>
              {he.app.backHome}
            </Link>
          </p>
        </article>
      </PageMain>
    </div>
  );
}

/** `2026-11-21` -> `21.11.2026`, the way dates are written in Israel. */
function israeliDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

const sectionTitleClass = 'mt-10 text-2xl font-bold text-ink';
const listClass = 'mt-4 flex list-disc flex-col gap-2 ps-6 text-lg leading-relaxed text-ink marker:text-brand-700';

/**
 * The accessibility statement the Israeli regulations require (Service Accessibility Regulations 2013, reg. 35): the
 * adjustments made, the known limitations, the date of the last review and whom to contact.
 */
export function AccessibilityStatementPage() {
  const page = heLanding.accessibilityPage;
  return (
    <InfoPage title={page.title}>
      <p className="mt-6 text-lg leading-relaxed text-muted">{page.description}</p>

      <h2 className={sectionTitleClass}>{page.standardTitle}</h2>
      <p className="mt-4 text-lg leading-relaxed text-ink">{withBidiNumbers(page.standard)}</p>

      <h2 className={sectionTitleClass}>{page.adjustmentsTitle}</h2>
      <ul className={listClass}>
        {page.adjustments.map((item) => (
          <li key={item}>{withBidiNumbers(item)}</li>
        ))}
      </ul>

      <h2 className={sectionTitleClass}>{page.limitationsTitle}</h2>
      <ul className={listClass}>
        {page.limitations.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>

      <h2 className={sectionTitleClass}>{page.contactTitle}</h2>
      <p className="mt-4 text-lg leading-relaxed text-ink">{page.contactText}</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-lg" data-testid="accessibility-contact">
        <dt className="font-medium text-muted">{page.contactEmailLabel}</dt>
        <dd className="min-w-0">
          <a href={`mailto:${page.contactEmail}`} className={`${textLinkClass} break-all`} dir="ltr">
            {page.contactEmail}
          </a>
        </dd>
        <dt className="font-medium text-muted">{page.contactPhoneLabel}</dt>
        <dd>
          <a href={`tel:${page.contactPhone.replace(/\D/g, '')}`} className={textLinkClass} dir="ltr">
            {page.contactPhone}
          </a>
        </dd>
      </dl>

      <h2 className={sectionTitleClass}>{page.reviewTitle}</h2>
      <p className="mt-4 text-lg text-ink" data-testid="accessibility-reviewed">
        {page.reviewedOn}{' '}
        <time dateTime={page.reviewDate}>
          <bdi dir="ltr">{israeliDate(page.reviewDate)}</bdi>
        </time>
      </p>
    </InfoPage>
  );
}
