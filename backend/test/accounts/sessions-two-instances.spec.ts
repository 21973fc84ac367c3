import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UserSessionEntity } from '../../src/modules/accounts/persistence/user-session.entity.js';
import { OWNER_COOKIE, registerOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { isolatedRedisUrl, redisReachable, TEST_REDIS_URL } from '../support/redis.js';
import { createTestDatabaseUrl, type TestDatabase } from '../support/test-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The refresh grace window (decision 003, issue 15) across two instances behind one PostgreSQL, with REDIS_URL set and
 * without it: two tabs whose refreshes land on different instances at the same moment both get the same new session,
 * and a copy presented after the window still ends the sign-in. Needs TEST_DATABASE_URL (the in-memory PGlite of a
 * test file belongs to one process); the Redis variant also needs a Redis.
 */
const HAS_DATABASE = Boolean(process.env.TEST_DATABASE_URL);
const HAS_REDIS = await redisReachable();
if (!HAS_DATABASE) console.warn('two-instance session tests skipped: they need TEST_DATABASE_URL');
else if (!HAS_REDIS) console.warn(`two-instance session test with Redis skipped: no Redis at ${TEST_REDIS_URL}`);

const variants = [
  { name: 'with Redis', redis: true, run: HAS_DATABASE && HAS_REDIS },
  { name: 'without Redis', redis: false, run: HAS_DATABASE },
];

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

describe.each(variants)('refreshes of one cookie on two instances, $name', ({ redis, run }) => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    if (!run) return;
    database = await createTestDatabaseUrl();
    const env = {
      DATABASE_URL: database.url ?? '',
      JWT_SECRET: 'two-instances-secret-two-instances-secret',
      ...(redis ? { REDIS_URL: isolatedRedisUrl().url } : {}),
    };
    first = await startTestApp(env);
    second = await startTestApp(env);
  }, 90_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.cleanup();
  });

  const refresh = (app: TestApp, cookie: string) =>
    call(app, 'POST', '/api/auth/refresh', { cookies: { [OWNER_COOKIE]: cookie } });

  (run ? it : it.skip)('both get the same new session, and the sign-in goes on from either instance', async () => {
    const owner = await registerOwner(first);
    const answers = await Promise.all([refresh(first, owner.refreshCookie), refresh(second, owner.refreshCookie)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [one, other] = answers.map((answer) => answer.cookies[OWNER_COOKIE]?.value ?? '');
    expect(one).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(other).toBe(one);
    const { familyId } = await first.database
      .em()
      .fork()
      .findOneOrFail(UserSessionEntity, { refreshTokenHash: hashOf(owner.refreshCookie) });
    const live = await first.database.em().fork().find(UserSessionEntity, { familyId, isRevoked: false });
    expect(live.map((row) => row.refreshTokenHash)).toEqual([hashOf(one ?? '')]);
    for (const answer of answers) {
      const token = (answer.body.data as { token: string }).token;
      expect((await call(second, 'GET', '/api/business/profile', { token })).status).toBe(200);
    }
    expect((await refresh(second, one ?? '')).status).toBe(200);
  });

  (run ? it : it.skip)('a copy presented after the window, on the other instance, ends the whole sign-in', async () => {
    const owner = await registerOwner(first);
    const renewed = await refresh(first, owner.refreshCookie);
    const current = renewed.cookies[OWNER_COOKIE]?.value ?? '';
    await first.database
      .em()
      .getConnection()
      .execute(`update user_sessions set revoked_at = now() - interval '31 seconds' where refresh_token_hash = ?`, [
        hashOf(owner.refreshCookie),
      ]);
    expect((await refresh(second, owner.refreshCookie)).status).toBe(401);
    expect((await refresh(first, current)).status).toBe(401);
  });
});
