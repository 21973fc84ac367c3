import { heOwner } from '@/i18n/he-owner';
import { ConsolePlaceholder } from './console-layout';

// The business owner's screens. Reports is a placeholder inside the console until its issue lands; it keeps its route
// and its title.

export { OwnerConsoleLayout } from './console-layout';
export { LoginPage } from './login-page';
export { MenuManagementPage } from './menu-management-page';
export { RegistrationPage } from './registration-page';
export { SettingsPage } from './settings-page';
export { RegistrationSuccessPage } from './success-page';

export function ReportsPage() {
  return <ConsolePlaceholder title={heOwner.reports.title} description={heOwner.reports.description} />;
}
