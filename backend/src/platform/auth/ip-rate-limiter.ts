import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { AppError } from '../http/app-error.js';
import { type RateLimitCount, RateLimitCounters, type RateLimitRule } from './rate-limit-counters.js';

export type { RateLimitRule } from './rate-limit-counters.js';

/** 429 `rate_limited` with `Retry-After` in whole seconds (at least 1), as DESIGN.md §5 asks. */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}

/**
 * Per-address limits (fixed windows). With `REDIS_URL` they are counted in Redis, so several instances behind one
 * load balancer enforce one limit together; without it, or while Redis is unreachable, in this process (see
 * RateLimitCounters). Limits per phone (one-time codes) are counted in the database instead.
 */
@Injectable()
export class IpRateLimiter implements OnModuleDestroy {
  private readonly counters: RateLimitCounters;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'redisUrl'>) {
    this.counters = new RateLimitCounters({ redisUrl: config.redisUrl, log: new Logger('RateLimits') });
  }

  /** Counts one request of `ip` against `rule`; throws the 429 once the window's limit is used up. */
  async consume(rule: RateLimitRule, ip: string): Promise<void> {
    const { count, msBeforeReset } = await this.counters.hit(rule, ip);
    if (count > rule.limit) throw tooManyRequests(msBeforeReset / 1000);
  }

  /** Counts one request of `ip` against `rule` and tells where it stands, for callers that decide themselves. */
  count(rule: RateLimitRule, ip: string): Promise<RateLimitCount> {
    return this.counters.hit(rule, ip);
  }

  /** Resolves once counts are shared through Redis (tests; start-up never waits for Redis). */
  ready(): Promise<boolean> {
    return this.counters.ready();
  }

  onModuleDestroy(): void {
    this.counters.close();
  }
}
