import { Body, Controller, HttpCode, type PipeTransform, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/http/app-error.js';
import { PaymentOrdersPort, type RecordedPaymentOutcome } from '../payment-orders.port.js';
import { type CardcomWebhookReference, parseCardcomWebhookBody } from './cardcom-webhook-body.js';

/**
 * The page the call is about, from Cardcom's own body (JSON, form-encoded or raw text; not one of our contracts, so
 * not `BodyOf`). Without a page id Cardcom hears 400, as it always did.
 */
class CardcomReferencePipe implements PipeTransform<unknown, CardcomWebhookReference> {
  transform(body: unknown): CardcomWebhookReference {
    const parsed = parseCardcomWebhookBody(body);
    if (!parsed) throw new AppError('validation.failed', { fields: { LowProfileId: 'LowProfileId is required' } });
    return parsed;
  }
}

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
    @Body(new CardcomReferencePipe()) { lowProfileId }: CardcomWebhookReference,
    @Req() request: FastifyRequest,
  ): Promise<{ success: true; data: { status: RecordedPaymentOutcome } }> {
    const status = await this.orders.recordResult(lowProfileId.toLowerCase(), request.id);
    return { success: true, data: { status } };
  }
}
