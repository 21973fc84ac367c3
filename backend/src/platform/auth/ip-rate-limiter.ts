import { Injectable } from '@nestjs/common';
import { AppError } from '../http/app-error.js';

export interface RateLimitRule {
  /** The bucket: limits of different routes never share counts. */
  name: string;
  limit: number;
  windowMs: number;
}

/** 429 `rate_limited` with `Retry-After` in whole seconds (at least 1), as DESIGN.md §5 asks. */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}

// Above this many live windows the expired ones are swept, so a flood of addresses cannot grow the map without end.
const SWEEP_ABOVE = 10_000;

/**
 * Per-address limits kept in this process (fixed windows). Enough for one instance; several instances behind one
 * address each count on their own, which only makes the limit looser. Limits that must hold across instances (codes
 * per phone) are counted in the database instead.
 */
@Injectable()
export class IpRateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  /** Counts one request of `ip` against `rule`; throws the 429 once the window's limit is used up. */
  consume(rule: RateLimitRule, ip: string, now = Date.now()): void {
    if (this.windows.size > SWEEP_ABOVE) this.sweep(now);
    const key = `${rule.name}\u0000${ip}`;
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > rule.limit) throw tooManyRequests((window.resetAt - now) / 1000);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
