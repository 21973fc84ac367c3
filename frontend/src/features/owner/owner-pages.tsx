import { heOwner } from '@/i18n/he-owner';
import { ConsolePlaceholder } from './console-layout';

// The business owner's screens. Reports and menu management are placeholders inside the console until their issues
// land; each keeps its route and its title.

export { OwnerConsoleLayout } from './console-layout';
export { LoginPage } from './login-page';
export { RegistrationPage } from './registration-page';
export { SettingsPage } from './settings-page';
export { RegistrationSuccessPage } from './success-page';

export function ReportsPage() {
  return <ConsolePlaceholder title={heOwner.reports.title} description={heOwner.reports.description} />;
}

export function MenuManagementPage() {
  return <ConsolePlaceholder title={heOwner.menuManagement.title} description={heOwner.menuManagement.description} />;
}
