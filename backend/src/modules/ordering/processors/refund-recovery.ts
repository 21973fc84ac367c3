import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { isDatabaseTransientError } from '../../../platform/database/database-errors.js';
import { query } from '../../../platform/database/sql.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/index.js';
import { CompleteRefundCommand } from '../application/complete-refund.handler.js';
import type { PlacedOrder } from '../domain/order.decider.js';
import { orderSnapshotSql } from '../projections/order-snapshot.js';

const SWEEP_EVERY_MS = 60_000;
/** A refund this young is still in its own request's hands. */
const SETTLE_MS = 30_000;
const BATCH = 100;

/** The orders with a refund in flight, by the partial index that holds only those (migration 20261130000100). */
export const REQUESTED_REFUNDS_SQL = `select id, ${orderSnapshotSql('o')} as state from orders o
  where state->'refunds' @> '[{"status":"requested"}]'::jsonb limit ?`;

/**
 * Completes refunds left requested: the process died between recording the request and recording the provider's
 * answer (even after the provider answered), or the provider could not be reached. Only with a provider that answers a
 * repeated refund id with the first refund (the sandbox): asking it again moves no money twice. Cardcom's refund takes
 * no key of ours, so there a refund left requested waits for a person (decision 024). Any instance may sweep: the
 * decider records each answer once.
 */
@Injectable()
export class RefundRecovery implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('RefundRecovery');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    if (!this.provider.refundsIdempotent) return;
    const startedAt = new Date();
    this.database.onFirstReady('refund-recovery', async () => {
      // At start every refund requested before it is a previous process's (killed, perhaps, between the provider's
      // answer and the record): completed at once. Another instance's refund in flight asked again is harmless here.
      void this.sweepQuietly(startedAt, 0);
      this.timer = setInterval(() => void this.sweepQuietly(), SWEEP_EVERY_MS);
      this.timer.unref();
    });
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Completes the refunds requested before `now` less a moment; answers how many it asked the provider about. */
  async sweep(now = new Date(), settleMs = SETTLE_MS): Promise<number> {
    if (!this.provider.refundsIdempotent) return 0;
    const rows = await query<{ id: string; state: PlacedOrder }>(this.database.em(), REQUESTED_REFUNDS_SQL, [BATCH]);
    let asked = 0;
    for (const { id, state } of rows) {
      for (const refund of state.refunds) {
        if (refund.status !== 'requested' || Date.parse(refund.requestedAt) > now.getTime() - settleMs) continue;
        await this.commands.execute(
          new CompleteRefundCommand(id, refund.refundId, `refund-recovery:${refund.refundId}`),
        );
        asked++;
      }
    }
    return asked;
  }

  private async sweepQuietly(now?: Date, settleMs?: number): Promise<void> {
    try {
      await this.sweep(now, settleMs);
    } catch (error) {
      if (!isDatabaseTransientError(error)) this.logger.error(`refund recovery failed: ${String(error)}`);
    }
  }
}
