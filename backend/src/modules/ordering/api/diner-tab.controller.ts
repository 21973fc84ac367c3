import { Controller, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  type ApiSuccess,
  success,
  tableParamsSchema,
  tableRoundSchema,
  tableTabChargeSchema,
  tableTabHoldSchema,
  type TableState,
  type TableTabHoldAnswer,
} from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { AppError } from '../../../platform/http/app-error.js';
import { DinerSessions } from '../../../platform/http/diner-sessions.js';
import { LocalOrigins } from '../../../platform/http/local-origins.js';
import { parseWith } from '../../../platform/http/parse.js';
import { RateLimited } from '../../../platform/http/rate-limited.js';
import { SharedTables, TABLE_CALLS_PER_IP, TableAccess } from '../../tables/index.js';
import { ChargeTabCommand } from '../application/tab/charge-tab.handler.js';
import { OpenTabHoldCommand } from '../application/tab/open-tab-hold.handler.js';
import { SendTabRoundCommand } from '../application/tab/send-tab-round.handler.js';
import { CommandBus } from '@nestjs/cqrs';

/**
 * Pay at the end at a shared table (issue 34, part 3, decision 058), each route with the poster's `?key=` like the
 * table's own routes (one 404 for every refusal): `POST …/tab` opens the card hold's page, `POST …/rounds` sends the
 * lines not sent yet to the kitchen, `POST …/tab/charge` (the diner whose card is held) charges what is left to it.
 */
@Controller('api/tables')
export class DinerTabController {
  private readonly origins: LocalOrigins;

  constructor(
    private readonly commands: CommandBus,
    private readonly tables: SharedTables,
    private readonly access: TableAccess,
    private readonly sessions: DinerSessions,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.origins = new LocalOrigins({
      host: config.host,
      publicUrl: config.publicUrl,
      followRequest: config.paymentProvider === 'sandbox',
    });
  }

  @Post(':departmentId/:table/tab')
  @HttpCode(200)
  @RateLimited(TABLE_CALLS_PER_IP)
  async hold(
    @Param() params: unknown,
    @Query('key') key: unknown,
    @BodyOf(tableTabHoldSchema) input: Parsed<typeof tableTabHoldSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<TableTabHoldAnswer>> {
    const at = await this.at(params, key, request, reply);
    const answer: TableTabHoldAnswer = await this.commands.execute(
      new OpenTabHoldCommand(at.departmentId, at.number, at.key, at.session, input.language, request.id),
    );
    // The sandbox's page on the address the diner opened, as create-payment answers it.
    const origin = this.origins.originOf(request.headers.host, request.socket?.localPort);
    return success({ paymentUrl: this.origins.rebase(answer.paymentUrl, origin) });
  }

  @Post(':departmentId/:table/rounds')
  @HttpCode(200)
  @RateLimited(TABLE_CALLS_PER_IP)
  async round(
    @Param() params: unknown,
    @Query('key') key: unknown,
    @BodyOf(tableRoundSchema) input: Parsed<typeof tableRoundSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<TableState>> {
    const at = await this.at(params, key, request, reply);
    return success(
      await this.commands.execute(
        new SendTabRoundCommand(at.departmentId, at.number, at.key, at.session, input.version, request.id),
      ),
    );
  }

  @Post(':departmentId/:table/tab/charge')
  @HttpCode(200)
  @RateLimited(TABLE_CALLS_PER_IP)
  async charge(
    @Param() params: unknown,
    @Query('key') key: unknown,
    @BodyOf(tableTabChargeSchema) _input: Parsed<typeof tableTabChargeSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<TableState>> {
    const at = await this.at(params, key, request, reply);
    const cart = await this.tables.cartForPayment(at.departmentId, at.number, at.key, at.session);
    if (!cart) throw new AppError('not_found');
    await this.commands.execute(new ChargeTabCommand(cart.cartId, at.session, request.id));
    const state = await this.tables.stateFor(at.departmentId, at.number, at.key, at.session);
    if (!state) throw new AppError('not_found');
    return success(state);
  }

  /**
   * The table the poster's key opens, through the tables' own opener: a wrong key is the one 404 and counts as a miss
   * against the address, as on the table's other routes (past the limit, 429).
   */
  private async at(params: unknown, key: unknown, request: FastifyRequest, reply: FastifyReply) {
    const { departmentId, table: number } = parseWith(tableParamsSchema, params);
    await this.access.openOr404(departmentId, number, key, request.ip);
    return { departmentId, number, key: key as string, session: this.sessions.ensure(request, reply) };
  }
}
