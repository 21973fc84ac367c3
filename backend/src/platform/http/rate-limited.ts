import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { IpRateLimiter, type RateLimitRule } from '../auth/ip-rate-limiter.js';

const RATE_LIMIT_RULE = Symbol('rate limit rule');

/** Counts the request against its route's per-address rule (the 429 with `Retry-After` once it is used up). */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: IpRateLimiter,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RateLimitRule | undefined>(RATE_LIMIT_RULE, context.getHandler());
    if (rule) await this.limiter.consume(rule, context.switchToHttp().getRequest<FastifyRequest>().ip);
    return true;
  }
}

/**
 * `@RateLimited(rule)` on a route: counted after the controller's own guards (an owner's step-up counts only signed-in
 * requests) and before the body is read, so a refused body counts too and a limited caller is 429 whatever it sent.
 */
export const RateLimited = (rule: RateLimitRule): MethodDecorator =>
  applyDecorators(SetMetadata(RATE_LIMIT_RULE, rule), UseGuards(RateLimitGuard));
