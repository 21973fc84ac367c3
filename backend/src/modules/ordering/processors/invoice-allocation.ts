import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { israelDateOf } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { sweepEvery } from '../../../platform/processing/sweep-every.js';
import type { CommandMetadata } from '../../../platform/event-store/aggregate.js';
import type { Processor } from '../../../platform/processing/processor.js';
import { ALLOCATION_NUMBERS_FOR, type AllocationNumbersFor } from '../../invoicing/index.js';
import { DecideAllocationCommand } from '../application/decide-allocation.handler.js';
import type { AllocationCommand } from '../domain/allocation.js';
import { OrderStore } from '../persistence/order-store.js';

export const INVOICE_ALLOCATION = 'invoice-allocation';
/** Waiting documents are asked about again this often, and issued without a number once their wait is over. */
const SWEEP_EVERY_MS = 60_000;
const BATCH = 100;

/** What one ask came to; the tests and the sweep's log read it. */
export type AskOutcome = 'allocated' | 'refused' | 'issued_without' | 'still_waiting' | 'not_waiting';

/**
 * Asks the Tax Authority for the allocation number of our documents that need one (decision 049), under the
 * business's own grant: at once when the payment's `InvoiceAwaitingAllocation` is read from the log, then every
 * minute while no answer came (an outage, a grant to renew), and once more at the end of the wait, after which the
 * document is issued without a number. The request carries the order's id as its key, so asking again (a second
 * instance, a retry) is the same request. The aggregate decides what an answer does: one that comes for an issued
 * document changes nothing.
 */
@Injectable()
export class InvoiceAllocation implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('InvoiceAllocation');
  private stopSweeps = () => {};
  /** Orders asked about right now in this process: the reactor and the sweep never ask twice at once. */
  private readonly asking = new Set<string>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly commands: CommandBus,
    private readonly orders: OrderStore,
    @Inject(ALLOCATION_NUMBERS_FOR) private readonly numbers: AllocationNumbersFor,
  ) {}

  onModuleInit(): void {
    this.stopSweeps = sweepEvery(
      this.database,
      { name: INVOICE_ALLOCATION, everyMs: SWEEP_EVERY_MS, logger: this.logger, what: 'allocation sweep' },
      async () => {
        const outcomes = await this.sweep();
        const issued = [...outcomes.values()].filter((outcome) => outcome !== 'still_waiting').length;
        if (issued > 0) this.logger.log(`${issued} documents waiting for an allocation number moved on`);
      },
    );
  }

  onApplicationShutdown(): void {
    this.stopSweeps();
  }

  /** The log's side: the document's first ask, right after the payment that decided it. */
  processor(): Processor {
    return {
      name: INVOICE_ALLOCATION,
      handles: ['InvoiceAwaitingAllocation'],
      mode: 'reactor',
      handle: async (event) => {
        await this.ask((event.data as { orderId: string }).orderId, new Date(), event.metadata.correlationId);
      },
    };
  }

  /** Every document still waiting at `now`: asked again, or issued without a number if its wait is over. */
  async sweep(now = new Date()): Promise<Map<string, AskOutcome>> {
    const due = await query<{ id: string }>(
      this.database.em(),
      `select id from orders where invoice_status = 'awaiting_allocation' order by created_at limit ?`,
      [BATCH],
    );
    const outcomes = new Map<string, AskOutcome>();
    for (const { id } of due) outcomes.set(id, await this.ask(id, now));
    return outcomes;
  }

  async ask(orderId: string, now = new Date(), correlationId = `allocation-${orderId}`): Promise<AskOutcome> {
    if (this.asking.has(orderId)) return 'still_waiting';
    this.asking.add(orderId);
    try {
      return await this.askOnce(orderId, now, correlationId);
    } finally {
      this.asking.delete(orderId);
    }
  }

  private async askOnce(orderId: string, now: Date, correlationId: string): Promise<AskOutcome> {
    const { state } = await this.orders.load(orderId);
    if (!state.placed || state.invoice !== 'awaiting_allocation' || !state.awaitingInvoice) return 'not_waiting';
    const document = state.awaitingInvoice;
    const answer = await this.numbers.of({ businessPhone: state.businessPhone }).request({
      invoiceId: orderId,
      sellerDealerNumber: document.seller.dealerNumber,
      buyerTaxId: document.buyer.taxId,
      buyerName: document.buyer.name,
      // Our document is a tax invoice-receipt (320); the tip is outside it, as outside VAT (decision 027).
      documentType: 320,
      documentNumber: state.invoiceNumber!,
      issueDate: israelDateOf(document.awaitingSince),
      amountBeforeVatAgorot: document.beforeVatAgorot,
      vatAgorot: document.vatAgorot,
      totalAgorot: document.beforeVatAgorot + document.vatAgorot,
    });
    const at = now.toISOString();
    const decide = (decision: AllocationCommand) =>
      this.commands.execute(new DecideAllocationCommand(orderId, decision, this.metadata(correlationId, at)));
    if (answer.kind === 'granted') {
      const { number, confirmationNumber } = answer;
      await decide({
        type: 'IssueAllocatedInvoice',
        data: { now: at, allocation: { number, source: 'tax_authority', confirmationNumber } },
      });
      return 'allocated';
    }
    if (answer.kind === 'refused') {
      this.logger.warn(
        `the Tax Authority refused order ${orderId}'s allocation number: ${answer.code} ${answer.reason}`,
      );
      await decide({ type: 'RecordAllocationRefusal', data: { now: at, code: answer.code, reason: answer.reason } });
      return 'refused';
    }
    if (now.getTime() < Date.parse(document.issueWithoutBy)) return 'still_waiting';
    // The wait is over and the last ask got no answer either: issued without a number, the buyer told on it.
    await decide({
      type: 'IssueInvoiceWithoutAllocation',
      data: { now: at, why: 'no_answer', cause: answer.cause },
    });
    return 'issued_without';
  }

  private metadata(correlationId: string, occurredAt: string): CommandMetadata {
    return { correlationId, actor: { kind: 'system', id: INVOICE_ALLOCATION }, occurredAt };
  }
}
