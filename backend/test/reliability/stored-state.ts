import { Database } from '../../src/platform/database/database.js';
import { query } from '../../src/platform/database/sql.js';
import type { ProductHost } from './product-process.js';
import { entities, repeatableSql } from '../../src/entities.js';

/**
 * Opens the database a stopped product left behind (its PGlite folder, or its PostgreSQL database) in this process,
 * to look at what was really stored. On PGlite the product must be stopped first: one process opens a folder.
 */
export async function openStoredDatabase(host: ProductHost): Promise<Database> {
  const database = new Database({
    entities,
    repeatableSql,
    url: host.databaseUrl,
    dataDir: host.databaseUrl ? undefined : host.dataDir,
    retryIntervalMs: 200,
  });
  await database.start();
  if (!database.isReady) throw new Error(`the stored database did not open: ${database.lastError}`);
  return database;
}

export interface ProcessorState {
  name: string;
  atLogEnd: boolean;
}

/** Each processor's checkpoint compared with the last event of the log, in the log's (transaction id, position) order. */
export async function processorStates(database: Database): Promise<ProcessorState[]> {
  return query<ProcessorState>(
    database.em(),
    `with tail as (
       select transaction_id, global_position from events order by transaction_id desc, global_position desc limit 1
     )
     select c.name,
            (c.last_transaction_id, c.last_position) = (t.transaction_id, t.global_position) as "atLogEnd"
       from processor_checkpoints c cross join tail t
      order by c.name`,
  );
}

export async function parkedEvents(database: Database) {
  return query<{ processor: string; event_type: string; error: string }>(
    database.em(),
    'select processor, event_type, error from parked_events where resolved_at is null',
  );
}

/** How many events of each type every order stream holds: `{ orderId: { OrderPaid: 1, ... } }`. */
export async function orderEventCounts(database: Database): Promise<Map<string, Record<string, number>>> {
  const rows = await query<{ stream_id: string; type: string; count: number }>(
    database.em(),
    `select stream_id, type, count(*)::int as count from events where stream_category = 'order'
      group by stream_id, type`,
  );
  const counts = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const orderId = row.stream_id.slice('order-'.length);
    counts.set(orderId, { ...counts.get(orderId), [row.type]: row.count });
  }
  return counts;
}
