import { Controller, Delete, Get, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  type ApiSuccess,
  success,
  tableDinerSchema,
  tableLineAddSchema,
  tableLineChangeSchema,
  tableLineParamsSchema,
  tableNotesSchema,
  tableParamsSchema,
  type TableState,
} from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { DinerSessions } from '../../../platform/http/diner-sessions.js';
import { parseWith } from '../../../platform/http/parse.js';
import { RateLimited } from '../../../platform/http/rate-limited.js';
import { DinerTables, type DinerAtTable } from '../application/diner-tables.service.js';
import { TableAccess } from '../application/table-access.js';

// A whole café often shares one address (its Wi-Fi): generous, yet a flood from one address stops. Wrong keys are
// counted apart, as the public menu's misses (30 a minute), so a table's key cannot be searched for.
export const TABLE_CALLS_PER_IP: RateLimitRule = { name: 'table', limit: 600, windowMs: 60_000 };

/**
 * The diner's shared table (issue 34), each route with the poster's `?key=`: a wrong key, an unknown department, a
 * table not in the café's list or shared tables off are one and the same 404, and record nothing. Each answers the
 * table's `TableState` with the reader's own `you`, from their session cookie (set here when the browser has none).
 */
@Controller('api/tables')
export class DinerTablesController {
  constructor(
    private readonly access: TableAccess,
    private readonly diners: DinerTables,
    private readonly sessions: DinerSessions,
  ) {}

  @Get(':departmentId/:table')
  @RateLimited(TABLE_CALLS_PER_IP)
  async read(
    @Param() params: unknown,
    @Query('key') key: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<TableState>> {
    return success(await this.diners.read(await this.at(params, key, request, reply)));
  }

  @Put(':departmentId/:table/me')
  @RateLimited(TABLE_CALLS_PER_IP)
  async me(
    @Param() params: unknown,
    @Query('key') key: unknown,
    @BodyOf(tableDinerSchema) input: Parsed<typeof tableDinerSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<TableState>> {
    return success(await this.diners.name(await this.at(params, key, request, reply), input));
  }

  @Post(':departmentId/:table/lines')
  @RateLimited(TABLE_CALLS_PER_IP)
  async add(
    @Param() params: unknown,
    @Query('key') key: unknown,
    @BodyOf(tableLineAddSchema) input: Parsed<typeof tableLineAddSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<TableState>> {
    return success(await this.diners.addLine(await this.at(params, key, request, reply), input));
  }

  @Patch(':departmentId/:table/lines/:lineId')
  @RateLimited(TABLE_CALLS_PER_IP)
  async change(
    @Param() params: unknown,
    @Query('key') key: unknown,
    @BodyOf(tableLineChangeSchema) input: Parsed<typeof tableLineChangeSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<TableState>> {
    const { lineId } = parseWith(tableLineParamsSchema, params);
    return success(await this.diners.changeLine(await this.at(params, key, request, reply), lineId, input));
  }

  @Delete(':departmentId/:table/lines/:lineId')
  @RateLimited(TABLE_CALLS_PER_IP)
  async remove(
    @Param() params: unknown,
    @Query('key') key: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<TableState>> {
    const { lineId } = parseWith(tableLineParamsSchema, params);
    return success(await this.diners.removeLine(await this.at(params, key, request, reply), lineId));
  }

  @Put(':departmentId/:table/notes')
  @RateLimited(TABLE_CALLS_PER_IP)
  async notes(
    @Param() params: unknown,
    @Query('key') key: unknown,
    @BodyOf(tableNotesSchema) input: Parsed<typeof tableNotesSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<TableState>> {
    return success(await this.diners.setNotes(await this.at(params, key, request, reply), input.notes));
  }

  /** The table the poster's key opens (or the one 404) and the diner's session. */
  private async at(params: unknown, key: unknown, request: FastifyRequest, reply: FastifyReply): Promise<DinerAtTable> {
    const { departmentId, table: number } = parseWith(tableParamsSchema, params);
    const table = await this.access.openOr404(departmentId, number, key, request.ip);
    return { table, session: this.sessions.ensure(request, reply) };
  }
}
