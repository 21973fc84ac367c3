// The sandbox provider's own rows (`sandbox_payments`, `sandbox_refunds`): their shape and the statements that read
// and settle them, kept apart from what the provider does with them.
import type { PaymentMethod } from '@tafrit/contracts';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';

/** The method a hold's row is marked with (decision 057): it is never a payment, so no refund or result reads it. */
export const HOLD_METHOD = 'hold';

export interface SandboxRow {
  low_profile_id: string;
  return_value: string;
  amount_agorot: string;
  description: string;
  success_url: string;
  failed_url: string;
  webhook_url: string;
  /** `paid` on a hold's row (method `hold`) means the card is held. */
  status: 'open' | 'paid' | 'declined';
  /** A hold's row keeps the hold's token here; a payment's, its transaction. */
  transaction_id: string | null;
  approval_number: string | null;
  last4: string | null;
  brand: string | null;
  /** A hold's row: `0` while held, `captured` once charged. */
  response_code: string | null;
  /** `hold`: the row of a hold page (decision 057), not a payment. */
  method: PaymentMethod | typeof HOLD_METHOD | null;
  /** When the row was last settled: a hold's is when the card was held. */
  updated_at: Date | string;
}

export const READ = preparedStatement<SandboxRow>(
  'sandbox_read',
  'select * from sandbox_payments where low_profile_id = $1',
);
// A paid page takes no more cards: the settling update finds only pages not paid yet. A card never turns a hold's row
// into a payment's or back (the method it settles with must be of the row's kind).
export const SETTLE = preparedStatement<SandboxRow>(
  'sandbox_settle',
  `update sandbox_payments set status = $2, transaction_id = $3, approval_number = $4, last4 = $5, brand = $6,
     response_code = $7, method = $8, attempts = attempts + 1, updated_at = now()
   where low_profile_id = $1 and status <> 'paid'
     and (coalesce(method, '') = 'hold') = ($8::text = 'hold') returning *`,
);
// The first card on a page writes its row with the page's facts; a later one settles it as SETTLE does (a paid page
// takes no more cards: the update finds only pages not paid yet, and a concurrent first card waits for the other's row).
export const CARD = preparedStatement<SandboxRow>(
  'sandbox_card',
  `insert into sandbox_payments
     (low_profile_id, return_value, amount_agorot, description, success_url, failed_url, webhook_url,
      status, transaction_id, approval_number, last4, brand, response_code, method, attempts)
   values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 1)
   on conflict (low_profile_id) do update set status = excluded.status, transaction_id = excluded.transaction_id,
     approval_number = excluded.approval_number, last4 = excluded.last4, brand = excluded.brand,
     response_code = excluded.response_code, method = excluded.method, attempts = sandbox_payments.attempts + 1, updated_at = now()
   where sandbox_payments.status <> 'paid'
     and (coalesce(sandbox_payments.method, '') = 'hold') = (excluded.method = 'hold')
   returning *`,
);
interface RefundRow {
  refund_id: string;
  transaction_id: string;
  amount_agorot: number;
  provider_refund_id: string;
}
// A refund of a paid sandbox charge, never past what it charged; the same refund id again inserts nothing.
export const REFUND = preparedStatement<RefundRow>(
  'sandbox_refund',
  `insert into sandbox_refunds (refund_id, low_profile_id, transaction_id, amount_agorot, provider_refund_id)
     select $1::uuid, $2::text, $3::text, $4::integer, $5::text from sandbox_payments p
      where p.low_profile_id = $2::text and p.transaction_id = $3::text and p.status = 'paid'
        and p.method is distinct from 'hold'
        and p.amount_agorot >= $4::integer + (select coalesce(sum(r.amount_agorot), 0) from sandbox_refunds r
                                               where r.transaction_id = $3::text)
   on conflict (refund_id) do nothing
   returning refund_id, transaction_id, amount_agorot, provider_refund_id`,
);
export const REFUND_READ = preparedStatement<RefundRow>(
  'sandbox_refund_read',
  'select refund_id, transaction_id, amount_agorot, provider_refund_id from sandbox_refunds where refund_id = $1::uuid',
);
/** The sandbox's refusal code (Cardcom answers a non-zero ResponseCode with a Description). */
export const REFUND_REFUSED_CODE = '6';

export const EXISTS = preparedStatement<{ found: boolean }>(
  'sandbox_exists',
  'select true as found from sandbox_payments where low_profile_id = $1',
);
