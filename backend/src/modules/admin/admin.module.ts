import { Module, type OnModuleInit } from '@nestjs/common';
import { SessionIssuer } from '../accounts/application/session-issuer.js';
import { AdminBusinessesController } from './api/admin-businesses.controller.js';
import { AdminSignInController } from './api/admin-sign-in.controller.js';
import { ImpersonationController } from './api/impersonation.controller.js';
import { AdminBusinesses } from './application/admin-businesses.service.js';
import { AdminDirectory } from './application/admin-directory.js';
import { AdminSignIn } from './application/admin-sign-in.service.js';

/** The system administrator: sign-in by one-time code and opening a business as its owner (impersonation). */
@Module({
  controllers: [AdminSignInController, ImpersonationController, AdminBusinessesController],
  providers: [AdminDirectory, AdminSignIn, AdminBusinesses],
  exports: [AdminDirectory],
})
export class AdminModule implements OnModuleInit {
  constructor(
    private readonly issuer: SessionIssuer,
    private readonly directory: AdminDirectory,
  ) {}

  onModuleInit(): void {
    // An admin's sign-in is renewed only while the phone is still an administrator's.
    this.issuer.allowRenewalWhen('admin', (phone) => this.directory.isAdmin(phone));
  }
}
