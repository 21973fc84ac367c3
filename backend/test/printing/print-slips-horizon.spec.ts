import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  LiveOrder,
  LiveOrdersAnswer,
  PairAnswer,
  PairingCodeAnswer,
  SlipAckAnswer,
  SlipPrintPayload,
} from '@tafrit/contracts';
import { LIVE_EVENTS_KEPT_MS } from '../../src/modules/printing/application/live-journal.js';
import {
  PRUNE_PRINT_SLIPS_BATCH,
  PRUNE_PRINT_SLIPS_SQL,
  PrinterPresence,
} from '../../src/modules/printing/application/printer-presence.service.js';
import { liveOrdersProjection } from '../../src/modules/printing/processors/live-orders.projection.js';
import { LiveHub } from '../../src/modules/printing/realtime/live-hub.js';
import { ActorNames } from '../../src/modules/team/index.js';
import { DATABASE } from '../../src/platform/database/database.module.js';
import type { Database } from '../../src/platform/database/database.js';
import { execute, query } from '../../src/platform/database/sql.js';
import type { RecordedEvent } from '../../src/platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { openShop, type Shop } from '../support/checkout.js';
import { call } from '../support/http-client.js';
import { dinerPays } from '../support/paid-order.js';
import { listen, openSocket, pause, request, TEST_AGENT_INFO } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// `print_slips` keeps the slips queued within the live journal's two days (decision 074): the live-orders projection
// writes no row of an older slip, the presence sweep deletes older rows whatever their status, and once a slip's row
// is gone the console shows the slip's state from the order's own row, and the agent's acknowledgements and a reprint
// are recorded on the order as before.

let app: TestApp;
let database: Database;
let owner: SignedInOwner;
let shop: Shop;
let position = 3_000_000;

beforeAll(async () => {
  app = await startTestApp();
  database = app.app.get<Database>(DATABASE);
  owner = await registerOwner(app);
  shop = await openShop(app, owner);
}, 90_000);
afterAll(() => app?.close());

const DAY = 24 * 60 * 60_000;

function recorded(type: string, data: Record<string, unknown>, recordedAt: Date): RecordedEvent {
  position += 1;
  return {
    type,
    data,
    metadata: { correlationId: randomUUID(), actor: { kind: 'system' }, occurredAt: recordedAt.toISOString() },
    streamId: `order-${data.orderId as string}`,
    streamVersion: 1,
    globalPosition: String(position),
    transactionId: String(position),
    recordedAt: recordedAt.toISOString(),
  } as RecordedEvent;
}

/** Slips of one business straight into the table, each queued at its time. */
async function slipsQueued(business: string, slips: { status: string; queuedAt: Date }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const { status, queuedAt } of slips) {
    const orderId = randomUUID();
    ids.push(`slip-${orderId}`);
    await execute(
      database.em(),
      `insert into print_slips (slip_id, order_id, business_id, status, queued_at) values (?, ?, ?, ?, ?)`,
      [`slip-${orderId}`, orderId, business, status, queuedAt],
    );
  }
  return ids;
}

async function slipIdsOf(business: string): Promise<string[]> {
  const rows = await query<{ slip_id: string }>(
    database.em(),
    'select slip_id from print_slips where business_id = ? order by queued_at',
    [business],
  );
  return rows.map((row) => row.slip_id);
}

describe('the live-orders projection past the two days', () => {
  it('writes no row of a slip queued before them, and takes the outcome of such a slip without a row', async () => {
    // Given a slip queued three days ago, delivered late (a catch-up after a long stop, a rebuild), then printed and
    // failed now (the agent's late acknowledgements), and a slip queued an hour ago.
    const business = '+972541112244';
    const projection = liveOrdersProjection({
      hub: app.app.get(LiveHub, { strict: false }),
      names: app.app.get(ActorNames, { strict: false }),
    });
    const [oldOrder, recentOrder] = [randomUUID(), randomUUID()];
    const now = Date.now();
    const old = new Date(now - LIVE_EVENTS_KEPT_MS - DAY);
    const recent = new Date(now - 60 * 60_000);
    const slip = (orderId: string, at: Date) =>
      recorded(
        'SlipQueued',
        { orderId, businessPhone: business, slipId: `slip-${orderId}`, queuedAt: at.toISOString() },
        at,
      );
    const outcome = { orderId: oldOrder, businessPhone: business, slipId: `slip-${oldOrder}`, agentId: 'agt_test' };
    const events = [
      slip(oldOrder, old),
      slip(recentOrder, recent),
      recorded(
        'PrintFailed',
        { ...outcome, reason: 'out of paper', failedAt: new Date(now).toISOString() },
        new Date(now),
      ),
      recorded('SlipPrinted', { ...outcome, printedAt: new Date(now).toISOString() }, new Date(now)),
    ];

    // When the projection handles them in one batch,
    await database
      .em()
      .transactional((em) => projection.handleBatch!(events, { em, attempt: 1, afterCommit: () => undefined }));

    // then only the recent slip has a row; the old one's outcomes changed no row, and are journaled for the consoles
    // like any recent event.
    expect(await slipIdsOf(business)).toEqual([`slip-${recentOrder}`]);
    const journal = await query<{ order_id: string; print_status: string }>(
      database.em(),
      `select payload->>'orderId' as order_id, payload->>'printStatus' as print_status from live_events
        where business_id = ? and payload->>'kind' = 'slip.status' order by seq`,
      [business],
    );
    expect(journal).toEqual([
      { order_id: recentOrder, print_status: 'queued' },
      { order_id: oldOrder, print_status: 'failed' },
      { order_id: oldOrder, print_status: 'printed' },
    ]);
  });
});

describe('the sweep', () => {
  // The sweeps below run as if later than now (their horizon is what moves), so the app's own sweep, every ten
  // seconds, leaves these rows alone until the test's sweep has run.
  it('deletes the slips queued before the two days, whatever their status, and keeps the recent ones', async () => {
    // Given slips queued, printed and failed a day ago and an hour ago,
    const business = '+972541112255';
    const now = Date.now();
    const [oldQueued, oldPrinted, oldFailed] = await slipsQueued(business, [
      { status: 'queued', queuedAt: new Date(now - DAY - 3_000) },
      { status: 'printed', queuedAt: new Date(now - DAY - 2_000) },
      { status: 'failed', queuedAt: new Date(now - DAY - 1_000) },
    ]);
    const recent = await slipsQueued(business, [
      { status: 'queued', queuedAt: new Date(now - 60 * 60_000) },
      { status: 'printed', queuedAt: new Date(now - 30 * 60_000) },
    ]);
    expect(await slipIdsOf(business)).toEqual([oldQueued, oldPrinted, oldFailed, ...recent]);

    // when the sweep runs a day later (the day-old slips are three days old, the recent ones a day),
    await app.app.get(PrinterPresence).sweep(new Date(now + DAY));

    // then only the recent ones are left.
    expect(await slipIdsOf(business)).toEqual(recent);
  });

  it('deletes a bounded batch a sweep, the rest on the next one', async () => {
    // Given more old slips than one sweep deletes (a year of them, the first sweep after decision 074),
    const business = '+972541112266';
    const queuedAt = new Date(Date.now() - DAY);
    await execute(
      database.em(),
      `insert into print_slips (slip_id, order_id, business_id, status, queued_at)
         select 'slip-' || gen_random_uuid(), gen_random_uuid(), ?, 'printed', ?
           from generate_series(1, ?)`,
      [business, queuedAt, PRUNE_PRINT_SLIPS_BATCH + 3],
    );
    const presence = app.app.get(PrinterPresence);
    const later = new Date(Date.now() + DAY + 60_000);

    // when the sweep runs, then it deletes one batch; and the next sweep the rest.
    await presence.sweep(later);
    expect(await slipIdsOf(business)).toHaveLength(3);
    await presence.sweep(later);
    expect(await slipIdsOf(business)).toHaveLength(0);
  });

  it('finds the old slips by their index on when they were queued, never reading the whole table', async () => {
    // On the test's small table the planner would scan it anyway: whole-table scans priced out, it answers whether an
    // index fits the statement at all.
    const plan = await database.em().transactional(async (em) => {
      await execute(em, 'set local enable_seqscan = off');
      const rows = await query<{ 'QUERY PLAN': string }>(
        em,
        `explain ${PRUNE_PRINT_SLIPS_SQL.replace('?', "'2026-11-30T10:00:00Z'")}`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(
      /Index (Only )?Scan using print_slips_queued_index|Bitmap Index Scan on print_slips_queued_index/,
    );
    expect(plan).not.toMatch(/Seq Scan/);
  });
});

describe('an order whose slip row was swept', () => {
  async function liveOrder(orderId: string): Promise<LiveOrder | undefined> {
    const answer = await call<{ data: LiveOrdersAnswer }>(app, 'GET', '/api/live-orders', { token: owner.token });
    expect(answer.status).toBe(200);
    return answer.body.data.orders.find((order) => order.orderId === orderId);
  }

  async function agentPaired(): Promise<PairAnswer> {
    const code = await call<{ data: PairingCodeAnswer }>(app, 'POST', '/api/printer/pairing-code', {
      token: owner.token,
    });
    const paired = await call<{ data: PairAnswer }>(app, 'POST', '/api/printer/pair', {
      body: { code: code.body.data.code, agent: TEST_AGENT_INFO },
      ip: '10.51.0.1',
    });
    expect(paired.status).toBe(200);
    return paired.body.data;
  }

  it('shows its slip as the order records it, and records its acknowledgements and a reprint', async () => {
    const runner = app.app.get(ProcessorRunner);
    const presence = app.app.get(PrinterPresence);
    const journalOf = async (orderId: string) =>
      (
        await query<{ print_status: string }>(
          database.em(),
          `select payload->>'printStatus' as print_status from live_events
            where payload->>'kind' = 'slip.status' and payload->>'orderId' = ? order by seq`,
          [orderId],
        )
      ).map((row) => row.print_status);

    // Given a paid order whose slip is queued for a paired agent that is offline,
    const credential = await agentPaired();
    const { orderId } = await dinerPays(app, shop);
    await runner.runUntilIdle();
    expect(await slipIdsOf(owner.phone)).toEqual([`slip-${orderId}`]);

    // when the sweep takes its row (run as two days later),
    await presence.sweep(new Date(Date.now() + LIVE_EVENTS_KEPT_MS + 60_000));
    expect(await slipIdsOf(owner.phone)).toEqual([]);

    // then the console still shows the slip queued: the order's own row says so.
    expect((await liveOrder(orderId))?.printStatus).toBe('queued');

    // When its agent connects and reports the slip failed (a late acknowledgement of it),
    const agent = await openSocket(app, '/agent', {
      agentId: credential.agentId,
      secret: credential.agentSecret,
      agent: TEST_AGENT_INFO,
    });
    try {
      for (let tries = 0; tries < 50 && !(await presence.status(owner.phone)).isOnline; tries++) await pause(50);
      const slips = listen<SlipPrintPayload>(agent, 'slip.print');
      const failed = await request<SlipAckAnswer>(agent, 'slip.ack', {
        slipId: `slip-${orderId}`,
        status: 'failed',
        error: 'out of paper',
      });
      expect(failed).toEqual({ ok: true });
      await runner.runUntilIdle();

      // then it is recorded on the order: the console and a kitchen button's answer show it failed (without the
      // printer's words, which only the slip row kept), and the consoles were pushed it.
      expect(await liveOrder(orderId)).toMatchObject({ printStatus: 'failed', printError: null });
      const accepted = await call<{ data: LiveOrder }>(app, 'POST', `/api/live-orders/${orderId}/status`, {
        token: owner.token,
        body: { status: 'accepted' },
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.data).toMatchObject({ status: 'accepted', printStatus: 'failed' });

      // When the owner prints it again and the agent reports the reprint printed,
      const reprint = await call<{ data: { slipId: string } }>(app, 'POST', `/api/live-orders/${orderId}/reprint`, {
        token: owner.token,
      });
      expect(reprint.status).toBe(200);
      const printed = await slips.next((payload) => payload.slipId === reprint.body.data.slipId);
      expect(printed.orderId).toBe(orderId);
      expect(await request<SlipAckAnswer>(agent, 'slip.ack', { slipId: printed.slipId, status: 'printed' })).toEqual({
        ok: true,
      });
      await runner.runUntilIdle();

      // then the order's slip is printed, on the console and in what it was pushed, and no slip row came back.
      expect((await liveOrder(orderId))?.printStatus).toBe('printed');
      expect(await journalOf(orderId)).toEqual(['failed', 'printed']);
      expect(await slipIdsOf(owner.phone)).toEqual([]);
    } finally {
      agent.close();
      for (let tries = 0; tries < 50 && (await presence.status(owner.phone)).isOnline; tries++) await pause(100);
    }
  });
});
