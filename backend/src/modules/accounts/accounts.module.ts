import { Global, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { DATABASE } from '../../platform/database/database.module.js';
import type { Database } from '../../platform/database/database.js';
import { SESSION_DIRECTORY } from '../../platform/auth/session-directory.port.js';
import { SecretBox } from '../../platform/secrets/secret-box.js';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { BusinessAddressController } from './api/business-address.controller.js';
import { BusinessLogoController } from './api/business-logo.controller.js';
import { BusinessProfileController } from './api/business-profile.controller.js';
import { DinerLanguagesController } from './api/diner-languages.controller.js';
import { ServiceModeController } from './api/service-mode.controller.js';
import { MenuAddressController } from './api/menu-address.controller.js';
import { AutoAcceptController } from './api/auto-accept.controller.js';
import { OrderAheadController } from './api/order-ahead.controller.js';
import { OpeningHoursController } from './api/opening-hours.controller.js';
import { PaymentOptionsController } from './api/payment-options.controller.js';
import { SessionReplies } from './api/session-replies.js';
import { OwnerSignInController } from './api/owner-sign-in.controller.js';
import { RegenerateQrController } from './api/regenerate-qr.controller.js';
import { RegistrationController } from './api/registration.controller.js';
import { SessionsController } from './api/sessions.controller.js';
import { OwnerSignInsController } from './api/owner-sign-ins.controller.js';
import { SwitchBusinessController } from './api/switch-business.controller.js';
import { StepUpGuard } from './api/step-up.guard.js';
import { BusinessSecrets } from './application/business-secrets.service.js';
import { ChangeBusinessAddressHandler } from './application/change-business-address.handler.js';
import { ChangeCardcomApiPasswordHandler } from './application/change-cardcom-password.handler.js';
import { ChangeBusinessStatusHandler } from './application/change-business-status.handler.js';
import { ChangeBusinessProfileHandler } from './application/change-business-profile.handler.js';
import { ChangeLogoHandler } from './application/change-logo.handler.js';
import { ChooseDinerLanguagesHandler } from './application/choose-diner-languages.handler.js';
import { ChooseServiceModeHandler } from './application/choose-service-mode.handler.js';
import { ChooseMenuAddressHandler } from './application/choose-menu-address.handler.js';
import { ChooseAutoAcceptHandler } from './application/choose-auto-accept.handler.js';
import { ChooseOrderAheadHandler } from './application/choose-order-ahead.handler.js';
import { OrderingMoments } from './application/ordering-moments.js';
import { PauseOrderingHandler } from './application/pause-ordering.handler.js';
import { ResumeOrderingHandler } from './application/resume-ordering.handler.js';
import { SetOpeningHoursHandler } from './application/set-opening-hours.handler.js';
import { ChoosePaymentOptionsHandler } from './application/choose-payment-options.handler.js';
import { GetOwnerBusinessHandler } from './application/get-owner-business.query.js';
import { LogoUploads } from './application/logo-uploads.service.js';
import { OneTimeCodes } from './application/one-time-codes.service.js';
import { OwnerSignIn } from './application/owner-sign-in.service.js';
import { RecordImpersonationHandler } from './application/record-impersonation.handler.js';
import { RegenerateDepartmentIdHandler } from './application/regenerate-department-id.handler.js';
import { RegisterBusinessHandler } from './application/register-business.handler.js';
import { SessionAnswers } from './application/session-answers.js';
import { SessionIssuer } from './application/session-issuer.js';
import { Sessions } from './application/sessions.service.js';
import { SignInList } from './application/sign-in-list.js';
import { StepUps } from './application/step-ups.service.js';
import { BusinessEntity } from './projections/business.entity.js';
import { businessesProjection } from './projections/businesses.projection.js';

import { BusinessReader } from './projections/business.reader.js';
import { MenuAddressReader } from './projections/menu-address.reader.js';
/**
 * Business accounts: the event-sourced `business-{phone}` aggregate and its `businesses` read model, registration,
 * sign-in by one-time code, sessions, the settings form and the logo.
 *
 * Global because every owner or admin route's guard (in any module) asks its `SessionDirectory` whether a session is
 * still open, and the admin module signs in through its codes and sessions.
 */
@Global()
@Module({
  controllers: [
    RegistrationController,
    OwnerSignInController,
    SessionsController,
    OwnerSignInsController,
    SwitchBusinessController,
    BusinessProfileController,
    BusinessAddressController,
    DinerLanguagesController,
    ServiceModeController,
    MenuAddressController,
    AutoAcceptController,
    OrderAheadController,
    OpeningHoursController,
    PaymentOptionsController,
    BusinessLogoController,
    RegenerateQrController,
  ],
  providers: [
    RegisterBusinessHandler,
    ChangeBusinessProfileHandler,
    ChangeBusinessAddressHandler,
    ChangeCardcomApiPasswordHandler,
    SecretBox,
    BusinessSecrets,
    ChangeLogoHandler,
    ChooseDinerLanguagesHandler,
    ChooseServiceModeHandler,
    ChooseMenuAddressHandler,
    ChooseAutoAcceptHandler,
    ChooseOrderAheadHandler,
    SetOpeningHoursHandler,
    PauseOrderingHandler,
    ResumeOrderingHandler,
    ChoosePaymentOptionsHandler,
    RegenerateDepartmentIdHandler,
    ChangeBusinessStatusHandler,
    RecordImpersonationHandler,
    GetOwnerBusinessHandler,
    Sessions,
    SessionIssuer,
    OneTimeCodes,
    StepUps,
    StepUpGuard,
    SignInList,
    OwnerSignIn,
    LogoUploads,
    SessionReplies,
    SessionAnswers,
    BusinessReader,
    MenuAddressReader,
    OrderingMoments,
    { provide: SESSION_DIRECTORY, useExisting: Sessions },
  ],
  // SessionReplies: the administrator's sign-in answers as the owner's does.
  // LogoUploads: closing an account (admin module) removes the logo's file with the rest of its files.
  // BusinessReader: the other modules' way to read the `businesses` read model.
  // OrderingMoments: the checkout's "is ordering open now" (decision 028).
  // BusinessSecrets: ordering's refund opens the own terminal's ApiPassword for the one call that needs it.
  exports: [
    Sessions,
    SessionIssuer,
    SessionReplies,
    SessionAnswers,
    SignInList,
    OneTimeCodes,
    LogoUploads,
    BusinessReader,
    MenuAddressReader,
    OrderingMoments,
    BusinessSecrets,
    SESSION_DIRECTORY,
  ],
})
export class AccountsModule implements OnModuleInit {
  constructor(
    private readonly projections: InlineProjectionRegistry,
    private readonly issuer: SessionIssuer,
    private readonly secrets: BusinessSecrets,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  onModuleInit(): void {
    this.projections.register(businessesProjection);
    // Key rotation (decision 026): secrets sealed with an older key are sealed again with the current one at start.
    this.database.onFirstReady('secrets sealed with the current key', async () => {
      await this.secrets.resealWithCurrentKey();
    });
    // An owner's sign-in is renewed only while the business exists and is not closed.
    this.issuer.allowRenewalWhen(
      'owner',
      async (phone) => (await this.database.em().count(BusinessEntity, { phone, closedAt: null })) > 0,
    );
  }
}
