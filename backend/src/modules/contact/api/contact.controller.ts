import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  contactFormSchema,
  contactMessagesHe,
  type ContactResponse,
  isHoneypotFilled,
  success,
} from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { IpRateLimiter } from '../../../platform/auth/ip-rate-limiter.js';
import { parseWith } from '../../../platform/http/parse.js';
import { CONTACT_RATE_LIMIT } from '../application/contact-rate-limiter.js';
import { SubmitContactCommand } from '../application/submit-contact.handler.js';

/**
 * The landing page's contact form (product-spec §7). The spec's client posts to `/contact-form.php` first and falls
 * back to `/api/contact`: both paths are this one endpoint and answer alike.
 */
@Controller()
export class ContactController {
  constructor(
    private readonly commands: CommandBus,
    private readonly limiter: IpRateLimiter,
  ) {}

  @Post(['contact-form.php', 'api/contact'])
  @HttpCode(200)
  async submit(@Body() body: unknown, @Req() request: FastifyRequest): Promise<ApiSuccess<ContactResponse>> {
    await this.limiter.consume(CONTACT_RATE_LIMIT, request.ip);
    // A filled honeypot is a bot: same answer as a person gets, nothing validated, nothing stored.
    if (isHoneypotFilled(body)) {
      request.log.info('contact form: honeypot filled, message dropped');
    } else {
      await this.commands.execute(new SubmitContactCommand(parseWith(contactFormSchema, body), request.ip || null));
    }
    return success({ message: contactMessagesHe.received });
  }
}
