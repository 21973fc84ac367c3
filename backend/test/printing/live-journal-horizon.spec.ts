import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { LiveEvent } from '@tafrit/contracts';
import { DATABASE } from '../../src/platform/database/database.module.js';
import type { Database } from '../../src/platform/database/database.js';
import { query } from '../../src/platform/database/sql.js';
import type { RecordedEvent } from '../../src/platform/event-store/event-store.port.js';
import { LIVE_EVENTS_KEPT_MS } from '../../src/modules/printing/application/live-journal.js';
import { liveOrdersProjection } from '../../src/modules/printing/processors/live-orders.projection.js';
import { LiveHub } from '../../src/modules/printing/realtime/live-hub.js';
import { ActorNames } from '../../src/modules/team/index.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The consoles' journal keeps two days (live-journal.ts). An event recorded before that, delivered late (a catch-up
// after a long stop, a rebuild of a year's log), is neither journaled nor pushed; a slip queued before it gets no row
// either (decision 074: print-slips-horizon.spec.ts).

let app: TestApp;
let database: Database;
let position = 2_000_000;
const pushed: { business: string; event: LiveEvent }[] = [];

beforeAll(async () => {
  app = await startTestApp();
  database = app.app.get<Database>(DATABASE);
}, 90_000);
afterAll(() => app?.close());

const BUSINESS = '+972541112233';

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

describe('the live journal past its two days', () => {
  it('journals and pushes only the events recorded within them, and writes no row of an older slip', async () => {
    // The app's own hub, with what it is given to push taken down.
    const hub = app.app.get(LiveHub, { strict: false });
    jest.spyOn(hub, 'toOwners').mockImplementation((business, event) => void pushed.push({ business, event }));
    const projection = liveOrdersProjection({ hub, names: app.app.get(ActorNames, { strict: false }) });
    const orderId = randomUUID();
    const now = Date.now();
    const old = new Date(now - LIVE_EVENTS_KEPT_MS - 60_000);
    const recent = new Date(now - LIVE_EVENTS_KEPT_MS + 60 * 60_000);
    const events = [
      recorded(
        'SlipQueued',
        { orderId, businessPhone: BUSINESS, slipId: `slip-${orderId}`, queuedAt: old.toISOString() },
        old,
      ),
      recorded('OrderAccepted', { orderId, businessPhone: BUSINESS, at: old.toISOString() }, old),
      recorded('OrderReady', { orderId, businessPhone: BUSINESS, at: recent.toISOString() }, recent),
    ];
    const afterCommit: (() => void)[] = [];
    await database
      .em()
      .transactional((em) =>
        projection.handleBatch!(events, { em, attempt: 1, afterCommit: (run) => afterCommit.push(run) }),
      );
    for (const run of afterCommit) run();

    const journal = await query<{ source_position: string; kind: string; status: string }>(
      database.em(),
      `select source_position::text as source_position, payload->>'kind' as kind, payload->>'status' as status
         from live_events where business_id = ? order by seq`,
      [BUSINESS],
    );
    expect(journal).toEqual([{ source_position: events[2]!.globalPosition, kind: 'order.status', status: 'ready' }]);
    expect(pushed.map(({ business, event }) => [business, event.kind, (event as { status?: string }).status])).toEqual([
      [BUSINESS, 'order.status', 'ready'],
    ]);
    const slips = await query<{ slip_id: string; status: string }>(
      database.em(),
      'select slip_id, status from print_slips where order_id = ?',
      [orderId],
    );
    expect(slips).toEqual([]);
  });
});
