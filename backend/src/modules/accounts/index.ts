// The accounts module's front door: other modules import only from here.
export { AccountsModule } from './accounts.module.js';
export { BusinessReader, type BusinessSeller, type CheckoutBusiness } from './projections/business.reader.js';
export { MenuAddressReader, type MenuAddressTarget } from './projections/menu-address.reader.js';
export { ChooseMenuAddressCommand } from './application/choose-menu-address.handler.js';
export { RegisterBusinessCommand, type RegisterBusinessInput } from './application/register-business.command.js';
export { ChangeBusinessAddressCommand } from './application/change-business-address.handler.js';
export {
  ChangeBusinessStatusCommand,
  type BusinessStatusChanged,
} from './application/change-business-status.handler.js';
export { RecordImpersonationCommand } from './application/record-impersonation.handler.js';
export { GetOwnerBusinessQuery } from './application/get-owner-business.query.js';
export { type OrderingMoment, type OrderingSettings } from './domain/ordering-schedule.js';
export { OrderingMoments } from './application/ordering-moments.js';
export { slotOf, type PickupSlotsMoment } from './domain/pickup-slots.js';
export { ChooseOrderAheadCommand } from './application/choose-order-ahead.handler.js';
export { orderingSettingsOf } from './projections/business.reader.js';
export { SessionIssuer } from './application/session-issuer.js';
export { Sessions } from './application/sessions.service.js';
export { SignInList, type BusinessSignIn } from './application/sign-in-list.js';
export { OneTimeCodes } from './application/one-time-codes.service.js';
export { CodeSignIn } from './application/code-sign-in.js';
export { SessionReplies } from './api/session-replies.js';
export { SessionAnswers, withoutOwnerFields } from './application/session-answers.js';
export { LogoUploads } from './application/logo-uploads.service.js';
export { BusinessSecrets } from './application/business-secrets.service.js';
// The entity itself only for the order write path (ordering, invoicing's processor), which reads the row in its own
// transaction; to be replaced by BusinessReader with the write-path change. Everyone else reads through the reader.

import { BusinessSecretEntity } from './persistence/business-secret.entity.js';
import { OtpCodeEntity } from './persistence/otp-code.entity.js';
import { UserSessionEntity } from './persistence/user-session.entity.js';
import { BusinessEntity } from './projections/business.entity.js';
import { MenuAddressEntity } from './projections/menu-address.entity.js';

/** The module's MikroORM entities, for the app's list (backend/src/entities.ts). */
export const accountsEntities = [
  BusinessEntity,
  OtpCodeEntity,
  UserSessionEntity,
  BusinessSecretEntity,
  MenuAddressEntity,
];
