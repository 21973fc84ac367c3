import { Injectable } from '@nestjs/common';

/** Five messages per address per ten minutes: plenty for a person, a wall for a script. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 } as const;

/** Past this many tracked addresses, those with no recent request are forgotten. */
const SWEEP_ABOVE = 10_000;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A sliding-window limit per key (the client's IP address), kept in this process. With several instances each keeps
 * its own count; the shared limit in Redis (`REDIS_URL`) comes with the scale-out issue.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `key` if a slot is free; otherwise says how long until the oldest slot frees up. */
  take(key: string): RateLimitDecision {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((time) => time > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      const oldest = recent[0] as number;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > SWEEP_ABOVE) this.sweep(now);
    return { allowed: true };
  }

  private sweep(now: number): void {
    for (const [key, times] of this.hits) {
      if ((times.at(-1) ?? 0) <= now - this.windowMs) this.hits.delete(key);
    }
  }
}

@Injectable()
export class ContactRateLimiter extends SlidingWindowLimiter {
  constructor() {
    super(CONTACT_RATE_LIMIT.limit, CONTACT_RATE_LIMIT.windowMs);
  }
}
