import { Injectable } from '@nestjs/common';
import { tooManyRequests } from '../../../platform/auth/ip-rate-limiter.js';

export const MENU_MISS_LIMIT = { limit: 30, windowMs: 60_000 } as const;
const SWEEP_ABOVE = 10_000;

/**
 * 404s of the public menu are rate-limited per address so department ids cannot be enumerated. Once an address used
 * up its misses, every menu request from it is refused until the window ends, hits included: otherwise a 200 among
 * the 429s would still tell which ids exist.
 */
@Injectable()
export class MenuMissLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  /** False while no address has a 404 counted: the menu route then skips working out the caller's address. */
  get counting(): boolean {
    return this.windows.size > 0;
  }

  /** Throws the 429 when `ip` used up its misses in this window. */
  check(ip: string, now = Date.now()): void {
    const window = this.windows.get(ip);
    if (window && window.resetAt > now && window.count >= MENU_MISS_LIMIT.limit) {
      throw tooManyRequests((window.resetAt - now) / 1000);
    }
  }

  miss(ip: string, now = Date.now()): void {
    if (this.windows.size > SWEEP_ABOVE) {
      for (const [key, value] of this.windows) if (value.resetAt <= now) this.windows.delete(key);
    }
    let window = this.windows.get(ip);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + MENU_MISS_LIMIT.windowMs };
      this.windows.set(ip, window);
    }
    window.count += 1;
  }
}
