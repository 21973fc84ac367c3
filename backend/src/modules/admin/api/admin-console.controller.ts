import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  type AdminAuditEntry,
  type AdminBackupStatus,
  type AdminContactMessage,
  type AdminDebugInfo,
  type ApiSuccess,
  success,
} from '@tafrit/contracts';
import { z } from 'zod';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { AdminGuard } from '../../../platform/auth/guards.js';
import { readBackupStatus } from '../../../platform/backup/backup-status.js';
import { type Parsed, QueryOf } from '../../../platform/http/contract.js';
import { GetContactMessagesQuery } from '../../contact/index.js';
import { DebugInfo } from '../application/debug-info.service.js';
import { AUDIT_PAGE_SIZE, GetAdminAuditQuery } from '../application/get-admin-audit.query.js';

const INVALID_CURSOR = 'ערך לא תקין';

/** `?before=` of a page: the global position (audit) or id (messages) of the last line already shown. */
const auditPageSchema = z.object({
  before: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, INVALID_CURSOR)
    .optional(),
  limit: z.coerce.number().int().min(1, INVALID_CURSOR).max(AUDIT_PAGE_SIZE, INVALID_CURSOR).optional(),
});
const contactPageSchema = z.object({
  before: z.coerce.number().int().min(1, INVALID_CURSOR).max(2_147_483_647, INVALID_CURSOR).optional(),
});

/** The administrator's read-only views: the audit of admin actions, the contact messages, backups and the debug details. */
@Controller('api/admin')
@UseGuards(AdminGuard)
export class AdminConsoleController {
  constructor(
    private readonly queries: QueryBus,
    private readonly debug: DebugInfo,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('audit')
  async audit(
    @QueryOf(auditPageSchema) { before, limit }: Parsed<typeof auditPageSchema>,
  ): Promise<ApiSuccess<AdminAuditEntry[]>> {
    return success(
      await this.queries.execute<GetAdminAuditQuery, AdminAuditEntry[]>(new GetAdminAuditQuery(before, limit)),
    );
  }

  @Get('contact-submissions')
  async contactSubmissions(
    @QueryOf(contactPageSchema) { before }: Parsed<typeof contactPageSchema>,
  ): Promise<ApiSuccess<AdminContactMessage[]>> {
    return success(
      await this.queries.execute<GetContactMessagesQuery, AdminContactMessage[]>(new GetContactMessagesQuery(before)),
    );
  }

  /** The last backup's time and size, and a warning when it failed or is older than two days (decision 061). */
  @Get('backup')
  async backup(): Promise<ApiSuccess<AdminBackupStatus>> {
    const status = await readBackupStatus(this.config.backupDir, new Date());
    return success({ ...status, daily: this.config.dailyBackup });
  }

  @Get('debug')
  async debugInfo(): Promise<ApiSuccess<AdminDebugInfo>> {
    return success(await this.debug.read());
  }
}
