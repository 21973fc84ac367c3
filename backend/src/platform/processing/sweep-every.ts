import type { Logger } from '@nestjs/common';
import type { Database } from '../database/database.js';
import { isDatabaseTransientError } from '../database/database-errors.js';

export interface SweepSchedule {
  /** The start-up step's name (`Database.onFirstReady`). */
  name: string;
  everyMs: number;
  logger: Logger;
  /** What failed, in the log's words: "expiry sweep" logs "expiry sweep failed: …". */
  what: string;
  /** Also once as soon as the database is ready: `await` holds the start until it is done, `start` does not. */
  first?: 'await' | 'start';
}

/**
 * The timer of the work that time, not an event, triggers (an unpaid order expiring, an order for later turning due,
 * a month's invoices): once the database is first ready, `sweep` runs every `everyMs`, never two at once (a slow one
 * makes the next tick skip, not pile up), and never holding the process open. A moment without the database is not
 * an error (the next sweep catches up); anything else is logged and the timer goes on. Answers the stop, for
 * `onApplicationShutdown`. The sweeps themselves take the clock as an argument, so tests call them with a moved one.
 */
export function sweepEvery(database: Database, schedule: SweepSchedule, sweep: () => Promise<unknown>): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = false;
  const quietly = async (): Promise<void> => {
    if (running || stopped) return;
    running = true;
    try {
      await sweep();
    } catch (error) {
      if (!isDatabaseTransientError(error)) schedule.logger.error(`${schedule.what} failed: ${String(error)}`);
    } finally {
      running = false;
    }
  };
  database.onFirstReady(schedule.name, async () => {
    if (stopped) return;
    if (schedule.first === 'await') await quietly();
    if (schedule.first === 'start') void quietly();
    timer = setInterval(() => void quietly(), schedule.everyMs);
    timer.unref();
  });
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
