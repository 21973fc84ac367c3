import { Injectable } from '@nestjs/common';
import { IpRateLimiter, type RateLimitRule, tooManyRequests } from '../../../platform/auth/ip-rate-limiter.js';

export const MENU_MISS_LIMIT: RateLimitRule = { name: 'menu-miss', limit: 30, windowMs: 60_000 };

/**
 * 404s of the public menu are rate-limited per address so department ids cannot be enumerated. Once an address used
 * up its misses, every menu request from it is refused until the window ends, hits included: otherwise a 200 among
 * the 429s would still tell which ids exist.
 *
 * Misses are counted by IpRateLimiter (in Redis with `REDIS_URL`, so across instances); a miss already waits on the
 * database, so one more round trip there costs nothing noticeable. The refusal itself is remembered here, in memory,
 * because `check` runs on the cached menu's synchronous path (decision 009), which must never wait on Redis. An
 * instance that has not seen an address run out learns it on that address's next miss, which is then a 429.
 */
@Injectable()
export class MenuMissLimiter {
  /** Refused addresses and when their window ends. */
  private readonly refused = new Map<string, number>();
  /** The earliest end of a refusal: until then nothing has expired, so nothing is swept. */
  private sweepAt = Number.POSITIVE_INFINITY;

  constructor(private readonly counts: IpRateLimiter) {}

  /** False while no address is refused: the menu route then skips working out the caller's address. */
  get counting(): boolean {
    return this.refused.size > 0;
  }

  /** Throws the 429 when `ip` used up its misses in this window. Synchronous and local: see the class comment. */
  check(ip: string, now = Date.now()): void {
    if (now >= this.sweepAt) this.sweep(now);
    const until = this.refused.get(ip);
    if (until !== undefined && until > now) throw tooManyRequests((until - now) / 1000);
  }

  /** Counts a 404 of `ip`; throws the 429 when the address was already over its limit (counted on another instance). */
  async miss(ip: string): Promise<void> {
    const { count, msBeforeReset } = await this.counts.count(MENU_MISS_LIMIT, ip);
    if (count < MENU_MISS_LIMIT.limit) return;
    const until = Date.now() + msBeforeReset;
    this.refused.set(ip, until);
    this.sweepAt = Math.min(this.sweepAt, until);
    if (count > MENU_MISS_LIMIT.limit) throw tooManyRequests(msBeforeReset / 1000);
  }

  private sweep(now: number): void {
    let next = Number.POSITIVE_INFINITY;
    for (const [ip, until] of this.refused) {
      if (until <= now) this.refused.delete(ip);
      else next = Math.min(next, until);
    }
    this.sweepAt = next;
  }
}
