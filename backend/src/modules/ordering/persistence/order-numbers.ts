import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';

/** `$2` numbers of the business's order sequence at once, in the order they were taken. */
const NUMBERS = preparedStatement<{ n: number }>(
  'order_numbers',
  'select next_order_number($1) as n from generate_series(1, $2::int) order by 1',
);

/** A block holds about a quarter of a second's worth of the business's checkouts... */
const BLOCK_FRACTION_OF_RATE = 4;
/** ...once it takes at least this many a second; below, one number at a time. */
const BLOCKS_FROM_RATE = 16;
const BLOCK_AT_MOST = 64;
/** Businesses whose blocks are kept at most (past it, it starts over). */
const BLOCKS_KEPT = 10_000;

/** The order numbers a business took from its sequence and has not handed out yet, and how fast it takes them. */
class NumberBlock {
  private readonly numbers: number[] = [];
  private fetching: Promise<void> | undefined;
  private waiting = 0;
  private second = 0;
  private takenThisSecond = 0;
  private takenLastSecond = 0;

  constructor(private readonly fetch: (count: number) => Promise<number[]>) {}

  async take(): Promise<number> {
    this.count();
    const ready = this.numbers.shift();
    if (ready !== undefined) return ready;
    // Checkouts that arrive while a block is being taken wait for it; one that finds it spent takes the next, for
    // itself and every checkout waiting then (so a burst costs one query, not one each).
    this.waiting++;
    try {
      for (;;) {
        this.fetching ??= this.fetch(Math.max(this.size(), this.waiting))
          .then((numbers) => {
            if (numbers.length === 0) throw new Error('the order number sequence gave no number');
            this.numbers.push(...numbers);
          })
          .finally(() => {
            this.fetching = undefined;
          });
        await this.fetching;
        const next = this.numbers.shift();
        if (next !== undefined) return next;
      }
    } finally {
      this.waiting--;
    }
  }

  /**
   * One number at a time while the business takes fewer than `BLOCKS_FROM_RATE` a second (so its numbers stay in
   * step with the sequence, as when every checkout took its own, and a burst leaves no number behind), else a quarter
   * of a second's worth: a restart leaves at most that gap in its numbers.
   */
  private size(): number {
    const rate = Math.max(this.takenThisSecond, this.takenLastSecond);
    if (rate < BLOCKS_FROM_RATE) return 1;
    return Math.min(BLOCK_AT_MOST, Math.floor(rate / BLOCK_FRACTION_OF_RATE));
  }

  private count(): void {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.second) {
      this.takenLastSecond = second === this.second + 1 ? this.takenThisSecond : 0;
      this.takenThisSecond = 0;
      this.second = second;
    }
    this.takenThisSecond++;
  }
}

/**
 * Each business's order numbers, from its own PostgreSQL sequence (`next_order_number`, migration 20261125000000).
 * A checkout takes its number before the order is stored, so the payment page can be opened first; a checkout
 * refused after it leaves a gap: order numbers need not be gapless (decision 015).
 *
 * With one instance (no REDIS_URL) a business that takes many numbers takes them in blocks (`NumberBlock`), so a
 * checkout usually needs no query. With several, every checkout takes its own, so the numbers of all instances keep
 * the order the checkouts came in.
 */
@Injectable()
export class OrderNumbers {
  private readonly blocks = new Map<string, NumberBlock>();
  private readonly inBlocks: boolean;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.inBlocks = !config.redisUrl;
  }

  /** The business's next order number. */
  async take(businessPhone: string): Promise<number> {
    if (!this.inBlocks) return (await this.fetch(businessPhone, 1))[0]!;
    let block = this.blocks.get(businessPhone);
    if (!block) {
      if (this.blocks.size >= BLOCKS_KEPT) this.blocks.clear();
      block = new NumberBlock((count) => this.fetch(businessPhone, count));
      this.blocks.set(businessPhone, block);
    }
    return block.take();
  }

  private async fetch(businessPhone: string, count: number): Promise<number[]> {
    return (await this.database.run(NUMBERS, [businessPhone, count])).map((row) => Number(row.n));
  }
}
