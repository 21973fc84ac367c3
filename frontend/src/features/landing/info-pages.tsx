import { PlaceholderPage } from '@/components/page-shell';
import { heLanding } from '@/i18n/he-landing';

// Terms: public read-only text; the admin editor arrives with the terms issue.
export function TermsPage() {
  return <PlaceholderPage title={heLanding.termsPage.title} description={heLanding.termsPage.description} />;
}

export function AccessibilityStatementPage() {
  return (
    <PlaceholderPage title={heLanding.accessibilityPage.title} description={heLanding.accessibilityPage.description} />
  );
}
