// The business owner's screens.

export { OwnerConsoleLayout } from './shared/console-layout';
export { ActivityPage } from './activity/activity-page';
export { LoginPage } from './sign-in/login-page';
export { MenuManagementPage } from './menu/menu-management-page';
export { RegistrationPage } from './sign-in/registration-page';
export { ReportsPage } from './reports/reports-page';
export { SettingsPage } from './settings/settings-page';
export { RegistrationSuccessPage } from './sign-in/success-page';
