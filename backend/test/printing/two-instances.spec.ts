import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LiveEvent, PairAnswer, PairingCodeAnswer, SlipPrintPayload } from '@tafrit/contracts';
import { Redis } from 'ioredis';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { dinerPays } from '../support/paid-order.js';
import { call } from '../support/http-client.js';
import { listen, liveEvents, openSocket, TEST_AGENT_INFO } from '../support/sockets.js';
import { createTestDatabaseUrl, type TestDatabase } from '../support/test-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Two instances need a database they can share (PostgreSQL: TEST_DATABASE_URL) and one Redis.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
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

const canRun = Boolean(process.env.TEST_DATABASE_URL) && (await redisReachable());
if (!canRun) {
  console.warn(
    `two-instance socket test skipped: it needs TEST_DATABASE_URL (a shared PostgreSQL) and Redis at ${REDIS_URL}`,
  );
}

(canRun ? describe : describe.skip)('two instances behind one PostgreSQL and one Redis', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  let owner: SignedInOwner;
  let shop: Shop;

  beforeAll(async () => {
    database = await createTestDatabaseUrl();
    const env = {
      DATABASE_URL: database.url ?? '',
      REDIS_URL,
      JWT_SECRET: 'two-instances-secret-two-instances-secret',
    };
    first = await startTestApp(env);
    second = await startTestApp(env);
    owner = await registerOwner(first);
    shop = await openShop(first, owner);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.cleanup();
  });

  it('pushes an order paid through one instance to a console and an agent connected to the other', async () => {
    // Only the first instance follows the log, so the pushes can only reach the second through Redis.
    await second.app.get(ProcessorRunner).stop();
    const code = await call<{ data: PairingCodeAnswer }>(first, 'POST', '/api/printer/pairing-code', {
      token: owner.token,
    });
    const paired = await call<{ data: PairAnswer }>(second, 'POST', '/api/printer/pair', {
      body: { code: code.body.data.code, agent: TEST_AGENT_INFO },
    });
    const { agentId, agentSecret } = paired.body.data;
    const console = await openSocket(second, '/owner', { token: owner.token });
    const agent = await openSocket(second, '/agent', { agentId, secret: agentSecret, agent: TEST_AGENT_INFO });
    const heard = liveEvents(console);
    const slips = listen<SlipPrintPayload>(agent, 'slip.print');
    try {
      await dinerPays(first, shop, { tableNumber: 3 });
      const paid = await heard.next((event: LiveEvent) => event.kind === 'order.paid', 15_000);
      expect(paid.kind === 'order.paid' && paid.order.tableNumber).toBe(3);
      const slip = await slips.next((payload) => payload.orderId !== null, 15_000);
      expect(paid.kind === 'order.paid' && paid.order.orderId).toBe(slip.orderId);
    } finally {
      console.close();
      agent.close();
    }
  });
});
