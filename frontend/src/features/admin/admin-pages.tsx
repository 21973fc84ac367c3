import { PlaceholderPage } from '@/components/page-shell';
import { heAdmin } from '@/i18n/he-admin';

// The system administrator's screens. Placeholders until their issues land.

export function AdminDashboardPage() {
  return <PlaceholderPage title={heAdmin.dashboard.title} description={heAdmin.dashboard.description} />;
}

export function AdminLoginPage() {
  return <PlaceholderPage title={heAdmin.login.title} description={heAdmin.login.description} />;
}
