import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/http/app-error.js';
import { sweepEvery } from '../../../platform/processing/sweep-every.js';
import { SharedTables } from '../../tables/index.js';
import { ChargeTabCommand, type TabCharge } from '../application/tab/charge-tab.handler.js';

/** A tab closes within a minute of its idle time; the query reads the live carts with a tab only. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A table tab left idle for the café's `tabIdleMinutes` (decision 058) is closed by its held card: the bill is placed
 * from the sent rounds and what is left is charged (`ChargeTab`, as the holder's own request does). Time triggers it,
 * with the clock passed in (tests move it). A charge whose outcome is unknown is asked again on the next sweep with the
 * same charge id; a tab with a payer's page open waits for it.
 */
@Injectable()
export class TabSweep implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('TabSweep');
  private stopSweeps = () => {};

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly tables: SharedTables,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.stopSweeps = sweepEvery(
      this.database,
      { name: 'tab-sweep', everyMs: SWEEP_EVERY_MS, logger: this.logger, what: 'idle tab sweep' },
      () => this.sweep(),
    );
  }

  onApplicationShutdown(): void {
    this.stopSweeps();
  }

  /** Charges the tabs idle at `now`; answers what each came to, by cart. */
  async sweep(now = new Date()): Promise<Map<string, TabCharge | 'error'>> {
    const outcomes = new Map<string, TabCharge | 'error'>();
    for (const tab of await this.tables.idleTabs(now)) {
      try {
        outcomes.set(tab.cartId, await this.commands.execute(new ChargeTabCommand(tab.cartId, null, randomUUID())));
      } catch (error) {
        // A tab whose held card cannot pay (declined, or never held) waits for the table's own payments: not news.
        if (error instanceof AppError && error.code === 'table.tab_no_hold') {
          outcomes.set(tab.cartId, 'declined');
          continue;
        }
        // One tab's failure (its provider unreachable) never stops the others; it is asked again next time.
        this.logger.warn(`the idle tab of table ${tab.number} was not charged: ${(error as Error).message}`);
        outcomes.set(tab.cartId, 'error');
      }
    }
    return outcomes;
  }
}
