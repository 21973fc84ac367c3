import { randomUUID } from 'node:crypto';
import { Controller, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  agorotToDecimalString,
  allocationChoiceSchema,
  success,
  type ApiSuccess,
  type AwaitingDocument,
  type AwaitingDocumentsAnswer,
} from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { validateManualAllocationNumber } from '../../invoicing/index.js';
import { DecideAllocationCommand } from '../application/decide-allocation.handler.js';
import { RequestRefundCommand } from '../application/request-refund.handler.js';
import type { AllocationCommand } from '../domain/allocation.js';
import type { PlacedOrder } from '../domain/order.decider.js';
import { OrderStore } from '../persistence/order-store.js';

const WAITING = ['awaiting_allocation', 'allocation_refused'] as const;

/**
 * The owner's documents waiting for an allocation number (decision 049): the list, and what the owner does about
 * one: a number typed from the Tax Authority's personal area (while waiting, or after a refusal), or a choice after
 * a refusal: issue without a number (the buyer is told on the document), or cancel the deal (the document is issued
 * without a number and the whole order refunded, which credits it).
 */
@Controller('api/orders')
@UseGuards(OwnerGuard)
export class OwnerAllocationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly orders: OrderStore,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  @Get('allocations')
  @Permission('reports.read')
  async list(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<AwaitingDocumentsAnswer>> {
    const rows = await query<{ id: string; order_number: number }>(
      this.database.em(),
      `select id, order_number from orders where business_id = ? and invoice_status in (?, ?)
        order by created_at limit 200`,
      [owner.phone, ...WAITING],
    );
    const documents: AwaitingDocument[] = [];
    for (const row of rows) {
      const { state } = await this.orders.load(row.id);
      if (!state.placed || !state.awaitingInvoice) continue;
      documents.push(awaitingDocumentOf(state, row.order_number));
    }
    return success({ documents });
  }

  @Post(':orderId/allocation')
  @HttpCode(200)
  @Permission('refunds')
  async decide(
    // Any malformed id is the same 404 as an unknown one (and as another business's order).
    @Param('orderId', new ParseUUIDPipe({ exceptionFactory: () => new AppError('order.not_found') })) orderId: string,
    @BodyOf(allocationChoiceSchema) input: Parsed<typeof allocationChoiceSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() { actor, correlationId }: OwnerCommandContext,
  ): Promise<ApiSuccess<{ invoiceStatus: PlacedOrder['invoice'] }>> {
    const { state } = await this.orders.load(orderId);
    if (!state.placed || state.businessPhone !== owner.phone) throw new AppError('order.not_found');
    const now = new Date().toISOString();
    const decision: AllocationCommand =
      input.choice === 'manual'
        ? {
            type: 'IssueAllocatedInvoice',
            data: {
              now,
              allocation: {
                number: validateManualAllocationNumber(input.allocationNumber),
                source: 'manual',
                enteredBy: actor.id,
              },
            },
          }
        : { type: 'IssueInvoiceWithoutAllocation', data: { now, why: 'refused', choice: input.choice } };
    if (state.invoice !== 'awaiting_allocation' && state.invoice !== 'allocation_refused') {
      throw new AppError('conflict');
    }
    if (input.choice !== 'manual' && state.invoice !== 'allocation_refused') throw new AppError('conflict');
    const metadata = { correlationId, actor, occurredAt: now };
    const after = await this.commands.execute<DecideAllocationCommand, PlacedOrder>(
      new DecideAllocationCommand(orderId, decision, metadata),
    );
    if (input.choice === 'cancel') {
      // The deal is cancelled: the whole order goes back to the payer, and the refund's credit document cancels the
      // document just issued. A refund that fails here is retried from the reports like any other.
      await this.commands.execute(
        new RequestRefundCommand(
          owner.phone,
          orderId,
          { refundId: randomUUID(), reason: 'העסקה בוטלה: רשות המסים סירבה למספר ההקצאה' },
          actor,
          correlationId,
        ),
      );
    }
    return success({ invoiceStatus: after.invoice });
  }
}

function awaitingDocumentOf(state: PlacedOrder, orderNumber: number): AwaitingDocument {
  const document = state.awaitingInvoice!;
  const refusal = state.allocationRefusal;
  return {
    orderId: state.orderId,
    orderNumber,
    invoiceNumber: state.invoiceNumber ?? '',
    status: state.invoice === 'allocation_refused' ? 'allocation_refused' : 'awaiting_allocation',
    buyer: { name: document.buyer.name, taxId: document.buyer.taxId },
    beforeVat: agorotToDecimalString(document.beforeVatAgorot),
    total: agorotToDecimalString(document.totalAgorot),
    awaitingSince: document.awaitingSince,
    issueWithoutBy: document.issueWithoutBy,
    refusal: refusal ? { code: refusal.code, reason: refusal.reason, refusedAt: refusal.refusedAt } : null,
  };
}
