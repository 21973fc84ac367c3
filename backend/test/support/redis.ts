import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The machine's Redis (DESIGN.md §3 scale-out); TEST_REDIS_URL points elsewhere. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `url` within a second; tests that need one skip, saying why, when none does. */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * The test Redis with a key prefix of its own (ioredis reads `keyPrefix` from the URL's query): counters of parallel
 * test files, and of earlier runs, never meet. Pub/sub channels are not prefixed, so instances still hear each other.
 */
export function isolatedRedisUrl(): { url: string; prefix: string } {
  const prefix = `test-${randomUUID()}:`;
  const url = new URL(TEST_REDIS_URL);
  url.searchParams.set('keyPrefix', prefix);
  return { url: url.toString(), prefix };
}
