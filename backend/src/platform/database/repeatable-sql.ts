import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from './sql.js';

/**
 * SQL a module keeps as one file and wants applied as it stands now (a function's whole text: `create or replace`),
 * handed to the database by the app the way entities are (platform imports no module). MikroORM's migrations run
 * once each; this is the repeatable kind: applied after the migrations whenever its text changed.
 */
export interface RepeatableSql {
  /** Unique and stable: the key its checksum is recorded under (`module.object`, e.g. `ordering.order_append`). */
  name: string;
  /** Idempotent statements, run as they are (`create or replace ...`). */
  sql: string;
}

export const checksumOf = (sql: string): string => createHash('sha256').update(sql).digest('hex');

/**
 * Applies each repeatable whose checksum differs from the one recorded in `repeatable_sql` (or that has none), then
 * records the new one, in one transaction per repeatable. A start with nothing changed costs one query. Two
 * instances starting together take turns on an advisory lock and the second finds the work done. Runs after the
 * migrations: a repeatable may rely on every table and column they made.
 */
export async function applyRepeatableSql(em: EntityManager, repeatables: readonly RepeatableSql[]): Promise<string[]> {
  if (repeatables.length === 0) return [];
  const recorded = await checksums(em);
  const applied: string[] = [];
  for (const { name, sql } of repeatables) {
    const checksum = checksumOf(sql);
    if (recorded.get(name) === checksum) continue;
    const changed = await em.fork().transactional(async (tx) => {
      await query(tx, `select pg_advisory_xact_lock(hashtext('repeatable_sql'))`);
      if ((await checksums(tx, name)).get(name) === checksum) return false;
      await tx.getConnection().execute(sql, [], 'run', tx.getTransactionContext());
      await query(
        tx,
        `insert into repeatable_sql (name, checksum, applied_at) values (?, ?, now())
          on conflict (name) do update set checksum = excluded.checksum, applied_at = excluded.applied_at`,
        [name, checksum],
      );
      return true;
    });
    if (changed) applied.push(name);
  }
  return applied;
}

async function checksums(em: EntityManager, name?: string): Promise<Map<string, string>> {
  const rows = await query<{ name: string; checksum: string }>(
    em,
    `select name, checksum from repeatable_sql${name === undefined ? '' : ' where name = ?'}`,
    name === undefined ? [] : [name],
  );
  return new Map(rows.map((row) => [row.name, row.checksum]));
}
