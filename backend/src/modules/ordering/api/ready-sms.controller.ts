import { Controller, Header, Param, Put, Req } from '@nestjs/common';
import { readySmsRequestSchema } from '@tafrit/contracts';
import { chooseDinerLanguage } from '@tafrit/contracts/languages';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/app-error.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { RequestReadySmsCommand } from '../application/request-ready-sms.handler.js';
import { CommandBus } from '@nestjs/cqrs';
import { DinerSessions } from '../../../platform/http/diner-sessions.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `PUT /api/orders/{orderId}/ready-sms` `{ phone }`: the diner's mobile for one SMS when this order is ready, given on
 * the checkout once its payment page is open (issue 18, decision 033). Only the order's own diner session may ask;
 * anyone else gets the same 404 as for an unknown order. The SMS speaks the diner's language (their pages' cookie,
 * else the browser's).
 */
@Controller('api/orders')
export class ReadySmsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sessions: DinerSessions,
  ) {}

  @Put(':orderId/ready-sms')
  @Header('cache-control', 'no-store')
  async ask(
    @Param('orderId') orderId: string,
    @BodyOf(readySmsRequestSchema) { phone }: Parsed<typeof readySmsRequestSchema>,
    @Req() request: FastifyRequest,
  ): Promise<{ success: true; data: { readySms: 'requested' } }> {
    const session = this.sessions.read(request);
    if (!session || !UUID.test(orderId)) throw new AppError('order.not_found');
    const language = chooseDinerLanguage({
      cookies: request.headers.cookie,
      acceptLanguage: request.headers['accept-language'],
    });
    await this.commands.execute(new RequestReadySmsCommand(orderId, phone!, language, request.id, session));
    return { success: true, data: { readySms: 'requested' } };
  }
}
