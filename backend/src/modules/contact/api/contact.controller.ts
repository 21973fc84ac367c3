import { Controller, HttpCode, Post, Req } from '@nestjs/common';
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
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { RateLimited } from '../../../platform/http/rate-limited.js';
import { CONTACT_RATE_LIMIT } from '../application/contact-rate-limiter.js';
import { SubmitContactCommand } from '../application/submit-contact.handler.js';

/**
 * The landing page's contact form (product-spec §7). The spec's client posts to `/contact-form.php` first and falls
 * back to `/api/contact`: both paths are this one endpoint and answer alike.
 */
@Controller()
export class ContactController {
  constructor(private readonly commands: CommandBus) {}

  @Post(['contact-form.php', 'api/contact'])
  @HttpCode(200)
  @RateLimited(CONTACT_RATE_LIMIT)
  async submit(
    // A filled honeypot is a bot: same answer as a person gets, nothing validated, nothing stored.
    @BodyOf(contactFormSchema, { unless: isHoneypotFilled }) form: Parsed<typeof contactFormSchema> | undefined,
    @Req() request: FastifyRequest,
  ): Promise<ApiSuccess<ContactResponse>> {
    if (form) {
      await this.commands.execute(new SubmitContactCommand(form, request.ip || null));
    } else {
      request.log.info('contact form: honeypot filled, message dropped');
    }
    return success({ message: contactMessagesHe.received });
  }
}
