// The platform's own tax documents in the Tax Authority's uniform structure (issue 32): its commission invoices (305)
// and their credits (330) for a range of dates, beside the month's platform invoices. The form is the one the owner's
// page uses for the business's range: the dates are checked with the shared contract before anything is sent.
import type { BookkeepingRangeQuery } from '@tafrit/contracts/http/bookkeeping.schemas';
import { DateRangeDownloadForm } from '@/components/date-range-download';
import { hintClass } from '@/components/ui/form-styles';
import { heAdmin } from '@/i18n/he-admin';
import { adminPaths, downloadAdminFile } from './api';
import { errorDescription } from './errors';

const t = heAdmin.uniformStructure;

/** Fetches and saves the platform's zip of the range; the saved file's name (the server's, else ours). */
export function downloadPlatformUniformStructure(range: BookkeepingRangeQuery): Promise<string> {
  return downloadAdminFile(
    adminPaths.uniformStructure(range),
    `platform-uniform-structure-${range.from}-${range.to}.zip`,
  );
}

export function PlatformUniformStructureSection() {
  return (
    <section
      aria-labelledby="platform-uniform-structure-title"
      className="mt-8 min-w-0"
      data-testid="platform-uniform-structure"
    >
      <h3 id="platform-uniform-structure-title" className="text-xl font-bold text-ink">
        {t.title}
      </h3>
      <p className="mt-1 max-w-prose text-muted">{t.description}</p>
      <DateRangeDownloadForm
        text={t}
        download={downloadPlatformUniformStructure}
        describeError={errorDescription}
        testId="platform-uniform-structure"
      />
      <p className={`${hintClass} mt-4 max-w-prose`}>{t.yearNote}</p>
      <p className={`${hintClass} max-w-prose`}>{t.printNote}</p>
    </section>
  );
}
