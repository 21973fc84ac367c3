import { useId } from 'react';
import { TaxAuthorityConnection } from '@/components/tax-authority-connection';
import { cardClass, cardTitleClass, hintClass } from '@/components/ui/form-styles';
import { heTaxAuthority } from '@/i18n/he-tax-authority';
import { ownerTaxAuthority } from '../shared/api/tax-authority';
import { errorDescription } from '../shared/errors';

const t = heTaxAuthority.owner;

/**
 * "Connect to the Tax Authority (allocation numbers)" (decision 047): the business's own grant, given once by an
 * authorised person at the Authority. Whoever may read the settings sees where it stands; whoever may edit them
 * connects and disconnects.
 */
export function TaxAuthorityCard({ canEdit }: { canEdit: boolean }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="tax-authority-card">
      <h2 id={titleId} className={cardTitleClass}>
        {t.title}
      </h2>
      <p className={`${hintClass} max-w-prose`}>{t.hint}</p>
      <TaxAuthorityConnection
        api={ownerTaxAuthority}
        canEdit={canEdit}
        describeError={errorDescription}
        testId="tax-authority"
      />
    </section>
  );
}
