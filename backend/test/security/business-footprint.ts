import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ProcessorRunner } from '../../src/platform/processing/processor-runner.js';
import type { TestApp } from '../support/test-app.js';

/** Everything stored about one business: its rows in every table keyed by the business, its events, all uploads. */
export interface Footprint {
  rows: Record<string, string[]>;
  events: string[];
  uploads: string[];
}

type Row = Record<string, unknown>;

const query = (app: TestApp, sql: string, params: unknown[] = []) =>
  app.database.em().getConnection().execute(sql, params) as Promise<Row[]>;

/** Every file under DATA_DIR/uploads, as paths relative to it. */
export function uploadedFiles(app: TestApp): string[] {
  const root = join(app.config.dataDir, 'uploads');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * A business's footprint. The tables are found from the schema (every table with a `business_id`
 * column), so a new read model is compared too without anyone adding it here; the events are those of the business's
 * own streams (its team's too) and every event whose data names the business (orders, invoices, slips, kitchen
 * steps); its option groups' stream too.
 */
export async function footprintOf(app: TestApp, phone: string): Promise<Footprint> {
  // The read models the processors write (the team's activity log, say) follow the log: a footprint is taken once they
  // have read all of it, so an earlier step's row arriving late is never taken for one the request wrote.
  await app.app.get(ProcessorRunner).runUntilIdle();
  const tables = await query(
    app,
    `select distinct table_name as name, column_name as key from information_schema.columns
      where column_name = 'business_id' and table_schema = current_schema() order by 1`,
  );
  const rows: Record<string, string[]> = {
    businesses: (await query(app, 'select to_jsonb(t)::text as row from businesses t where phone = ?', [phone])).map(
      (row) => String(row.row),
    ),
  };
  for (const { name, key } of tables) {
    const found = await query(
      app,
      `select to_jsonb(t)::text as row from "${String(name)}" t where "${String(key)}" = ? order by 1`,
      [phone],
    );
    rows[String(name)] = found.map((row) => String(row.row));
  }
  const events = await query(
    app,
    `select global_position, stream_id, type from events
      where data->>'businessPhone' = ? or stream_id in (?, ?, ?, ?, ?, ?) order by global_position`,
    [
      phone,
      `business-${phone}`,
      `menu-${phone}`,
      `options-${phone}`,
      `team-${phone}`,
      `promos-${phone}`,
      `tables-${phone}`,
    ],
  );
  return {
    rows,
    events: events.map((event) => `${String(event.global_position)} ${String(event.stream_id)} ${String(event.type)}`),
    uploads: uploadedFiles(app),
  };
}

/** Waits until the background processors have finished with a business: two readings a moment apart agree. */
export async function settledFootprint(app: TestApp, phone: string, ready: (footprint: Footprint) => boolean) {
  let previous = await footprintOf(app, phone);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const current = await footprintOf(app, phone);
    if (ready(current) && JSON.stringify(current) === JSON.stringify(previous)) return current;
    previous = current;
  }
  throw new Error(`the processors never settled for ${phone}: ${JSON.stringify(previous.events)}`);
}
