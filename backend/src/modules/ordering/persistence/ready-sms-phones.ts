import { Inject, Injectable, Logger } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import { AppError } from '../../../platform/http/app-error.js';
import { SecretBox } from '../../../platform/secrets/secret-box.js';

/** Bound to its order: a sealed number copied to another order's row does not open. */
const contextOf = (orderId: string) => `ready-sms:${orderId}`;

/** Longest a number may wait for its order: the sweep removes anything older (decision 033). */
export const READY_SMS_PHONE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Keeps (or replaces) an order's number on its own: the order's append did not carry it, or the log is elsewhere. */
export const KEEP_READY_SMS_PHONE = preparedStatement<never>(
  'ready_sms_keep',
  `insert into ready_sms_phones (order_id, business_id, phone_sealed) values ($1::uuid, $2::text, $3::text)
   on conflict (order_id) do update set phone_sealed = excluded.phone_sealed, created_at = now()`,
);
/** Takes the numbers of orders whose SMS is due: the row is gone with the read (sent at most once). */
const TAKE = preparedStatement<{ order_id: string; phone_sealed: string }>(
  'ready_sms_take',
  'delete from ready_sms_phones where order_id = any($1::uuid[]) returning order_id, phone_sealed',
);
const DROP = preparedStatement<{ order_id: string }>(
  'ready_sms_drop',
  'delete from ready_sms_phones where order_id = any($1::uuid[]) returning order_id',
);
const SWEEP = preparedStatement<{ order_id: string }>(
  'ready_sms_sweep',
  'delete from ready_sms_phones where created_at < $1::timestamptz returning order_id',
);

/**
 * The diners' numbers for the ready SMS (issue 18, decision 033), sealed with the secrets' keys (AES-256-GCM,
 * `SecretBox`) and kept in ordering's `ready_sms_phones` only while the order may still need them: never in the
 * event log, never in a read model, never in an answer.
 */
@Injectable()
export class ReadySmsPhones {
  private readonly logger = new Logger('ReadySmsPhones');

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly box: SecretBox,
  ) {}

  /** The number sealed for its order; `order.ready_sms_unavailable` (503) when the server has no key. */
  seal(orderId: string, phone: string): string {
    if (!this.box.available) throw new AppError('order.ready_sms_unavailable');
    return this.box.seal(phone, contextOf(orderId));
  }

  /** The number, or null when it cannot be opened (its key was removed): that SMS is not sent. */
  open(orderId: string, sealed: string): string | null {
    try {
      return this.box.open(sealed, contextOf(orderId));
    } catch (error) {
      this.logger.error(`the ready SMS number of order ${orderId} cannot be opened: ${(error as Error).message}`);
      return null;
    }
  }

  /** Keeps (or replaces) an order's number on its own, when no append of the order carried it. */
  async keep(orderId: string, businessPhone: string, sealed: string): Promise<void> {
    await this.database.run(KEEP_READY_SMS_PHONE, [orderId, businessPhone, sealed]);
  }

  /** The sealed numbers of these orders, deleted in the same statement. */
  take(orderIds: readonly string[]): Promise<{ order_id: string; phone_sealed: string }[]> {
    return orderIds.length === 0 ? Promise.resolve([]) : this.database.run(TAKE, [orderIds]);
  }

  /** Forgets the numbers of orders that will never be ready (served, cancelled, expired...). */
  async drop(orderIds: readonly string[]): Promise<number> {
    if (orderIds.length === 0) return 0;
    return (await this.database.run(DROP, [orderIds])).length;
  }

  /** Removes every number kept longer than a day, whatever became of its order. */
  async sweep(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - READY_SMS_PHONE_MAX_AGE_MS).toISOString();
    return (await this.database.run(SWEEP, [cutoff])).length;
  }
}
