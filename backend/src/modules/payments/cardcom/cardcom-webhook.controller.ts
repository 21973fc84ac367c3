import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/app-error.js';
import { PaymentOrdersPort, type RecordedPaymentOutcome } from '../payment-orders.port.js';
import { parseCardcomWebhookBody } from './cardcom-webhook-body.js';

/**
 * `POST /api/cardcom/webhook`: Cardcom's call after a payment page. Its body is not signed, so only the page id is
 * read from it; the result comes from the provider itself (ordering's RecordPaymentResult). 200 when the result is
 * recorded (or already was); any failure on our side (database down, provider unreachable) is non-2xx, so Cardcom
 * retries.
 */
@Controller('api/cardcom')
export class CardcomWebhookController {
  constructor(private readonly orders: PaymentOrdersPort) {}

  @Post('webhook')
  @HttpCode(200)
  async webhook(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<{ success: true; data: { status: RecordedPaymentOutcome } }> {
    const parsed = parseCardcomWebhookBody(body);
    if (!parsed) throw new AppError('validation.failed', { fields: { LowProfileId: 'LowProfileId is required' } });
    const status = await this.orders.recordResult(parsed.lowProfileId.toLowerCase(), request.id);
    return { success: true, data: { status } };
  }
}
