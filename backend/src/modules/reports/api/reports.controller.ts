import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  type MonthlyReport,
  reportPageQuerySchema,
  reportQuerySchema,
  success,
} from '@tafrit/contracts';
import type { FastifyReply } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { type Parsed, QueryOf } from '../../../platform/http/contract.js';
import { ExportOrdersCsvQuery, type OrdersCsv } from '../application/export-orders-csv.query.js';
import { GetMonthlyReportQuery } from '../application/get-monthly-report.query.js';

/**
 * The owner's monthly orders report (product-spec §2 Reports, §7 `GET /api/orders?month=`) and its CSV, only ever of
 * the signed-in business. Two fixed paths: the diner's `/api/orders/:departmentId/...` routes have two segments.
 */
@Controller('api/orders')
@UseGuards(OwnerGuard)
@Permission('reports.read')
export class ReportsController {
  constructor(private readonly queries: QueryBus) {}

  /**
   * The month's sums, days, sources and payout whole, its orders a page at a time (decision 065): a busy café's month
   * in one answer was megabytes and far over the report's 100 ms budget.
   */
  @Get()
  async monthly(
    @QueryOf(reportPageQuerySchema, { absentAsEmpty: true })
    { month, limit, before }: Parsed<typeof reportPageQuerySchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<MonthlyReport>> {
    return success(
      await this.queries.execute<GetMonthlyReportQuery, MonthlyReport>(
        new GetMonthlyReportQuery(owner.phone, month, new Date(), 'last-twelve-months', {
          limit,
          ...(before ? { before } : {}),
        }),
      ),
    );
  }

  @Get('csv')
  async csv(
    @QueryOf(reportQuerySchema, { absentAsEmpty: true }) { month }: Parsed<typeof reportQuerySchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const file = await this.queries.execute<ExportOrdersCsvQuery, OrdersCsv>(
      new ExportOrdersCsvQuery(owner.phone, month, new Date()),
    );
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      // Sales figures: never kept by a shared cache or the browser's disk cache.
      .header('cache-control', 'no-store');
    return file.content;
  }
}
