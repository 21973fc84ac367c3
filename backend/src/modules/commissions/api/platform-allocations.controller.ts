import { Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  allocationChoiceSchema,
  type ApiSuccess,
  type PlatformAwaitingInvoicesAnswer,
  success,
} from '@tafrit/contracts';
import { AdminGuard } from '../../../platform/auth/guards.js';
import { type AdminPrincipal, CurrentAdmin } from '../../../platform/auth/principals.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { phoneInPath } from '../../../platform/http/parse.js';
import { validateManualAllocationNumber } from '../../invoicing/index.js';
import {
  DecidePlatformAllocationCommand,
  type PlatformAllocationDecision,
} from '../application/platform-allocation.handler.js';
import type { PlatformInvoiceState } from '../domain/platform-invoice.decider.js';
import { monthParam } from './commissions.controller.js';

export const platformAllocationMessagesHe = {
  noDealToCancel: 'לחשבונית העמלה אין עסקה לבטל: הזינו מספר הקצאה או הפיקו אותה ללא מספר',
} as const;

interface Row {
  business_id: string;
  business_name: string;
  month: string;
  invoice_number: number;
  before_vat: string;
  total: string;
  decided_at: Date | string;
  issue_without_by: Date | string;
  refusal: { code: string; reason: string; refusedAt: string } | string | null;
}

/**
 * The platform's commission invoices waiting for an allocation number (decision 049), for the administrator: the
 * list, and a number typed from the Authority's personal area (while waiting, or after a refusal) or, after a
 * refusal, the choice to issue without one. There is no deal to cancel: the commission was earned.
 */
@Controller('api/admin/platform-allocations')
@UseGuards(AdminGuard)
export class PlatformAllocationsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  @Get()
  async list(): Promise<ApiSuccess<PlatformAwaitingInvoicesAnswer>> {
    const rows = await query<Row>(
      this.database.em(),
      `select business_id, business_name, month, invoice_number, before_vat::text as before_vat, total::text as total,
              decided_at, issue_without_by, refusal
         from platform_allocation_waits order by decided_at limit 500`,
    );
    return success({
      invoices: rows.map((row) => ({
        businessPhone: row.business_id,
        businessName: row.business_name,
        month: row.month,
        invoiceNumber: Number(row.invoice_number),
        beforeVat: Number(row.before_vat).toFixed(2),
        total: Number(row.total).toFixed(2),
        decidedAt: new Date(row.decided_at).toISOString(),
        issueWithoutBy: new Date(row.issue_without_by).toISOString(),
        refusal: typeof row.refusal === 'string' ? JSON.parse(row.refusal) : row.refusal,
      })),
    });
  }

  @Post(':phone/:month')
  @HttpCode(200)
  async decide(
    @Param('phone') phoneParam: string,
    @Param('month') month: string,
    @BodyOf(allocationChoiceSchema) input: Parsed<typeof allocationChoiceSchema>,
    @CurrentAdmin() admin: AdminPrincipal,
  ): Promise<ApiSuccess<{ issued: boolean }>> {
    const phone = phoneInPath(phoneParam);
    if (!phone) throw new AppError('api.not_found');
    const checked = monthParam(month);
    if (input.choice === 'cancel')
      throw new AppError('conflict', { message: platformAllocationMessagesHe.noDealToCancel });
    const now = new Date();
    const decision: PlatformAllocationDecision =
      input.choice === 'manual'
        ? {
            type: 'IssueAllocatedPlatformInvoice',
            now: now.toISOString(),
            allocation: {
              number: validateManualAllocationNumber(input.allocationNumber),
              source: 'manual',
              enteredBy: admin.phone,
            },
          }
        : {
            type: 'IssuePlatformInvoiceWithoutAllocation',
            now: now.toISOString(),
            without: { why: 'refused', choice: input.choice },
          };
    const [waiting] = await query<{ refused: boolean }>(
      this.database.em(),
      'select refusal is not null as refused from platform_allocation_waits where business_id = ? and month = ?',
      [phone, checked],
    );
    if (!waiting) throw new AppError('api.not_found');
    if (input.choice !== 'manual' && !waiting.refused) throw new AppError('conflict');
    const state = await this.commands.execute<DecidePlatformAllocationCommand, PlatformInvoiceState>(
      new DecidePlatformAllocationCommand(phone, checked, decision, {
        now,
        correlationId: `platform-invoice:${phone}:${checked}`,
        actor: { kind: 'admin', id: admin.phone },
      }),
    );
    return success({ issued: state.invoice !== null });
  }
}
