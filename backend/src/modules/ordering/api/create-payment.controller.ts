import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { createPaymentSchema, type CreatePaymentSuccess } from '@tafrit/contracts';
import { chooseDinerLanguage } from '@tafrit/contracts/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { SPEC_ERROR_FIELD } from '../../../platform/http/exception.filter.js';
import { LocalOrigins } from '../../../platform/http/local-origins.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { CheckoutService } from '../application/checkout.service.js';
import { DinerSessions } from '../../../platform/http/diner-sessions.js';

/**
 * `POST /api/cardcom/create-payment` (product-spec §7): the spec's `{ success, paymentUrl }`, or on failure its
 * `{ success: false, error }` with the envelope's `message`, `code` and recovery `data` beside it. The path names
 * Cardcom because the spec's clients call it so; the configured provider (sandbox or Cardcom) opens the page.
 */
@Controller('api/cardcom')
export class CreatePaymentController {
  private readonly origins: LocalOrigins;

  constructor(
    private readonly checkout: CheckoutService,
    private readonly sessions: DinerSessions,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.origins = new LocalOrigins({
      host: config.host,
      publicUrl: config.publicUrl,
      followRequest: config.paymentProvider === 'sandbox',
    });
  }

  @Post('create-payment')
  @HttpCode(200)
  @RouteConfig(SPEC_ERROR_FIELD)
  async createPayment(
    @BodyOf(createPaymentSchema) input: Parsed<typeof createPaymentSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CreatePaymentSuccess> {
    const session = this.sessions.ensure(request, reply);
    // The payment page in the diner's language (their pages' cookie, else the browser's) where the provider has it:
    // Cardcom's pages speak Hebrew, English and Russian, so an Arabic reader gets Hebrew.
    const language = chooseDinerLanguage({
      cookies: request.headers.cookie,
      acceptLanguage: request.headers['accept-language'],
    });
    const pageLanguage = language === 'ar' ? 'he' : language;
    const answer = await this.checkout.createPayment(input, session, request.id, pageLanguage, language);
    // The sandbox's page on the address the diner opened (127.0.0.1, the LAN address): framed as the page's own origin.
    const origin = this.origins.originOf(request.headers.host, request.socket?.localPort);
    return { ...answer, paymentUrl: this.origins.rebase(answer.paymentUrl, origin) };
  }
}
