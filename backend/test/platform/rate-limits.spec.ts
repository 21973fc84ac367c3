import { createServer, type Server, type Socket, connect } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { MenuMissLimiter } from '../../src/modules/menu/api/menu-miss-limiter.js';
import { IpRateLimiter } from '../../src/platform/auth/ip-rate-limiter.js';
import { RateLimitCounters, type RateLimitRule } from '../../src/platform/auth/rate-limit-counters.js';
import { AppError } from '../../src/platform/http/app-error.js';
import { sleep } from '../support/menu.js';
import { isolatedRedisUrl, redisReachable, TEST_REDIS_URL } from '../support/redis.js';

const FIVE_A_MINUTE: RateLimitRule = { name: 'five-a-minute', limit: 5, windowMs: 60_000 };

/** A log that keeps what it was told, so a test can check that an outage is reported once. */
function recordingLog() {
  const lines: { level: 'warn' | 'log'; message: string }[] = [];
  return {
    lines,
    warn: (message: string) => lines.push({ level: 'warn', message }),
    log: (message: string) => lines.push({ level: 'log', message }),
  };
}

const closing: { close(): void }[] = [];
afterEach(() => {
  for (const item of closing.splice(0)) item.close();
});

function counters(options: ConstructorParameters<typeof RateLimitCounters>[0]): RateLimitCounters {
  const made = new RateLimitCounters(options);
  closing.push(made);
  return made;
}

async function counts(limiter: RateLimitCounters, rule: RateLimitRule, key: string, times: number) {
  const seen: number[] = [];
  for (let i = 0; i < times; i++) seen.push((await limiter.hit(rule, key)).count);
  return seen;
}

describe('rate limits without Redis', () => {
  it('count per rule and key in this process, and refuse past the limit with Retry-After', async () => {
    const limiter = new IpRateLimiter({ redisUrl: undefined });
    for (let i = 0; i < 5; i++) await limiter.consume(FIVE_A_MINUTE, '198.51.100.1');
    const refused = await limiter.consume(FIVE_A_MINUTE, '198.51.100.1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('rate_limited');
    const retryAfter = Number((refused as AppError).headers?.['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address, and the same address under another rule, have counts of their own.
    await expect(limiter.consume(FIVE_A_MINUTE, '198.51.100.2')).resolves.toBeUndefined();
    await expect(limiter.consume({ ...FIVE_A_MINUTE, name: 'other' }, '198.51.100.1')).resolves.toBeUndefined();
    limiter.onModuleDestroy();
  });
});

const REDIS_UP = await redisReachable();
if (!REDIS_UP) console.warn(`Redis-backed rate limit tests skipped: no Redis answers at ${TEST_REDIS_URL}`);

(REDIS_UP ? describe : describe.skip)('rate limits in Redis', () => {
  it('are shared by every instance on the same Redis, and by no other prefix', async () => {
    const { url } = isolatedRedisUrl();
    const first = counters({ redisUrl: url, log: recordingLog() });
    const second = counters({ redisUrl: url, log: recordingLog() });
    const elsewhere = counters({ redisUrl: isolatedRedisUrl().url, log: recordingLog() });
    // A hit before Redis is ready is counted locally, by design: wait for it.
    for (const limiter of [first, second, elsewhere]) expect(await limiter.ready()).toBe(true);
    expect(await counts(first, FIVE_A_MINUTE, '198.51.100.3', 3)).toEqual([1, 2, 3]);
    expect(await counts(second, FIVE_A_MINUTE, '198.51.100.3', 3)).toEqual([4, 5, 6]);
    expect((await first.hit(FIVE_A_MINUTE, '198.51.100.3')).count).toBe(7);
    expect((await elsewhere.hit(FIVE_A_MINUTE, '198.51.100.3')).count).toBe(1);
  });

  it('start a new window once the old one expired in Redis', async () => {
    const { url, prefix } = isolatedRedisUrl();
    const oneSecond: RateLimitRule = { name: 'one-second', limit: 2, windowMs: 1000 };
    const limiter = counters({ redisUrl: url, log: recordingLog() });
    expect(await limiter.ready()).toBe(true);
    expect(await counts(limiter, oneSecond, '198.51.100.4', 3)).toEqual([1, 2, 3]);
    const inspector = new Redis(TEST_REDIS_URL);
    closing.push({ close: () => inspector.disconnect() });
    const [key] = await inspector.keys(`${prefix}*one-second*198.51.100.4`);
    expect(key).toBeDefined();
    const ttl = await inspector.pttl(key as string);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1000);
    await sleep(ttl + 50);
    expect(await inspector.exists(key as string)).toBe(0);
    expect((await limiter.hit(oneSecond, '198.51.100.4')).count).toBe(1);
  });

  it('count in this process while Redis is unreachable, warning once, and never fail a request', async () => {
    const log = recordingLog();
    // Nothing listens on port 1: every call to Redis fails.
    const limiter = new IpRateLimiter({ redisUrl: 'redis://127.0.0.1:1' });
    const unreachable = counters({ redisUrl: 'redis://127.0.0.1:1', log });
    expect(await counts(unreachable, FIVE_A_MINUTE, '198.51.100.5', 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(log.lines.filter((line) => line.level === 'warn')).toHaveLength(1);
    expect(log.lines[0]?.message).toContain('rate limits count in this process');
    // The injectable limiter still refuses past the limit, from its local counts.
    for (let i = 0; i < 5; i++) await limiter.consume(FIVE_A_MINUTE, '198.51.100.5');
    await expect(limiter.consume(FIVE_A_MINUTE, '198.51.100.5')).rejects.toMatchObject({ code: 'rate_limited' });
    limiter.onModuleDestroy();
  });

  it('go back to Redis when it returns', async () => {
    const proxy = await redisProxy();
    closing.push(proxy);
    const log = recordingLog();
    const { prefix } = isolatedRedisUrl();
    const limiter = counters({ redisUrl: `redis://127.0.0.1:${proxy.port}`, keyPrefix: prefix, log });
    expect(await limiter.ready()).toBe(true);
    expect(await counts(limiter, FIVE_A_MINUTE, '198.51.100.6', 2)).toEqual([1, 2]);
    await proxy.stop();
    // Local counts start afresh: looser during the outage, as with one counter per instance.
    expect(await counts(limiter, FIVE_A_MINUTE, '198.51.100.6', 2)).toEqual([1, 2]);
    expect(log.lines).toEqual([expect.objectContaining({ level: 'warn' })]);
    await proxy.start();
    // ioredis reconnects on its own schedule; the first call that reaches Redis again says so in the log.
    await limiter.ready();
    await limiter.hit(FIVE_A_MINUTE, '198.51.100.7');
    expect(log.lines.at(-1)).toEqual({ level: 'log', message: expect.stringContaining('redis is back') });
    // The counts left in Redis before the outage are still there.
    expect((await limiter.hit(FIVE_A_MINUTE, '198.51.100.6')).count).toBe(3);
  });

  it('refuse unknown menu ids of an address whose misses were counted on another instance', async () => {
    const { url } = isolatedRedisUrl();
    const [firstCounts, secondCounts] = [new IpRateLimiter({ redisUrl: url }), new IpRateLimiter({ redisUrl: url })];
    closing.push({ close: () => firstCounts.onModuleDestroy() }, { close: () => secondCounts.onModuleDestroy() });
    const first = new MenuMissLimiter(firstCounts);
    const second = new MenuMissLimiter(secondCounts);
    for (const counts of [firstCounts, secondCounts]) expect(await counts.ready()).toBe(true);
    for (let i = 0; i < 20; i++) await first.miss('198.51.100.8');
    for (let i = 0; i < 10; i++) await second.miss('198.51.100.8');
    // 30 misses between them: the next unknown id is refused on either instance, and no other address is.
    await expect(first.miss('198.51.100.8')).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(second.miss('198.51.100.8')).rejects.toBeInstanceOf(AppError);
    await expect(second.miss('198.51.100.9')).resolves.toBeUndefined();
  });
});

/** A TCP relay to the test Redis that can be cut and restored, to play an outage. */
async function redisProxy() {
  const target = new URL(TEST_REDIS_URL);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server) server.close(() => resolve());
      else resolve();
    });
  await start();
  return {
    get port() {
      return port;
    },
    start,
    stop,
    close: () => void stop(),
  };
}
