import { Module } from '@nestjs/common';
import { AdminConsoleController } from './api/admin-console.controller.js';
import { DebugInfo } from './application/debug-info.service.js';
import { GetAdminAuditHandler } from './application/get-admin-audit.query.js';
import { GetContactMessagesHandler } from './application/get-contact-messages.query.js';

/**
 * The administrator's read-only views across modules (issue 7): the audit of admin actions read from the event log,
 * the landing page's contact messages, and the debug details behind the dashboard's debug link.
 */
@Module({
  controllers: [AdminConsoleController],
  providers: [GetAdminAuditHandler, GetContactMessagesHandler, DebugInfo],
})
export class AdminConsoleModule {}
