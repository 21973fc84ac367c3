import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { sweepEvery } from '../../../platform/processing/sweep-every.js';
import { MarkOrderDueCommand } from '../application/mark-order-due.handler.js';

/** Often enough that an order turns new within a quarter minute of its moment; the query reads an index. */
const SWEEP_EVERY_MS = 15_000;
const BATCH = 200;
/** A paid order for later older than this was due long ago (its `OrderDue` is recorded): never read again. */
const LOOK_BACK_MS = 24 * 60 * 60 * 1000;

/**
 * Orders for later (issue 33) become new in the kitchen when their preparation should start, the pickup time less
 * the café's estimate (`orders.due_at`). Time, not an event, triggers it, so it sweeps like `OrderExpiry`, with the
 * clock passed in (tests move it; they never wait). The aggregate decides (`MarkOrderDue`): a second sweep, or one on
 * another instance, records nothing, so the order sounds, prints and is accepted automatically once.
 */
@Injectable()
export class OrderDueSweep implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('OrderDueSweep');
  private stopSweeps = () => {};

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.stopSweeps = sweepEvery(
      this.database,
      { name: 'order-due', everyMs: SWEEP_EVERY_MS, logger: this.logger, what: 'due sweep' },
      () => this.sweep(),
    );
  }

  onApplicationShutdown(): void {
    this.stopSweeps();
  }

  /** Marks what is due at `now`; answers how many orders turned new. */
  async sweep(now = new Date()): Promise<number> {
    const due = await query<{ id: string }>(
      this.database.em(),
      `select id from orders
        where due_at <= ? and due_at > ? and payment_status = 'paid'
          and coalesce((state->'pickup'->>'due')::boolean, false) = false
        order by due_at limit ?`,
      [now, new Date(now.getTime() - LOOK_BACK_MS), BATCH],
    );
    let marked = 0;
    for (const { id } of due) {
      if (await this.commands.execute<MarkOrderDueCommand, boolean>(new MarkOrderDueCommand(id, now))) marked++;
    }
    return marked;
  }
}
