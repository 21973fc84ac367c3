import { PlaceholderPage } from '@/components/page-shell';
import { heOwner } from '@/i18n/he-owner';

// The business owner's screens. Placeholders until their issues land; each keeps its route and its title.

export function RegistrationPage() {
  return <PlaceholderPage title={heOwner.registration.title} description={heOwner.registration.description} />;
}

export function LoginPage() {
  return <PlaceholderPage title={heOwner.login.title} description={heOwner.login.description} />;
}

export function RegistrationSuccessPage() {
  return <PlaceholderPage title={heOwner.success.title} description={heOwner.success.description} />;
}

export function ReportsPage() {
  return <PlaceholderPage title={heOwner.reports.title} description={heOwner.reports.description} />;
}

export function MenuManagementPage() {
  return <PlaceholderPage title={heOwner.menuManagement.title} description={heOwner.menuManagement.description} />;
}

export function SettingsPage() {
  return <PlaceholderPage title={heOwner.settings.title} description={heOwner.settings.description} />;
}
