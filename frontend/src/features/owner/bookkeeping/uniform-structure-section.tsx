// The Tax Authority's uniform structure (מבנה אחיד, OPENFRMT) of the business for a date range; the form, shared with
// the administrator's console, checks the range with the shared contract before anything is sent.
import { useId } from 'react';
import { DateRangeDownloadForm } from '@/components/date-range-download';
import { cardClass, cardTitleClass, hintClass } from '@/components/ui/form-styles';
import { heOwnerBookkeeping } from '@/i18n/he-owner-bookkeeping';
import { downloadUniformStructure } from '../shared/api/bookkeeping';
import { errorDescription } from '../shared/errors';

const t = heOwnerBookkeeping.bookkeeping;

export function UniformStructureSection() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`${cardClass} mt-8`} data-testid="bookkeeping-uniform">
      <h2 id={titleId} className={cardTitleClass}>
        {t.uniform.title}
      </h2>
      <p className="mt-1 max-w-prose text-muted">{t.uniform.description}</p>
      <DateRangeDownloadForm
        text={{ ...t.uniform, savedBefore: t.savedBefore, savedAfter: t.savedAfter }}
        download={downloadUniformStructure}
        describeError={errorDescription}
        testId="bookkeeping-uniform"
      />
      <p className={`${hintClass} mt-4`} data-testid="bookkeeping-uniform-year-note">
        {t.uniform.yearNote}
      </p>
      <p className={hintClass} data-testid="bookkeeping-uniform-print-note">
        {t.uniform.printNote}
      </p>
    </section>
  );
}
