import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { sweepEvery } from '../../../platform/processing/sweep-every.js';
import { ReadySmsPhones } from '../persistence/ready-sms-phones.js';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Removes any diner's number kept longer than a day (decision 033), at start and every hour: a number whose order
 * never reached an event that forgets it (an order paid and never marked ready, a processor parked on its event).
 * One statement; safe on any number of instances at once.
 */
@Injectable()
export class ReadySmsSweep implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ReadySmsSweep');
  private stopSweeps = () => {};

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly phones: ReadySmsPhones,
  ) {}

  onModuleInit(): void {
    this.stopSweeps = sweepEvery(
      this.database,
      {
        name: 'ready-sms-sweep',
        everyMs: SWEEP_EVERY_MS,
        logger: this.logger,
        what: 'ready SMS sweep',
        first: 'await',
      },
      async () => {
        const removed = await this.phones.sweep();
        if (removed > 0) this.logger.log(`forgot ${removed} ready SMS numbers kept longer than a day`);
      },
    );
  }

  onApplicationShutdown(): void {
    this.stopSweeps();
  }
}
