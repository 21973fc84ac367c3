import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../database/sql.js';

/**
 * Every transaction that has taken an id so far is below this horizon; once the oldest running transaction is past
 * it, every event committed before `logHorizon` was taken can be read from the log.
 */
export async function logHorizon(em: EntityManager): Promise<string> {
  const [row] = await query<{ horizon: string }>(em, 'select pg_snapshot_xmax(pg_current_snapshot())::text as horizon');
  return row!.horizon;
}

/** True once no transaction older than `horizon` is still running. */
export async function isLogReadableUpTo(em: EntityManager, horizon: string): Promise<boolean> {
  const [row] = await query<{ readable: boolean }>(
    em,
    'select pg_snapshot_xmin(pg_current_snapshot()) >= ?::xid8 as readable',
    [horizon],
  );
  return row?.readable === true;
}
