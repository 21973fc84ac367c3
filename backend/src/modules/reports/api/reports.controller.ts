import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type ApiSuccess, type MonthlyReport, reportQuerySchema, success } from '@tafrit/contracts';
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

  @Get()
  async monthly(
    @QueryOf(reportQuerySchema, { absentAsEmpty: true }) { month }: Parsed<typeof reportQuerySchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<MonthlyReport>> {
    return success(
      await this.queries.execute<GetMonthlyReportQuery, MonthlyReport>(
        new GetMonthlyReportQuery(owner.phone, month, new Date()),
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
