import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { sweepEvery } from '../../../platform/processing/sweep-every.js';
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
  private stopSweeps = () => {};

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.stopSweeps = sweepEvery(
      this.database,
      { name: 'order-expiry', everyMs: SWEEP_EVERY_MS, logger: this.logger, what: 'expiry sweep' },
      () => this.sweep(),
    );
  }

  onApplicationShutdown(): void {
    this.stopSweeps();
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
}
