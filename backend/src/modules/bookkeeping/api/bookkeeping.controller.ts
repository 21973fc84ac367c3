import { Controller, Get, Param, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { bookkeepingMonthParamsSchema, bookkeepingRangeQuerySchema } from '@tafrit/contracts';
import type { FastifyReply } from 'fastify';
import { AdminGuard, OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { type Parsed, QueryOf } from '../../../platform/http/contract.js';
import { parseWith } from '../../../platform/http/parse.js';
import { ExportMonthQuery } from '../application/month-download.query.js';
import { ExportPlatformUniformStructureQuery } from '../application/platform-uniform-structure.query.js';
import { type DownloadFile, ExportUniformStructureQuery } from '../application/uniform-structure.query.js';

/** The envelope says what was wrong with the range in Hebrew, not only the generic "invalid input". */
export const firstFieldMessage = (fields: Record<string, string>): string | undefined => Object.values(fields)[0];

/** Sends a zip as a download that no shared cache or the browser's disk keeps (tax documents, the buyer's names). */
export function sendZip(reply: FastifyReply, file: DownloadFile): Buffer {
  void reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store');
  return file.content;
}

/**
 * The accountant's files of the signed-in business (issue 32): the uniform structure for a date range and the month's
 * download. The owner and the accountant role (`reports.read`).
 */
@Controller('api/bookkeeping')
@UseGuards(OwnerGuard)
@Permission('reports.read')
export class BookkeepingController {
  constructor(private readonly queries: QueryBus) {}

  @Get('uniform-structure')
  async uniformStructure(
    @QueryOf(bookkeepingRangeQuerySchema, { absentAsEmpty: true, message: firstFieldMessage })
    { from, to }: Parsed<typeof bookkeepingRangeQuerySchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.queries.execute<ExportUniformStructureQuery, DownloadFile>(
      new ExportUniformStructureQuery(owner.phone, from, to, new Date()),
    );
    return sendZip(reply, file);
  }

  @Get('months/:month')
  async month(
    @Param('month') month: string,
    @CurrentOwner() owner: OwnerPrincipal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const params = parseWith(bookkeepingMonthParamsSchema, { month }, firstFieldMessage);
    const file = await this.queries.execute<ExportMonthQuery, DownloadFile>(
      new ExportMonthQuery(owner.phone, params.month, new Date()),
    );
    return sendZip(reply, file);
  }
}

/** The administrator's: the platform's own documents of a range as the uniform structure (issue 32). */
@Controller('api/admin/bookkeeping')
@UseGuards(AdminGuard)
export class AdminBookkeepingController {
  constructor(private readonly queries: QueryBus) {}

  @Get('uniform-structure')
  async uniformStructure(
    @QueryOf(bookkeepingRangeQuerySchema, { absentAsEmpty: true, message: firstFieldMessage })
    { from, to }: Parsed<typeof bookkeepingRangeQuerySchema>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.queries.execute<ExportPlatformUniformStructureQuery, DownloadFile>(
      new ExportPlatformUniformStructureQuery(from, to, new Date()),
    );
    return sendZip(reply, file);
  }
}
