// The sandbox's holds (issue 34, decision 057): a hold page's verdict from its row, and the hold's charge, as
// Cardcom's J5 token and its capture behave. Kept beside the sandbox provider, which delegates to it.
import { randomInt } from 'node:crypto';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import {
  assertChargeWithinHold,
  type ChargeHoldRequest,
  type HoldChargeResult,
  type HoldResult,
} from '../payment-provider.port.js';
import type { SandboxPageFacts } from './sandbox-payment-provider.js';
import { HOLD_METHOD, type SandboxRow } from './sandbox-rows.js';

/** A held row's `response_code` once charged: a hold is charged once. */
const CAPTURED = 'captured';
/** The sandbox's refusal code of a hold's charge (a real one answers a non-zero ResponseCode). */
export const HOLD_CHARGE_REFUSED_CODE = '7';
/**
 * How long the sandbox keeps a hold chargeable, and its token: its own rule, since Cardcom's definition does not say
 * when an issuer lets a J5 authorisation lapse (decision 057).
 */
export const SANDBOX_HOLD_DAYS = 5;
const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f-]{36}$/;

/**
 * A hold's charge, once: the held row is marked captured and the charge written as a paid row of its own (keyed by
 * our charge id, so refunds find it as they find a page's charge), in one statement. Nothing is written unless the
 * hold is this order's, held, not charged yet, not expired, its token and approval match and it covers the amount.
 */
const CAPTURE = preparedStatement<SandboxRow>(
  'sandbox_capture',
  `with hold as (
     update sandbox_payments set response_code = '${CAPTURED}', attempts = attempts + 1
      where low_profile_id = $1::text and method = '${HOLD_METHOD}' and status = 'paid' and response_code = '0'
        and return_value = $2::text and transaction_id = $3::text and approval_number = $4::text
        and amount_agorot >= $5::bigint and updated_at > $6::timestamptz - make_interval(days => $7::integer)
     returning *)
   insert into sandbox_payments
     (low_profile_id, return_value, amount_agorot, description, success_url, failed_url, webhook_url,
      status, transaction_id, approval_number, last4, brand, response_code, method, attempts)
   select $8::text, return_value, $5::bigint, description, success_url, failed_url, webhook_url,
          'paid', $9::text, approval_number, last4, brand, '0', 'card', 1 from hold
   returning *`,
);

/**
 * A hold page's verdict: held (the row keeps the token where a payment keeps its transaction), declined, or open; a
 * page that is not a hold's is `unknown`. No row yet: pending for a page this process opened as a hold, or one it
 * does not know (its owner asks only of its own pages).
 */
export function holdResultOf({
  row,
  lowProfileId,
  facts,
  isPageId,
  holdAgorot,
}: {
  row: SandboxRow | undefined;
  lowProfileId: string;
  facts: SandboxPageFacts | undefined;
  isPageId: boolean;
  holdAgorot?: number;
}): HoldResult {
  if (!row) {
    if (isPageId && (!facts || facts.hold)) {
      return { status: 'pending', lowProfileId, returnValue: facts?.returnValue ?? null };
    }
    return { status: 'unknown', lowProfileId };
  }
  if (row.method !== HOLD_METHOD) return { status: 'unknown', lowProfileId };
  if (row.status === 'declined') {
    return {
      status: 'failed',
      lowProfileId,
      returnValue: row.return_value,
      responseCode: row.response_code,
      reason: 'העסקה סורבה על ידי חברת האשראי (סביבת בדיקה)',
    };
  }
  if (row.status !== 'paid' || !row.transaction_id || !row.approval_number) {
    return { status: 'pending', lowProfileId, returnValue: row.return_value };
  }
  return {
    status: 'held',
    lowProfileId,
    returnValue: row.return_value,
    token: row.transaction_id,
    tokenExpiresOn: new Date(heldAt(row).getTime() + SANDBOX_HOLD_DAYS * DAY_MS).toISOString().slice(0, 10),
    approvalNumber: row.approval_number,
    cardExpiry: null,
    last4: row.last4,
    brand: row.brand,
    holdAgorot: Number(row.amount_agorot) || (holdAgorot ?? 0),
  };
}

/**
 * Charges a hold: once, at most the amount held, within `SANDBOX_HOLD_DAYS` of holding it, with its token and approval
 * number. The same `chargeId` again answers the first charge; anything else is `failed` with the reason.
 */
export async function chargeSandboxHold({
  database,
  read,
  request,
  now,
}: {
  database: Database;
  read: (lowProfileId: string) => Promise<SandboxRow | undefined>;
  request: ChargeHoldRequest;
  now: Date;
}): Promise<HoldChargeResult> {
  assertChargeWithinHold(request);
  const { chargeId, orderId, lowProfileId, token, approvalNumber, amountAgorot } = request;
  if (!UUID.test(chargeId)) throw new Error('a hold charge id is a UUID');
  const transactionId = String(randomInt(100_000_000, 999_999_999));
  const [charged] = UUID.test(lowProfileId)
    ? await database.run(CAPTURE, [
        lowProfileId,
        orderId,
        token,
        approvalNumber,
        amountAgorot,
        now,
        SANDBOX_HOLD_DAYS,
        chargeId,
        transactionId,
      ])
    : [];
  const first = charged ?? (await read(chargeId));
  if (
    first &&
    first.method !== HOLD_METHOD &&
    first.status === 'paid' &&
    first.return_value === orderId &&
    first.approval_number === approvalNumber &&
    Number(first.amount_agorot) === amountAgorot
  ) {
    return {
      status: 'paid',
      lowProfileId: chargeId,
      returnValue: orderId,
      transactionId: first.transaction_id ?? '',
      approvalNumber: first.approval_number,
      last4: first.last4,
      brand: first.brand,
      amountAgorot,
      document: null,
      method: 'card',
    };
  }
  const refused = (reason: string): HoldChargeResult => ({
    status: 'failed',
    lowProfileId,
    returnValue: orderId,
    responseCode: HOLD_CHARGE_REFUSED_CODE,
    reason: `${reason} (סביבת בדיקה)`,
  });
  if (first) return refused('מזהה החיוב כבר שימש לחיוב אחר');
  // Nothing was charged: say why, from the hold as it stands.
  const hold = await read(lowProfileId);
  if (!hold || hold.method !== HOLD_METHOD || hold.status !== 'paid' || hold.return_value !== orderId) {
    return refused('המסגרת לא נמצאה');
  }
  if (hold.response_code === CAPTURED) return refused('המסגרת כבר חויבה');
  if (hold.transaction_id !== token || hold.approval_number !== approvalNumber) {
    return refused('הטוקן או מספר האישור אינם של המסגרת');
  }
  if (amountAgorot > Number(hold.amount_agorot)) return refused('הסכום גבוה מהמסגרת');
  return refused('תוקף המסגרת פג');
}

/** When the card was held: the row's last settling (a held row takes no more cards). */
function heldAt(row: SandboxRow): Date {
  return row.updated_at instanceof Date ? row.updated_at : new Date(row.updated_at);
}
