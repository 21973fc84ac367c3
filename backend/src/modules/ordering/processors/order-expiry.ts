import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { isDatabaseTransientError } from '../../../platform/database/database-errors.js';
import { query } from '../../../platform/database/sql.js';
import { ExpireOrderCommand } from '../application/expire-order.handler.js';
import { ORDER_PAYMENT_WINDOW_MS } from '../domain/order.decider.js';

const SWEEP_EVERY_MS = 60_000;
const BATCH = 200;

/**
 * Records `OrderExpired` for orders left unpaid for 30 minutes. Time, not an event, triggers it, so it sweeps the
 * read model every minute; the aggregate decides (a payment that arrived meanwhile wins, a second sweeper on another
 * instance decides nothing), so running it anywhere and any number of times is safe.
 */
@Injectable()
export class OrderExpiry implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('OrderExpiry');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.database.onFirstReady('order-expiry', async () => {
      this.timer = setInterval(() => void this.sweepQuietly(), SWEEP_EVERY_MS);
      this.timer.unref();
    });
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Expires what is due at `now`; answers how many orders it expired. */
  async sweep(now = new Date()): Promise<number> {
    const due = await query<{ id: string }>(
      this.database.em(),
      `select id from orders where status = 'pending' and payment_status <> 'paid' and created_at <= ?
        order by created_at limit ?`,
      [new Date(now.getTime() - ORDER_PAYMENT_WINDOW_MS), BATCH],
    );
    let expired = 0;
    for (const { id } of due) {
      if (await this.commands.execute<ExpireOrderCommand, boolean>(new ExpireOrderCommand(id, now))) expired++;
    }
    return expired;
  }

  private async sweepQuietly(): Promise<void> {
    try {
      await this.sweep();
    } catch (error) {
      if (!isDatabaseTransientError(error)) this.logger.error(`expiry sweep failed: ${String(error)}`);
    }
  }
}
