import type { RateLimitRule } from '../../../platform/auth/ip-rate-limiter.js';

/**
 * Five messages per address per ten minutes: plenty for a person, a wall for a script. Counted by IpRateLimiter, so
 * with `REDIS_URL` the limit holds across instances.
 */
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: 'contact', limit: 5, windowMs: 10 * 60_000 };
