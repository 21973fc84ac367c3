import { createRequire } from 'node:module';
import type * as RedisAdapter from '@socket.io/redis-adapter';
import type * as IoRedis from 'ioredis';

// ioredis and the socket.io Redis adapter serve only a server with REDIS_URL: they load when first asked for, not with
// every start (some 70 modules). Synchronously, since constructors create the clients; both are CommonJS packages.
const requirePackage = createRequire(import.meta.url);

export const loadIoredis = (): typeof IoRedis => requirePackage('ioredis') as typeof IoRedis;

export const loadRedisAdapter = (): typeof RedisAdapter =>
  requirePackage('@socket.io/redis-adapter') as typeof RedisAdapter;
