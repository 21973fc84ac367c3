import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type ApiSuccess, type PromoCheckAnswer, promoCheckSchema, success } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { RateLimited } from '../../../platform/http/rate-limited.js';
import { PromoCheckQuery } from '../application/promo-check.query.js';
import { DinerSessions } from '../../../platform/http/diner-sessions.js';

// A code is a short secret of the business's: guessing them one after another must be slow.
export const PROMO_CHECK_PER_IP: RateLimitRule = { name: 'promo-check', limit: 30, windowMs: 10 * 60_000 };

/** The diner's cart asks what a typed promo code takes off (issue 33); the checkout decides again when it pays. */
@Controller('api/menu')
export class PromoCheckController {
  constructor(
    private readonly queries: QueryBus,
    private readonly sessions: DinerSessions,
  ) {}

  @Post(':departmentId/promo-check')
  @HttpCode(200)
  @RateLimited(PROMO_CHECK_PER_IP)
  async check(
    @Param('departmentId') departmentId: string,
    @BodyOf(promoCheckSchema) input: Parsed<typeof promoCheckSchema>,
    @Req() request: FastifyRequest,
  ): Promise<ApiSuccess<PromoCheckAnswer>> {
    return success(
      await this.queries.execute<PromoCheckQuery, PromoCheckAnswer>(
        new PromoCheckQuery(departmentId, input, this.sessions.read(request)),
      ),
    );
  }
}
