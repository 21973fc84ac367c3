import { Injectable } from '@nestjs/common';
import { IpRateLimiter, type RateLimitRule, tooManyRequests } from '../../../platform/auth/ip-rate-limiter.js';

export const MENU_MISS_LIMIT: RateLimitRule = { name: 'menu-miss', limit: 30, windowMs: 60_000 };

/**
 * 404s of the public menu (and the diner's pages) are rate-limited per address: past 30 unknown menu ids in a minute,
 * an address's next unknown ids answer 429 until the window ends. Only unknown ids are limited. A menu that exists is
 * always served, whatever the address missed before: one address is often a whole café's Wi-Fi or a carrier's shared
 * address, and refusing hits too (as this once did) let one bad link lock everyone behind it out of the real menu for a
 * minute. Serving hits reveals nothing worth hiding: a department id is 96 random bits (no one finds one by guessing,
 * limited or not) or a readable address the business publishes itself.
 *
 * So a refused address's request still looks its id up (one indexed read, as for any menu not in the cache) before it
 * is refused, since only the lookup tells a real menu from an unknown id. Misses are counted by IpRateLimiter (in Redis
 * with `REDIS_URL`, so across instances); the cached menu's synchronous path (decision 009) never consults it.
 */
@Injectable()
export class MenuMissLimiter {
  constructor(private readonly counts: IpRateLimiter) {}

  /** Counts an unknown id asked by `ip`; throws the 429 once the address is past its limit in this window. */
  async miss(ip: string): Promise<void> {
    const { count, msBeforeReset } = await this.counts.count(MENU_MISS_LIMIT, ip);
    if (count > MENU_MISS_LIMIT.limit) throw tooManyRequests(msBeforeReset / 1000);
  }
}
