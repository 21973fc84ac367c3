import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  type NumbersHours,
  type NumbersMonths,
  type NumbersProducts,
  type NumbersPromos,
  type NumbersSales,
  type NumbersSources,
  numbersCsvQuerySchema,
  numbersRangeSchema,
  success,
} from '@tafrit/contracts';
import type { FastifyReply } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { type Parsed, QueryOf } from '../../../platform/http/contract.js';
import {
  ExportNumbersCsvQuery,
  GetNumbersHoursQuery,
  GetNumbersMonthsQuery,
  GetNumbersProductsQuery,
  GetNumbersPromosQuery,
  GetNumbersSalesQuery,
  GetNumbersSourcesQuery,
  type NumbersCsvFile,
} from '../application/numbers.queries.js';

/**
 * The owner's numbers page (issue 33, decision 053): one data request per group of plots, each of a range of Israel
 * dates (`?from=&to=`, at most about 13 months), only ever of the signed-in business, and each plot's CSV.
 */
@Controller('api/owner/numbers')
@UseGuards(OwnerGuard)
@Permission('reports.read')
export class NumbersController {
  constructor(private readonly queries: QueryBus) {}

  @Get('sales')
  async sales(
    @QueryOf(numbersRangeSchema, { absentAsEmpty: true }) range: Parsed<typeof numbersRangeSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<NumbersSales>> {
    return success(await this.queries.execute(new GetNumbersSalesQuery(owner.phone, range)));
  }

  @Get('hours')
  async hours(
    @QueryOf(numbersRangeSchema, { absentAsEmpty: true }) range: Parsed<typeof numbersRangeSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<NumbersHours>> {
    return success(await this.queries.execute(new GetNumbersHoursQuery(owner.phone, range)));
  }

  @Get('products')
  async products(
    @QueryOf(numbersRangeSchema, { absentAsEmpty: true }) range: Parsed<typeof numbersRangeSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<NumbersProducts>> {
    return success(await this.queries.execute(new GetNumbersProductsQuery(owner.phone, range)));
  }

  @Get('months')
  async months(
    @QueryOf(numbersRangeSchema, { absentAsEmpty: true }) range: Parsed<typeof numbersRangeSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<NumbersMonths>> {
    return success(await this.queries.execute(new GetNumbersMonthsQuery(owner.phone, range)));
  }

  @Get('sources')
  async sources(
    @QueryOf(numbersRangeSchema, { absentAsEmpty: true }) range: Parsed<typeof numbersRangeSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<NumbersSources>> {
    return success(await this.queries.execute(new GetNumbersSourcesQuery(owner.phone, range)));
  }

  @Get('promos')
  async promos(
    @QueryOf(numbersRangeSchema, { absentAsEmpty: true }) range: Parsed<typeof numbersRangeSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<NumbersPromos>> {
    return success(await this.queries.execute(new GetNumbersPromosQuery(owner.phone, range)));
  }

  @Get('csv')
  async csv(
    @QueryOf(numbersCsvQuerySchema, { absentAsEmpty: true }) query: Parsed<typeof numbersCsvQuerySchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const file = await this.queries.execute<ExportNumbersCsvQuery, NumbersCsvFile>(
      new ExportNumbersCsvQuery(owner.phone, { from: query.from, to: query.to }, query.plot),
    );
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      // Sales figures: never kept by a shared cache or the browser's disk cache.
      .header('cache-control', 'no-store');
    return file.content;
  }
}
