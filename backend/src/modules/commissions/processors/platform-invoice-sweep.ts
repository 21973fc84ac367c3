import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { israelMonthOf, type MonthString } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { sweepEvery } from '../../../platform/processing/sweep-every.js';
import { type DocumentRequest, IssuePlatformDocumentCommand } from '../application/platform-invoice-commands.js';

const SWEEP_EVERY_MS = 10 * 60_000;
const BATCH = 500;

/**
 * Issues the platform's commission invoices once a month has ended in Israel, and the credit documents refunds call
 * for afterwards (decision 025): at start and every ten minutes it finds every business and ended month whose
 * commission has no invoice yet, or is now below what its invoice and credits say, and sends the command for each.
 * Any instance may sweep: the command decides each document once and numbers it in its own transaction.
 */
@Injectable()
export class PlatformInvoiceSweep implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('PlatformInvoiceSweep');
  private stopSweeps = () => {};

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    this.stopSweeps = sweepEvery(
      this.database,
      {
        name: 'platform-invoice-sweep',
        everyMs: SWEEP_EVERY_MS,
        logger: this.logger,
        what: 'platform invoice sweep',
        first: 'start',
      },
      () => this.sweep(),
    );
  }

  onApplicationShutdown(): void {
    this.stopSweeps();
  }

  /** Every document due now, or only those of `month`; answers how many were issued. */
  async sweep(now = new Date(), month?: MonthString, actor: DocumentRequest['actor'] = { kind: 'system' }) {
    const rows = await query<{ business_id: string; month: MonthString }>(
      this.database.em(),
      `select m.business_id, m.month from monthly_commissions m
         left join lateral (
           select bool_or(d.kind = 'invoice') as issued,
                  sum(case when d.kind = 'invoice' then d.total else -d.total end) as invoiced
             from platform_documents d where d.business_id = m.business_id and d.month = m.month
         ) d on true
        where m.month < ? and (?::text is null or m.month = ?::text)
          and (case when coalesce(d.issued, false) then d.invoiced > m.total_commission - m.refunded_commission
                    else m.total_commission - m.refunded_commission > 0 end)
        order by m.month, m.business_id
        limit ?`,
      [israelMonthOf(now), month ?? null, month ?? null, BATCH],
    );
    let issued = 0;
    for (const row of rows) {
      const request = { now, correlationId: `platform-invoice:${row.business_id}:${row.month}`, actor };
      const done = await this.commands.execute<IssuePlatformDocumentCommand, boolean>(
        new IssuePlatformDocumentCommand(row.business_id, row.month, request),
      );
      if (done) issued++;
    }
    return issued;
  }
}
