import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RefundLine } from '@tafrit/contracts';
import type { EventActor } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/index.js';
import type { PlacedOrder } from '../domain/order.decider.js';
import { OrderStore } from '../persistence/order-store.js';
import { CompleteRefundCommand, refundOutcome, type RefundOutcome } from './complete-refund.handler.js';
import { writeRefund } from './refund-log.js';
import { REFUND_ELSEWHERE_HE } from './refund-messages.js';

export interface RefundAsked {
  refundId: string;
  amountAgorot?: number;
  lines?: RefundLine[];
  reason: string;
  /** The payer's part of a shared bill it is made against (issue 34). */
  partId?: string;
}

export class RequestRefundCommand {
  constructor(
    readonly businessPhone: string,
    readonly orderId: string,
    readonly refund: RefundAsked,
    readonly actor: EventActor,
    readonly correlationId: string,
    /** Declining a new order: cancel it and refund it whole in one step. */
    readonly decline = false,
  ) {}
}

/**
 * The owner's refund (or decline): records `RefundRequested` (the decider refuses an unpaid, expired or fully
 * refunded order, and more than remains), then asks the provider. Another business's order is the same 404 as an
 * unknown one. A repeat of the same refund id (a double click, a retried request) records nothing new and asks the
 * provider again only when the provider answers a repeated key with the first refund; else it reports where the
 * refund stands.
 */
@CommandHandler(RequestRefundCommand)
export class RequestRefundHandler implements ICommandHandler<RequestRefundCommand, RefundOutcome> {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly orders: OrderStore,
    private readonly commands: CommandBus,
  ) {}

  async execute({
    businessPhone,
    orderId,
    refund,
    actor,
    correlationId,
    decline,
  }: RequestRefundCommand): Promise<RefundOutcome> {
    const current = await this.orders.load(orderId);
    if (!current.state.placed || current.state.businessPhone !== businessPhone) throw new AppError('order.not_found');
    const { payment } = current.state;
    // A charge another provider made (the sandbox's, after a switch to Cardcom) cannot be refunded here: refused
    // before a request is recorded, so no amount is held by a refund nobody can complete.
    if (payment.status === 'paid' && payment.provider !== this.provider.name) {
      throw new AppError('payment.provider_failed', { message: REFUND_ELSEWHERE_HE });
    }
    const now = new Date().toISOString();
    const { refundId, reason } = refund;
    const stored = await writeRefund(`the request of refund ${refundId}`, () =>
      this.orders.execute(
        orderId,
        decline
          ? { type: 'DeclineOrder', data: { refundId, reason, now } }
          : { type: 'RequestRefund', data: { ...refund, now } },
        { correlationId, actor, occurredAt: now },
        { known: current },
      ),
    );
    const recorded = (stored.state as PlacedOrder).refunds.find((r) => r.refundId === refundId);
    // A decline of an order already refunded in full cancels it without a refund of its own.
    if (!recorded) return { refundId, amountAgorot: 0, status: 'refunded', failureReason: null };
    const asked = stored.events.some((e) => e.type === 'RefundRequested');
    if (recorded.status !== 'requested' || (!asked && !this.provider.refundsIdempotent)) return refundOutcome(recorded);
    // A declined bill paid in parts asked for each payer's payment back (decision 056): the others are asked for too,
    // each on its own charge; the answer is the first's (the rest are in the report, and the sweep completes any).
    const others = stored.events
      .filter((e) => e.type === 'RefundRequested' && (e.data as { refundId: string }).refundId !== refundId)
      .map((e) => (e.data as { refundId: string }).refundId);
    const outcome = await this.commands.execute<CompleteRefundCommand, RefundOutcome>(
      new CompleteRefundCommand(orderId, refundId, correlationId, { state: stored.state, version: stored.version }),
    );
    for (const other of others) {
      await this.commands.execute(new CompleteRefundCommand(orderId, other, correlationId));
    }
    return outcome;
  }
}
