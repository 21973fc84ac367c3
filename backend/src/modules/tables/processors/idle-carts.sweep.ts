import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { sweepEvery } from '../../../platform/processing/sweep-every.js';
import { TableCarts } from '../application/table-carts.service.js';
import { TableCartsReader } from '../projections/table-carts.reader.js';

const SWEEP_EVERY_MS = 60_000;
const BATCH = 200;

/**
 * Ends the shared carts nobody touched for their café's idle time (`TableCartClosed`, reason `idle`), so the table's
 * next party starts fresh. Time, not an event, triggers it. Only `open` carts: one that is paying waits for its
 * payments. The cart's decider decides with the moment the cart had to be untouched since (a line added meanwhile
 * keeps it open), so any number of instances may sweep.
 */
@Injectable()
export class IdleCartsSweep implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('IdleCartsSweep');
  private stopSweeps = () => {};

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly reader: TableCartsReader,
    private readonly carts: TableCarts,
  ) {}

  onModuleInit(): void {
    this.stopSweeps = sweepEvery(
      this.database,
      { name: 'table-idle-sweep', everyMs: SWEEP_EVERY_MS, logger: this.logger, what: 'idle table sweep' },
      () => this.sweep(),
    );
  }

  onApplicationShutdown(): void {
    this.stopSweeps();
  }

  /** Ends what is idle at `now`; answers how many carts it ended. */
  async sweep(now = new Date()): Promise<number> {
    const idle = await this.reader.idleCarts(now, BATCH);
    const context = { actor: { kind: 'system' as const, id: 'table-idle-sweep' }, correlationId: randomUUID() };
    let closed = 0;
    for (const cart of idle) {
      const after = await this.carts.run(
        cart.cartId,
        { type: 'Close', data: { reason: 'idle', idleSince: cart.idleSince, now: now.toISOString() } },
        context,
      );
      if (after.status === 'closed') closed++;
    }
    return closed;
  }
}
