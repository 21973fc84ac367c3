import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type ApiSuccess, ISRAEL_TZ, type PayoutBatch, success } from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { AdminGuard } from '../../../platform/auth/guards.js';
import { type AdminPrincipal, CurrentAdmin } from '../../../platform/auth/principals.js';
import { clientOf } from '../../../platform/auth/request-client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { GetPayoutBatchQuery, payoutsCsv, type PayoutView } from '../application/payout-batch.query.js';
import {
  type AdminAct,
  CreatePayoutBatchCommand,
  MarkPayoutTransferredCommand,
} from '../application/payout-commands.js';
import { masavCreditFile, MasavFieldError } from '../masav/masav-credit-file.js';
import { monthParam } from './commissions.controller.js';

export const masavMessagesHe = {
  notConfigured:
    'קובץ מס"ב אינו מוגדר: יש להגדיר בשרת את MASAV_INSTITUTION_CODE, MASAV_SENDING_INSTITUTION ו-MASAV_INSTITUTION_NAME',
  batchNotCreated: 'יש ליצור את רשימת ההעברות לפני הפקת קובץ מס"ב',
  badBankDetails: (name: string) => `פרטי הבנק של ${name} אינם תקינים לקובץ מס"ב`,
} as const;

/** Payouts of a month (issue 7 §5): the list due on the 20th of the next month, its exports, and its two steps. */
@Controller('api/admin/payouts')
@UseGuards(AdminGuard)
export class PayoutsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':month')
  async batch(@Param('month') month: string): Promise<ApiSuccess<PayoutBatch>> {
    return success((await this.view(month)).batch);
  }

  @Post(':month')
  @HttpCode(201)
  async create(
    @Param('month') month: string,
    @Req() request: FastifyRequest,
    @CurrentAdmin() admin: AdminPrincipal,
  ): Promise<ApiSuccess<PayoutBatch>> {
    const checked = monthParam(month);
    await this.commands.execute(new CreatePayoutBatchCommand(checked, actOf(request, admin)));
    return success((await this.view(checked)).batch);
  }

  @Post(':month/transferred')
  @HttpCode(200)
  async transferred(
    @Param('month') month: string,
    @Req() request: FastifyRequest,
    @CurrentAdmin() admin: AdminPrincipal,
  ): Promise<ApiSuccess<PayoutBatch>> {
    const checked = monthParam(month);
    await this.commands.execute(new MarkPayoutTransferredCommand(checked, actOf(request, admin)));
    return success((await this.view(checked)).batch);
  }

  @Get(':month/csv')
  async csv(@Param('month') month: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const view = await this.view(month);
    download(reply, 'text/csv; charset=utf-8', `payouts-${view.batch.month}.csv`);
    return payoutsCsv(view);
  }

  @Get(':month/masav')
  async masav(@Param('month') month: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const checked = monthParam(month);
    const institution = this.config.masav;
    if (!institution) throw new AppError('conflict', { message: masavMessagesHe.notConfigured });
    const { created } = await this.view(checked);
    // The file is made from the recorded batch only, so what the bank receives is what the history shows.
    if (!created) throw new AppError('conflict', { message: masavMessagesHe.batchNotCreated });
    let file: Buffer;
    try {
      file = masavCreditFile({
        institution,
        paymentDate: created.dueDate,
        createdOn: israelDate(created.at),
        period: checked,
        payees: created.lines.map((line) => ({
          bankCode: line.bankCode,
          branch: line.branch,
          accountNumber: line.accountNumber,
          idNumber: line.beneficiaryIdNumber,
          name: line.beneficiaryName || line.businessName,
          amountAgorot: line.netAgorot,
          reference: line.businessId.replace(/^\+972/, '0').replace(/\D/g, ''),
        })),
      });
    } catch (error) {
      if (!(error instanceof MasavFieldError)) throw error;
      const line = error.payeeIndex === undefined ? undefined : created.lines[error.payeeIndex];
      throw new AppError('conflict', { message: masavMessagesHe.badBankDetails(line?.businessName ?? 'אחד העסקים') });
    }
    download(reply, 'application/octet-stream', `masav-${checked}.txt`);
    return file;
  }

  private view(month: string): Promise<PayoutView> {
    return this.queries.execute<GetPayoutBatchQuery, PayoutView>(new GetPayoutBatchQuery(monthParam(month)));
  }
}

/** 'YYYY-MM-DD' of an instant in Israel (the file's creation date is the batch's, as Israel's banks see the day). */
function israelDate(instant: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ISRAEL_TZ }).format(new Date(instant));
}

function actOf(request: FastifyRequest, admin: AdminPrincipal): AdminAct {
  return { adminPhone: admin.phone, ip: clientOf(request).ip, requestId: request.id, now: new Date() };
}

function download(reply: FastifyReply, type: string, filename: string): void {
  void reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    // Bank details and amounts: never kept by a shared cache or the browser's disk cache.
    .header('cache-control', 'no-store');
}
