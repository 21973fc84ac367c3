import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { createPaymentSchema, type CreatePaymentSuccess } from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SPEC_ERROR_FIELD } from '../../../platform/http/exception.filter.js';
import { parseWith } from '../../../platform/http/parse.js';
import { CheckoutService } from '../application/checkout.service.js';
import { DinerSessions } from './diner-session.js';

/**
 * `POST /api/cardcom/create-payment` (product-spec §7): the spec's `{ success, paymentUrl }`, or on failure its
 * `{ success: false, error }` with the envelope's `message`, `code` and recovery `data` beside it. The path names
 * Cardcom because the spec's clients call it so; the configured provider (sandbox or Cardcom) opens the page.
 */
@Controller('api/cardcom')
export class CreatePaymentController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly sessions: DinerSessions,
  ) {}

  @Post('create-payment')
  @HttpCode(200)
  @RouteConfig(SPEC_ERROR_FIELD)
  async createPayment(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CreatePaymentSuccess> {
    const input = parseWith(createPaymentSchema, body);
    const session = this.sessions.ensure(request, reply);
    return this.checkout.createPayment(input, session, request.id);
  }
}
