import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { israelDateOf, type MonthString } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { sweepEvery } from '../../../platform/processing/sweep-every.js';
import { ALLOCATION_NUMBERS_FOR, type AllocationNumbersFor } from '../../invoicing/index.js';
import {
  DecidePlatformAllocationCommand,
  type PlatformAllocationDecision,
} from '../application/platform-allocation.handler.js';
import type { DocumentRequest } from '../application/platform-invoice-commands.js';

const SWEEP_EVERY_MS = 60_000;
const BATCH = 100;

export type PlatformAskOutcome = 'allocated' | 'refused' | 'issued_without' | 'still_waiting';

interface Waiting {
  business_id: string;
  month: MonthString;
  invoice_number: number;
  seller_dealer_number: string;
  buyer_tax_id: string;
  business_name: string;
  total_agorot: string;
  before_vat_agorot: string;
  decided_at: Date | string;
  issue_without_by: Date | string;
}

/**
 * Asks the Tax Authority, under the platform's own grant, for the allocation numbers of the platform's commission
 * invoices that need one (decision 049), as ordering's asker does for the cafés' documents: every minute over
 * `platform_allocation_waits` (the monthly invoices are issued by a sweep, so a minute is soon enough), then once more
 * at the end of the wait, after which the invoice goes out without a number. A refused one waits for the
 * administrator. The request's key is the invoice's stream, so asking again is the same request.
 */
@Injectable()
export class PlatformInvoiceAllocation implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('PlatformInvoiceAllocation');
  private stopSweeps = () => {};

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly commands: CommandBus,
    @Inject(ALLOCATION_NUMBERS_FOR) private readonly numbers: AllocationNumbersFor,
  ) {}

  onModuleInit(): void {
    this.stopSweeps = sweepEvery(
      this.database,
      {
        name: 'platform-invoice-allocation',
        everyMs: SWEEP_EVERY_MS,
        logger: this.logger,
        what: 'platform allocation sweep',
      },
      () => this.sweep(),
    );
  }

  onApplicationShutdown(): void {
    this.stopSweeps();
  }

  /** Every invoice waiting (not refused) at `now`, asked about; keyed `phone/month`. */
  async sweep(now = new Date()): Promise<Map<string, PlatformAskOutcome>> {
    const rows = await query<Waiting>(
      this.database.em(),
      `select business_id, month, invoice_number, seller_dealer_number, buyer_tax_id, business_name,
              (total * 100)::bigint::text as total_agorot, (before_vat * 100)::bigint::text as before_vat_agorot,
              decided_at, issue_without_by
         from platform_allocation_waits where refusal is null order by decided_at limit ?`,
      [BATCH],
    );
    const outcomes = new Map<string, PlatformAskOutcome>();
    for (const row of rows) outcomes.set(`${row.business_id}/${row.month}`, await this.ask(row, now));
    return outcomes;
  }

  private async ask(row: Waiting, now: Date): Promise<PlatformAskOutcome> {
    const total = Number(row.total_agorot);
    const beforeVat = Number(row.before_vat_agorot);
    const decidedAt = new Date(row.decided_at).toISOString();
    const answer = await this.numbers.of('platform').request({
      invoiceId: `platform-${row.business_id}-${row.month}`.slice(0, 50),
      sellerDealerNumber: row.seller_dealer_number,
      buyerTaxId: row.buyer_tax_id,
      buyerName: row.business_name,
      // The platform's commission invoice is a tax invoice (305).
      documentType: 305,
      documentNumber: String(row.invoice_number),
      issueDate: israelDateOf(decidedAt),
      amountBeforeVatAgorot: beforeVat,
      vatAgorot: total - beforeVat,
      totalAgorot: total,
    });
    const request: DocumentRequest = {
      now,
      correlationId: `platform-invoice:${row.business_id}:${row.month}`,
      actor: { kind: 'system' },
    };
    const decide = (decision: PlatformAllocationDecision) =>
      this.commands.execute(new DecidePlatformAllocationCommand(row.business_id, row.month, decision, request));
    const at = now.toISOString();
    if (answer.kind === 'granted') {
      const { number, confirmationNumber } = answer;
      await decide({
        type: 'IssueAllocatedPlatformInvoice',
        now: at,
        allocation: { number, source: 'tax_authority', confirmationNumber },
      });
      return 'allocated';
    }
    if (answer.kind === 'refused') {
      this.logger.warn(`the Tax Authority refused ${row.business_id} ${row.month}: ${answer.code} ${answer.reason}`);
      await decide({ type: 'RecordPlatformAllocationRefusal', now: at, code: answer.code, reason: answer.reason });
      return 'refused';
    }
    if (now.getTime() < new Date(row.issue_without_by).getTime()) return 'still_waiting';
    await decide({
      type: 'IssuePlatformInvoiceWithoutAllocation',
      now: at,
      without: { why: 'no_answer', cause: answer.cause },
    });
    return 'issued_without';
  }
}
