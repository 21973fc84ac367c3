import { TaxAuthorityConnection } from '@/components/tax-authority-connection';
import { heTaxAuthority } from '@/i18n/he-tax-authority';
import { platformTaxAuthority } from './api';
import { errorDescription } from './errors';
import { sectionTitleClass } from './ui';

const t = heTaxAuthority.admin;

/** The platform's own grant at the Tax Authority, for its monthly commission invoices (decision 047). */
export function TaxAuthoritySection() {
  return (
    <section id="tax-authority" aria-labelledby="tax-authority-title" className="scroll-mt-4">
      <h2 id="tax-authority-title" className={sectionTitleClass}>
        {t.title}
      </h2>
      <p className="mt-1 max-w-prose text-muted">{t.hint}</p>
      <TaxAuthorityConnection
        api={platformTaxAuthority}
        canEdit
        describeError={errorDescription}
        testId="platform-tax-authority"
      />
    </section>
  );
}
