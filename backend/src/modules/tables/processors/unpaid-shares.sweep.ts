import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { sweepEvery } from '../../../platform/processing/sweep-every.js';
import { TableCarts } from '../application/table-carts.service.js';
import { TablePaymentsReader } from '../projections/table-payments.reader.js';

const SWEEP_EVERY_MS = 30_000;

/**
 * A share left unpaid (issue 34): whether a paying table is overdue is decided whenever its state is read (the first
 * paid part's time and the café's `unpaidShareMinutes`, `TableState.cart.unpaidSince`), so a diner's read and the
 * owner's waiting tables (`GET /api/tables/waiting`) always know it. Time, not an event, makes a table overdue: this
 * sweep pushes the table's state to the diners at it once, at the moment it turns overdue (every instance may push it
 * once: a state is idempotent for a page). Nothing is ever sent to the kitchen: the order waits for its payments.
 */
@Injectable()
export class UnpaidSharesSweep implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('UnpaidSharesSweep');
  private stopSweeps = () => {};
  /** The carts this instance told, while they stay overdue. */
  private told = new Set<string>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly payments: TablePaymentsReader,
    private readonly carts: TableCarts,
  ) {}

  onModuleInit(): void {
    this.stopSweeps = sweepEvery(
      this.database,
      { name: 'table-unpaid-sweep', everyMs: SWEEP_EVERY_MS, logger: this.logger, what: 'unpaid share sweep' },
      () => this.sweep(),
    );
  }

  onApplicationShutdown(): void {
    this.stopSweeps();
  }

  /** Tells the tables that turned overdue by `now`; answers the carts it told. */
  async sweep(now = new Date()): Promise<string[]> {
    const overdue = await this.payments.overdueCarts(now);
    const told: string[] = [];
    for (const cartId of overdue) {
      if (this.told.has(cartId)) continue;
      await this.carts.push(cartId, now);
      told.push(cartId);
    }
    this.told = new Set(overdue);
    return told;
  }
}
