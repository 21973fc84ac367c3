import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '../../src/platform/database/database.js';
import { query } from '../../src/platform/database/sql.js';
import { newPhone } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { dinerPays, openCafe, type Cafe, type Traffic } from './diner-traffic.js';
import { clientOf, productHost, type ProductHost } from './product-process.js';
import { openStoredDatabase } from './stored-state.js';

// Refunds (issue 17) against the built product as a real process, SIGKILLed while refunds are in flight (some between
// the provider's answer and the record) and started again: every refund the sandbox made is recorded once, every
// refund recorded was made once, nothing left requested, never more than was paid. On PostgreSQL (TEST_DATABASE_URL,
// as CI runs it): the check reads the database while the restarted process runs, which PGlite's one process cannot.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const ORDERS = 12;
const PAID_AGOROT = 2900;

let host: ProductHost;
let cafe: Cafe;
let orders: string[];
let database: Database;
/** The refund requests the kill cut off (no answer reached the owner). */
let cutOff = 0;

beforeAll(async () => {
  if (!onPostgres) return;
  host = await productHost();
  await host.start();
  const client = clientOf(host);
  cafe = await openCafe(client, newPhone());
  const traffic: Traffic = { acknowledged: [], interrupted: 0 };
  const deadline = Date.now() + 300_000;
  for (let n = 0; n < ORDERS; n++) await dinerPays(client, cafe, { traffic, ip: `10.67.0.${n + 1}`, deadline });
  orders = traffic.acknowledged;

  // Each order: a partial refund and the rest, each with its own id, sent together; the process dies once the first
  // answer is back, with the others anywhere on their way (recorded or not, asked or not, answered or not).
  let answered = 0;
  const sent = orders.flatMap((orderId) =>
    [{ amount: '10.00' }, {}].map((body) =>
      call(client, 'POST', `/api/orders/${orderId}/refunds`, {
        token: cafe.owner.token,
        body: { ...body, reason: 'בדיקת קריסה', refundId: randomUUID() },
      })
        .then((answer) => {
          answered++;
          return answer.status;
        })
        .catch(() => 'cut off'),
    ),
  );
  while (answered === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  await host.kill();
  cutOff = (await Promise.all(sent)).filter((status) => status === 'cut off').length;
  await host.start();
  database = await openStoredDatabase(host);
  // The restarted process completes what was left requested; wait for it (no guessed time).
  for (;;) {
    const [left] = await query<{ n: number }>(
      database.em(),
      `select count(*)::int as n from orders where state->'refunds' @> '[{"status":"requested"}]'::jsonb`,
    );
    if (Number(left?.n) === 0) break;
    if (Date.now() > deadline) throw new Error('refunds left requested');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 600_000);

afterAll(async () => {
  await database?.close();
  await host?.dispose();
});

(onPostgres ? describe : describe.skip)('refunds through a SIGKILL', () => {
  it('leaves every refund made by the sandbox recorded once, and no recorded refund made twice or lost', async () => {
    const recorded = await query<{ order_id: string; refund_id: string; amount: number; status: string }>(
      database.em(),
      `select o.id as order_id, r->>'refundId' as refund_id, (r->>'amountAgorot')::int as amount, r->>'status' as status
         from orders o cross join lateral jsonb_array_elements(coalesce(o.state->'refunds', '[]'::jsonb)) r
        where o.business_id = ?`,
      [cafe.owner.phone],
    );
    const made = await query<{ refund_id: string; amount_agorot: number; order_id: string }>(
      database.em(),
      `select r.refund_id::text as refund_id, r.amount_agorot, o.id as order_id
         from sandbox_refunds r join orders o on o.cardcom_transaction_id = r.transaction_id
        where o.business_id = ?`,
      [cafe.owner.phone],
    );
    expect(cutOff).toBeGreaterThan(0);
    // Nothing requested is left, nothing recorded that the sandbox did not make, nothing made that is not recorded.
    expect(recorded.filter((r) => r.status === 'requested')).toEqual([]);
    const refunded = recorded.filter((r) => r.status === 'refunded');
    expect(new Map(refunded.map((r) => [r.refund_id, Number(r.amount)]))).toEqual(
      new Map(made.map((m) => [m.refund_id, Number(m.amount_agorot)])),
    );
    for (const orderId of orders) {
      const sum = made.filter((m) => m.order_id === orderId).reduce((total, m) => total + Number(m.amount_agorot), 0);
      expect(sum).toBeLessThanOrEqual(PAID_AGOROT);
    }
    // Each refund event recorded once per refund id.
    const events = await query<{ refund_id: string; n: number }>(
      database.em(),
      `select data->>'refundId' as refund_id, count(*)::int as n from events
        where type = 'OrderRefunded' and data->>'businessPhone' = ? group by 1`,
      [cafe.owner.phone],
    );
    expect(events.every((e) => Number(e.n) === 1)).toBe(true);
    expect(events).toHaveLength(refunded.length);
  });
});
