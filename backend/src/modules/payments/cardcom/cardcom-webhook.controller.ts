import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/app-error.js';
import { parseCardcomWebhookBody } from '../../payments/index.js';
import { RecordPaymentResultCommand, type RecordedOutcome } from '../application/record-payment-result.handler.js';

/**
 * `POST /api/cardcom/webhook`: Cardcom's call after a payment page. Its body is not signed, so only the page id is
 * read from it; the result comes from the provider itself (RecordPaymentResult). 200 when the result is recorded (or
 * already was); any failure on our side (database down, provider unreachable) is non-2xx, so Cardcom retries.
 */
@Controller('api/cardcom')
export class PaymentWebhookController {
  constructor(private readonly commands: CommandBus) {}

  @Post('webhook')
  @HttpCode(200)
  async webhook(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<{ success: true; data: { status: RecordedOutcome } }> {
    const parsed = parseCardcomWebhookBody(body);
    if (!parsed) throw new AppError('validation.failed', { fields: { LowProfileId: 'LowProfileId is required' } });
    const status: RecordedOutcome = await this.commands.execute(
      new RecordPaymentResultCommand(parsed.lowProfileId.toLowerCase(), request.id),
    );
    return { success: true, data: { status } };
  }
}
