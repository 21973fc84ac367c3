// The business owner's screens.
import { roleMay } from '@tafrit/contracts/roles';
import { MenuManagementPage } from './menu/menu-management-page';
import { SoldOutPage } from './team/sold-out-page';
import { useConsoleRole } from './team/use-role';

export { OwnerConsoleLayout } from './shared/console-layout';
export { ActivityPage } from './activity/activity-page';
export { BookkeepingPage } from './bookkeeping/bookkeeping-page';
export { LoginPage } from './sign-in/login-page';
export { MenuManagementPage } from './menu/menu-management-page';
export { NumbersPage } from './numbers/numbers-page';
export { AccountPage } from './team/account-page';
export { ScreenPairingPage } from './team/screen-page';
export { TeamPage } from './team/team-page';
export { RegistrationPage } from './sign-in/registration-page';
export { ReportsPage } from './reports/reports-page';
export { PromoCodesPage } from './promotions/promo-codes-page';
export { SettingsPage } from './settings/settings-page';
export { RegistrationSuccessPage } from './sign-in/success-page';

/** /menu: the menu's editor for whoever may edit it; the kitchen's sold-out switches for the kitchen (issue 31). */
export function MenuPage() {
  const { member } = useConsoleRole();
  return roleMay(member.role, 'menu.edit') ? <MenuManagementPage /> : <SoldOutPage />;
}
