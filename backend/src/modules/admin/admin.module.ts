import { Module, type OnModuleInit } from '@nestjs/common';
import { SessionIssuer } from '../accounts/index.js';
import { PrintingModule } from '../printing/index.js';
import { AdminBusinessesController } from './api/admin-businesses.controller.js';
import { AdminConsoleController } from './api/admin-console.controller.js';
import { AdminSignInController } from './api/admin-sign-in.controller.js';
import { ImpersonationController } from './api/impersonation.controller.js';
import { AdminBusinesses } from './application/admin-businesses.service.js';
import { AdminDirectory } from './application/admin-directory.js';
import { AdminSignIn } from './application/admin-sign-in.service.js';
import { DebugInfo } from './application/debug-info.service.js';
import { GetAdminAuditHandler } from './application/get-admin-audit.query.js';

/**
 * The system administrator: sign-in by one-time code, the accounts (pause, close, opening one as its owner), and the
 * read-only views across modules: the audit of admin actions from the event log, the landing page's contact messages,
 * and the debug details behind the dashboard's debug link.
 */
@Module({
  imports: [PrintingModule],
  controllers: [AdminSignInController, ImpersonationController, AdminBusinessesController, AdminConsoleController],
  providers: [AdminDirectory, AdminSignIn, AdminBusinesses, GetAdminAuditHandler, DebugInfo],
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
