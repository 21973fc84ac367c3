// The owner's monthly report (product spec §2 Reports). The title and the note about bank transfers show at once;
// the report itself (reports-content.tsx) comes in its own chunk with the time-zone library it needs, and the chart
// library after it, only when a month has sales.
import { lazy, Suspense } from 'react';
import { PageMain } from '@/components/page-shell';
import { pageTitle } from '@/i18n/he';
import { heOwner } from '@/i18n/he-owner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { SetupChecklistCard } from '../setup/setup-checklist';
import { useConsoleRole } from '../team/use-role';

const t = heOwner.reports;

const ReportsContent = lazy(() => import('./reports-content').then((module) => ({ default: module.ReportsContent })));

export function ReportsPage() {
  useDocumentTitle(pageTitle(t.title));
  const { may } = useConsoleRole();
  // The title and the note come as HTML rendered at build time; the guide and the report, which read the session's
  // data, from the render after hydration on (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const loading = (
    <p role="status" className="mt-8 text-muted">
      {t.loading}
    </p>
  );
  return (
    <PageMain>
      <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
      <p className="mt-3 max-w-prose text-lg text-muted">{t.description}</p>
      {/* The first-run guide is the settings' (an accountant reads the reports and nothing more). */}
      {hydrated && may('settings.read') ? <SetupChecklistCard /> : null}
      <Suspense fallback={loading}>{hydrated ? <ReportsContent /> : loading}</Suspense>
      <p className="mt-10 border-t border-line pt-4 text-muted" data-testid="transfers-note">
        {t.transfersNote}
      </p>
    </PageMain>
  );
}
