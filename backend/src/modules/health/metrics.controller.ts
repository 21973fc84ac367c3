import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { loadMetricsToken } from '../../config/metrics.config.js';
import { AppError } from '../../platform/http/app-error.js';
import { Metrics } from '../../platform/metrics/metrics.js';

/**
 * Prometheus' scrape (decision 059): the text format to a request bearing `METRICS_TOKEN`, 401 without it, and the
 * API's 404 when no token is configured, so an instance without one shows nothing of itself. The address is public
 * (Prometheus reaches each instance directly, not through the proxy), so the token is the lock.
 */
@Controller('metrics')
export class MetricsController {
  private readonly expected: Buffer | undefined;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: Metrics,
  ) {
    // A bad METRICS_TOKEN stops the start here, with the configuration's other checks.
    const token = loadMetricsToken(config.environment ?? process.env);
    this.expected = token === undefined ? undefined : digest(token);
  }

  @Get()
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    if (!this.expected) throw new AppError('api.not_found');
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
    // Compared as digests of equal length in constant time: neither the token's length nor its first wrong character
    // shows in the time of a refusal.
    if (!timingSafeEqual(digest(token), this.expected)) {
      throw new AppError('auth.unauthenticated', { headers: { 'www-authenticate': 'Bearer' } });
    }
    const { contentType, text } = await this.metrics.exposition();
    void reply.header('content-type', contentType).header('cache-control', 'no-store');
    return text;
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
