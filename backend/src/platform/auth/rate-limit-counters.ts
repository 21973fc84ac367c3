import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { loadIoredis } from '../redis-packages.js';

export interface RateLimitRule {
  /** The bucket: limits of different routes never share counts. */
  name: string;
  limit: number;
  /** Counted in whole seconds (the store's resolution); at least one second. */
  windowMs: number;
}

/** Where a key stands in the current window of a rule, this request included. */
export interface RateLimitCount {
  count: number;
  msBeforeReset: number;
}

export interface RateLimitLog {
  warn(message: string): void;
  log(message: string): void;
}

export interface RateLimitCountersOptions {
  /** Counts shared by every instance through this Redis; without it, each process counts on its own. */
  redisUrl?: string;
  /** Put before every key; tests use a prefix of their own so their counts never meet. */
  keyPrefix?: string;
  log: RateLimitLog;
}

/**
 * How long a request may wait on Redis before it is counted in this process instead. Redis answers in well under a
 * millisecond; one that is hung must not hold sign-ins and forms behind it.
 */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Fixed-window counters per rule and key (rate-limiter-flexible). With Redis, every instance counts in the same keys
 * (an atomic INCR with its expiry), so a limit holds across instances. Redis never takes a request down with it: while
 * it is unreachable, not ready or too slow, counts are kept in this process (looser, as with one instance per
 * process), a warning is logged once per outage, and counting goes back to Redis as soon as a call succeeds.
 */
export class RateLimitCounters {
  private readonly redis: Redis | undefined;
  private readonly shared = new Map<string, RateLimiterAbstract>();
  private readonly local = new Map<string, RateLimiterAbstract>();
  private readonly keyPrefix: string;
  private readonly log: RateLimitLog;
  /** True from the first failed Redis call until one succeeds: the warning is logged once per outage. */
  private degraded = false;
  private lastRedisError = '';

  constructor({ redisUrl, keyPrefix = 'tafrit:rate-limit', log }: RateLimitCountersOptions) {
    this.keyPrefix = keyPrefix;
    this.log = log;
    if (!redisUrl) return;
    // Start-up never waits for Redis; with no offline queue a command fails at once while it is away.
    const { Redis } = loadIoredis();
    this.redis = new Redis(redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    });
    // ioredis retries the connection by itself; the error is only remembered for the warning.
    this.redis.on('error', (error: Error) => {
      this.lastRedisError = error.message;
    });
    this.redis.on('ready', () => {
      this.lastRedisError = '';
    });
  }

  /** Counts one request of `key` against `rule` and tells where it stands; never fails. */
  async hit(rule: RateLimitRule, key: string): Promise<RateLimitCount> {
    const shared = this.redis && this.limiterFor(this.shared, rule, this.redis);
    if (shared) {
      try {
        const count = await consume(shared, key);
        if (this.degraded) {
          this.degraded = false;
          this.log.log('redis is back: rate limits are shared by every instance again');
        }
        return count;
      } catch (error) {
        if (!this.degraded) {
          this.degraded = true;
          this.log.warn(
            `redis unavailable (${this.lastRedisError || String(error)}): rate limits count in this process until it returns`,
          );
        }
      }
    }
    return consume(this.limiterFor(this.local, rule), key);
  }

  /** Resolves once Redis is ready to count (tests; start-up never waits for Redis); false without Redis. */
  ready(): Promise<boolean> {
    const redis = this.redis;
    if (!redis) return Promise.resolve(false);
    if (redis.status === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => redis.once('ready', () => resolve(true)));
  }

  close(): void {
    this.redis?.disconnect();
  }

  private limiterFor(
    limiters: Map<string, RateLimiterAbstract>,
    rule: RateLimitRule,
    redis?: Redis,
  ): RateLimiterAbstract {
    let limiter = limiters.get(rule.name);
    if (!limiter) {
      const options = {
        keyPrefix: `${this.keyPrefix}:${rule.name}`,
        // The store counts whole seconds; a window below one second would never expire there.
        duration: Math.max(1, Math.ceil(rule.windowMs / 1000)),
        points: rule.limit,
      };
      limiter = redis
        ? new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true })
        : new RateLimiterMemory(options);
      limiters.set(rule.name, limiter);
    }
    return limiter;
  }
}

/** The library resolves under the limit and rejects with the same result over it; any other rejection is a failure. */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<RateLimitCount> {
  try {
    const result = await limiter.consume(key);
    return { count: result.consumedPoints, msBeforeReset: result.msBeforeNext };
  } catch (outcome) {
    if (!(outcome instanceof RateLimiterRes)) throw outcome;
    return { count: outcome.consumedPoints, msBeforeReset: outcome.msBeforeNext };
  }
}
