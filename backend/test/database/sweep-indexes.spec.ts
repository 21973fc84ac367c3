import { refundEventsOf } from '../../src/modules/commissions/application/commission-history.query.js';
import { REQUESTED_REFUNDS_SQL } from '../../src/modules/ordering/processors/refund-recovery.js';
import { MONTH_SUMS_SQL } from '../../src/modules/ordering/projections/monthly-orders.reader.js';
import { PRUNE_LIVE_EVENTS_SQL } from '../../src/modules/printing/application/printer-presence.service.js';
import { PREVIOUS_REFUND_SQL } from '../../src/modules/printing/processors/live-orders.projection.js';
import { selectionSql } from '../../src/platform/event-store/postgres/selection-sql.js';
import type { Database } from '../../src/platform/database/database.js';
import { startTestDatabase } from '../support/test-database.js';
import { sql } from '../event-store/event-factory.js';

let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await startTestDatabase());
});
afterAll(() => close());

/**
 * The plan of a sweep's statement with whole-table scans priced out: on the test's empty tables the planner would
 * scan them anyway, so this asks whether an index that fits the statement exists at all (without one, the plan is a
 * sequential scan whatever it costs).
 */
async function planOf(statement: string, values: string[]): Promise<string> {
  let index = 0;
  const text = statement.replace(/\?/g, () => values[index++]!);
  return database.em().transactional(async (em) => {
    await sql(em, 'set local enable_seqscan = off');
    const rows = await sql<{ 'QUERY PLAN': string }>(em, `explain ${text}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('sweeps read by index, never the whole table', () => {
  it('finds the orders with a refund in flight by their partial index', async () => {
    const plan = await planOf(REQUESTED_REFUNDS_SQL, ['50']);
    expect(plan).toMatch(
      /Index (Only )?Scan using orders_refund_requested_index|Bitmap Index Scan on orders_refund_requested_index/,
    );
  });

  it('prunes the live journal by its index on the time it was pushed', async () => {
    const plan = await planOf(PRUNE_LIVE_EVENTS_SQL, ["'2026-11-24T10:00:00Z'"]);
    expect(plan).toMatch(
      /Index (Only )?Scan using live_events_created_index|Bitmap Index Scan on live_events_created_index/,
    );
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("finds an order's previous refund in the live journal by the journal's partial index on refunds", async () => {
    const plan = await planOf(PREVIOUS_REFUND_SQL, ["'0501234567'", "'7d1f9c1e-7f4e-4a5e-9d0c-2b1a3c4d5e6f'", '1000']);
    expect(plan).toMatch(/live_events_refund_index/);
  });

  it("reads one business's refund events by the log's partial index on refunds", async () => {
    const { sql: statement, params } = selectionSql(refundEventsOf('0501234567'));
    const plan = await planOf(
      statement,
      params.map((value) => `'${String(value)}'`),
    );
    expect(plan).toMatch(/events_refund_business_index/);
  });

  it("sums the owner's month from the index by business and time of payment alone, never the orders' rows", async () => {
    const plan = await planOf(MONTH_SUMS_SQL, ["'0501234567'", "'2026-09-30T21:00:00Z'", "'2026-10-31T22:00:00Z'"]);
    expect(plan).toMatch(/Index Only Scan using orders_business_paid_sums_index on orders/);
  });
});
