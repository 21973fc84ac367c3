import { Controller, Get, Param, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  type AdminCommissionReport,
  type ApiSuccess,
  type CommissionHistory,
  reportQuerySchema,
  success,
} from '@tafrit/contracts';
import type { FastifyReply } from 'fastify';
import { AdminGuard } from '../../../platform/auth/guards.js';
import { AppError } from '../../../platform/http/app-error.js';
import { parseWith, phoneInPath } from '../../../platform/http/parse.js';
import { GetCommissionHistoryQuery } from '../application/commission-history.query.js';
import { commissionsCsv, GetCommissionReportQuery } from '../application/commission-report.query.js';

/** A month in the path, checked like the owner's report month: 400 with the Hebrew message otherwise. */
export function monthParam(month: string): string {
  return parseWith(reportQuerySchema, { month }).month;
}

/** The administrator's monthly commissions (issue 7 §4): the report, its CSV and one business's history. */
@Controller('api/admin/commissions')
@UseGuards(AdminGuard)
export class CommissionsController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':month')
  async report(@Param('month') month: string): Promise<ApiSuccess<AdminCommissionReport>> {
    return success(await this.queries.execute(new GetCommissionReportQuery(monthParam(month))));
  }

  @Get(':month/csv')
  async csv(@Param('month') month: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const report = await this.queries.execute<GetCommissionReportQuery, AdminCommissionReport>(
      new GetCommissionReportQuery(monthParam(month)),
    );
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="commissions-${report.month}.csv"`)
      .header('cache-control', 'no-store');
    return commissionsCsv(report);
  }

  @Get(':month/:phone/history')
  async history(
    @Param('month') month: string,
    @Param('phone') phoneParam: string,
  ): Promise<ApiSuccess<CommissionHistory>> {
    const checkedMonth = monthParam(month);
    const phone = phoneInPath(phoneParam);
    if (!phone) throw new AppError('not_found');
    return success(await this.queries.execute(new GetCommissionHistoryQuery(checkedMonth, phone)));
  }
}
