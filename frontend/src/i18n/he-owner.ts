// Strings of the business owner's screens. See he.ts. Toasts and validation messages that the server shares come from
// the catalogue in @tafrit/contracts/messages.he (validationMessagesHe, uiMessagesHe, messageFor).
//
// One object composed of the areas' files, each readable in one sitting; every screen reads it as `heOwner.<area>`.
import { heOwnerAccount } from './he-owner-account';
import { heOwnerMenu } from './he-owner-menu';
import { heOwnerOrders } from './he-owner-orders';
import { heOwnerReports } from './he-owner-reports';
import { heOwnerSettings } from './he-owner-settings';

export const heOwner = {
  ...heOwnerAccount,
  ...heOwnerReports,
  ...heOwnerMenu,
  ...heOwnerSettings,
  ...heOwnerOrders,
} as const;
