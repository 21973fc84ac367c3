// The business owner's screens.

export { OwnerConsoleLayout } from './console-layout';
export { LoginPage } from './login-page';
export { MenuManagementPage } from './menu-management/menu-management-page';
export { RegistrationPage } from './registration-page';
export { ReportsPage } from './reports-page';
export { SettingsPage } from './settings-page';
export { RegistrationSuccessPage } from './success-page';
