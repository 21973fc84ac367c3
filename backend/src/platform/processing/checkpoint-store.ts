import type { EntityManager } from '@mikro-orm/postgresql';
import type { LogPosition, RecordedEvent } from '../event-store/event-store.port.js';
import { execute, query } from '../database/sql.js';

/** Another instance took the processor over (our lease ran out): whatever this delivery did must not be committed. */
export class LeaseLostError extends Error {
  constructor(processor: string) {
    super(`lost the lease of processor "${processor}"`);
    this.name = 'LeaseLostError';
  }
}

/**
 * Takes or renews the lease and returns the stored checkpoint, or `undefined` while another live instance holds it.
 * One statement, so two instances racing for a new processor cannot both win: the loser's conflict update finds the
 * winner's fresh lease and changes nothing.
 */
export async function acquireLease(
  em: EntityManager,
  { name, owner, leaseMs }: { name: string; owner: string; leaseMs: number },
): Promise<LogPosition | undefined> {
  const [row] = await query<{ transaction_id: string; global_position: string }>(
    em,
    `insert into processor_checkpoints as c (name, owner, lease_until, updated_at)
       values (?, ?, now() + ? * interval '1 millisecond', now())
     on conflict (name) do update
       set owner = excluded.owner, lease_until = excluded.lease_until, updated_at = now()
       where c.owner = excluded.owner or c.owner is null or c.lease_until < now()
     returning last_transaction_id::text as transaction_id, last_position::text as global_position`,
    [name, owner, leaseMs],
  );
  return row && { transactionId: row.transaction_id, globalPosition: row.global_position };
}

/** Extends the leases this instance still holds; returns the names it no longer holds. */
export async function renewLeases(
  em: EntityManager,
  { names, owner, leaseMs }: { names: readonly string[]; owner: string; leaseMs: number },
): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await query<{ name: string }>(
    em,
    `update processor_checkpoints set lease_until = now() + ? * interval '1 millisecond', updated_at = now()
      where owner = ? and name in (${names.map(() => '?').join(', ')})
      returning name`,
    [leaseMs, owner, ...names],
  );
  const renewed = new Set(rows.map((row) => row.name));
  return names.filter((name) => !renewed.has(name));
}

/**
 * Releases this instance's leases, storing with them the checkpoints it read to but had not written yet (skipped
 * events): one statement, so a stop against a database that has gone away waits for one failure, not one per
 * processor.
 */
export async function releaseLeases(
  em: EntityManager,
  owner: string,
  checkpoints: readonly { name: string; position: LogPosition }[] = [],
): Promise<void> {
  if (checkpoints.length === 0) {
    await execute(
      em,
      'update processor_checkpoints set owner = null, lease_until = null, updated_at = now() where owner = ?',
      [owner],
    );
    return;
  }
  const params: unknown[] = [];
  const rows = checkpoints.map(({ name, position }) => {
    params.push(name, position.transactionId, position.globalPosition);
    return '(?::text, ?::xid8, ?::bigint)';
  });
  await execute(
    em,
    `with moved (name, transaction_id, global_position) as (values ${rows.join(', ')})
     update processor_checkpoints c
        set owner = null, lease_until = null, updated_at = now(),
            last_transaction_id = coalesce(
              (select moved.transaction_id from moved where moved.name = c.name), c.last_transaction_id),
            last_position = coalesce((select moved.global_position from moved where moved.name = c.name), c.last_position)
      where c.owner = ?`,
    [...params, owner],
  );
}

/** Compare-and-set on the owner: a checkpoint moves only while this instance still holds the lease. */
export async function advanceCheckpoint(
  em: EntityManager,
  { name, owner, position }: { name: string; owner: string; position: LogPosition },
): Promise<void> {
  const changed = await execute(
    em,
    `update processor_checkpoints
        set last_transaction_id = ?::xid8, last_position = ?::bigint, updated_at = now()
      where name = ? and owner = ?`,
    [position.transactionId, position.globalPosition, name, owner],
  );
  if (changed !== 1) throw new LeaseLostError(name);
}

export async function parkEvent(
  em: EntityManager,
  { processor, event, error, attempts }: { processor: string; event: RecordedEvent; error: unknown; attempts: number },
): Promise<void> {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  await execute(
    em,
    `insert into parked_events (processor, global_position, event_type, stream_id, error, attempts)
       values (?, ?::bigint, ?, ?, ?, ?)
     on conflict (processor, global_position) do update
       set error = excluded.error, attempts = parked_events.attempts + excluded.attempts,
           parked_at = now(), resolved_at = null`,
    [processor, event.globalPosition, event.type, event.streamId, message.slice(0, 4000), attempts],
  );
}

/** Every stored checkpoint, by processor name (this process's processors and any other's). */
export async function storedCheckpoints(em: EntityManager): Promise<Map<string, LogPosition>> {
  const rows = await query<{ name: string; transaction_id: string; global_position: string }>(
    em,
    `select name, last_transaction_id::text as transaction_id, last_position::text as global_position
       from processor_checkpoints`,
  );
  return new Map(
    rows.map((row) => [row.name, { transactionId: row.transaction_id, globalPosition: row.global_position }]),
  );
}

/** How many events each processor has parked and nobody resolved yet; processors with none are absent. */
export async function unresolvedParkedCounts(em: EntityManager): Promise<Map<string, number>> {
  const rows = await query<{ processor: string; parked: number }>(
    em,
    `select processor, count(*)::int as parked from parked_events where resolved_at is null group by processor`,
  );
  return new Map(rows.map((row) => [row.processor, Number(row.parked)]));
}
