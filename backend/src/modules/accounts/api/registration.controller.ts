import { Controller, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  type OwnerBusiness,
  type OwnerSession,
  registerBusinessSchema,
  success,
} from '@tafrit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { RateLimited } from '../../../platform/http/rate-limited.js';
import { CARDCOM_OFF, toProfileAndPayout } from '../application/business-details.js';
import { GetOwnerBusinessQuery } from '../application/get-owner-business.query.js';
import { RegisterBusinessCommand } from '../application/register-business.command.js';
import { SessionReplies } from './session-replies.js';

/**
 * Per address, like sign-in: a person registers one business, perhaps a few from one office; a script looping over
 * phones and e-mails would otherwise fill the administrator's list. Counted before the body is read, so refused
 * attempts count too (shared through Redis when REDIS_URL is set).
 */
export const REGISTER_PER_IP: RateLimitRule = { name: 'register', limit: 10, windowMs: 10 * 60_000 };

/** `POST /api/register`: creates the business (active, random department id) and signs its owner in. */
@Controller('api')
export class RegistrationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly replies: SessionReplies,
  ) {}

  @Post('register')
  @RateLimited(REGISTER_PER_IP)
  async register(
    @BodyOf(registerBusinessSchema) input: Parsed<typeof registerBusinessSchema>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiSuccess<OwnerSession>> {
    const { profile, payout } = toProfileAndPayout(input);
    await this.commands.execute(
      new RegisterBusinessCommand(
        // Registration always carries the Cardcom settings (off unless the owner filled them in).
        {
          phone: input.phone,
          ...profile,
          ...payout,
          cardcom: payout.cardcom ?? CARDCOM_OFF,
          address: { street: input.street, city: input.city },
        },
        { actor: { kind: 'owner', id: input.phone }, correlationId: request.id },
      ),
    );
    const business = await this.queries.execute<GetOwnerBusinessQuery, OwnerBusiness>(
      new GetOwnerBusinessQuery(input.phone),
    );
    return success({ business, token: await this.replies.signIn('owner', business.phone, request, reply) });
  }
}
