import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';

/** SQLSTATE raised by `order_append` when the slot's last place went to another order first. */
export const SLOT_FULL = 'TF412';

export const isSlotFull = (error: unknown): boolean => (error as { code?: unknown })?.code === SLOT_FULL;

/** The slot's row with today's capacity (the owner may have changed it); its places taken as they stand. */
const PREPARE = preparedStatement<{ taken: number; capacity: number }>(
  'pickup_slot_prepare',
  `insert into pickup_slots as s (business_id, pickup_at, capacity) values ($1::text, $2::timestamptz, $3::int)
     on conflict (business_id, pickup_at) do update set capacity = excluded.capacity
   returning s.taken, s.capacity`,
);
const TAKEN = preparedStatement<{ pickup_at: Date; taken: number; capacity: number }>(
  'pickup_slots_taken',
  `select pickup_at, taken, capacity from pickup_slots
    where business_id = $1::text and pickup_at >= $2::timestamptz and pickup_at < $3::timestamptz`,
);

/**
 * Ordering's `pickup_slots` (issue 33, decision 050): one row per business and slot that an order asked for, with
 * the slot's capacity and the places taken. The place itself is taken by `order_append` in the order's own statement
 * (`taken < capacity`), so the count cannot be passed by two diners at once; here only the row is made ready and
 * the counts are read for the menu and for "the next free slot".
 */
@Injectable()
export class PickupSlots {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** Makes the slot's row exist with `capacity`; answers the places left now (the append decides). */
  async prepare(businessPhone: string, at: number, capacity: number): Promise<number> {
    const [row] = await this.database.run(PREPARE, [businessPhone, new Date(at).toISOString(), capacity]);
    return row === undefined ? 0 : Number(row.capacity) - Number(row.taken);
  }

  /** Places taken per slot instant (ms) in `[from, to)`; a slot no order asked for is absent (none taken). */
  async takenBetween(businessPhone: string, from: number, to: number): Promise<Map<number, number>> {
    const rows = await this.database.run(TAKEN, [
      businessPhone,
      new Date(from).toISOString(),
      new Date(to).toISOString(),
    ]);
    return new Map(rows.map((row) => [new Date(row.pickup_at).getTime(), Number(row.taken)]));
  }
}
