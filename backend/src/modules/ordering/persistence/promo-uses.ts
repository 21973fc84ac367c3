import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';

/** SQLSTATEs `order_append` raises when a promo code's use cannot be taken with the order (decision 052). */
export const PROMO_USED_UP = 'TF410';
export const PROMO_USED_BY_DINER = 'TF411';

const READ = preparedStatement<{ taken: number; used_by_diner: boolean }>(
  'promo_uses_read',
  `select coalesce((select taken from promo_code_counters where promo_code_id = $1::uuid), 0)::int as taken,
          exists (select 1 from promo_code_uses where promo_code_id = $1::uuid and use_key = any($2::text[]))
            as used_by_diner`,
);

/**
 * What `order_append` is handed to take a code's use with the order (in `p_row`, beside the row's columns, where
 * jsonb_populate_record ignores it): the code, its limit, and the keys the use holds while it is held.
 */
export interface PromoUse {
  id: string;
  max_uses: number | null;
  /** 'order', and for a once-per-diner code 'session:…' and 'phone:…' (a phone only as its hash). */
  use_keys: string[];
}

/** A diner's keys for a once-per-diner code: the session always, the phone where the diner gave one. */
export function dinerUseKeys(dinerSessionId: string, phones: readonly (string | null | undefined)[]): string[] {
  const hashed = [...new Set(phones.filter((phone): phone is string => !!phone))].map(
    (phone) => `phone:${createHash('sha256').update(phone).digest('hex')}`,
  );
  return [`session:${dinerSessionId}`, ...hashed];
}

/**
 * A promo code's uses as ordering counts them (issue 33): read before the checkout decides, so a diner hears why at
 * once; taken for real, atomically, by the statement that stores the order (`order_append`).
 */
@Injectable()
export class PromoUses {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async read(promoCodeId: string, dinerKeys: readonly string[]): Promise<{ taken: number; usedByDiner: boolean }> {
    const [row] = await this.database.run(READ, [promoCodeId, dinerKeys]);
    return { taken: Number(row?.taken ?? 0), usedByDiner: row?.used_by_diner === true };
  }
}
