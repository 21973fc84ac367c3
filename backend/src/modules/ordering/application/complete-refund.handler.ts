import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '../../../platform/http/app-error.js';
import { InvoiceLinks } from '../../invoicing/index.js';
import {
  PAYMENT_PROVIDER,
  PaymentProviderError,
  type PaymentProvider,
  type RefundResult,
} from '../../payments/index.js';
import type { PlacedOrder } from '../domain/order.decider.js';
import type { RefundState } from '../domain/refunds.js';
import { viewOfRefund } from '../domain/part-refunds.js';
import { OrderStore, type LoadedOrder } from '../persistence/order-store.js';
import { CreditDocuments } from './credit-documents.js';
import { writeRefund } from './refund-log.js';
import { REFUND_ELSEWHERE_HE } from './refund-messages.js';

/** Where a refund stands after an attempt: `requested` while the provider's answer is unknown. */
export interface RefundOutcome {
  refundId: string;
  amountAgorot: number;
  status: RefundState['status'];
  failureReason: string | null;
}

export class CompleteRefundCommand {
  constructor(
    readonly orderId: string,
    readonly refundId: string,
    readonly correlationId: string,
    /** The order as the caller just stored it (one query saved). */
    readonly known?: LoadedOrder,
  ) {}
}

export const refundOutcome = (refund: RefundState): RefundOutcome => ({
  refundId: refund.refundId,
  amountAgorot: refund.amountAgorot,
  status: refund.status,
  failureReason: refund.failureReason,
});

/**
 * Asks the provider for a refund already recorded as requested (`RefundRequested` is in the log before any money
 * moves) and records its answer: `OrderRefunded` or `RefundFailed`. The refund id is the provider's key, so the
 * request's own path, the owner's retry and the recovery sweep may all complete the same refund: the provider answers
 * the first refund again (the sandbox) and the decider records an answer once. When the provider cannot be reached
 * the refund stays requested; nothing is recorded that did not happen.
 */
@CommandHandler(CompleteRefundCommand)
export class CompleteRefundHandler implements ICommandHandler<CompleteRefundCommand, RefundOutcome> {
  private readonly logger = new Logger('Refunds');

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly orders: OrderStore,
    private readonly links: InvoiceLinks,
    private readonly credits: CreditDocuments,
  ) {}

  async execute({ orderId, refundId, correlationId, known }: CompleteRefundCommand): Promise<RefundOutcome> {
    const current = known ?? (await this.orders.load(orderId));
    if (!current.state.placed) throw new AppError('order.not_found');
    // A refund of a shared bill paid in parts goes back on the payment it is made against (decision 056).
    const order = viewOfRefund(current.state, refundId);
    const refund = order.refunds.find((r) => r.refundId === refundId);
    if (!refund) throw new AppError('refund.not_found');
    if (refund.status !== 'requested') return refundOutcome(refund);
    if (order.payment.provider !== this.provider.name || !order.payment.transactionId || !order.payment.lowProfileId) {
      throw new AppError('payment.provider_failed', { message: REFUND_ELSEWHERE_HE });
    }

    let result: RefundResult;
    const terminal = await this.credits.terminalOf(order);
    try {
      result = await this.provider.refund({
        refundId,
        lowProfileId: order.payment.lowProfileId,
        transactionId: order.payment.transactionId,
        amountAgorot: refund.amountAgorot,
        paidAgorot: order.totalAgorot,
        followsAnother: order.refunds.some((r) => r.refundId !== refundId && r.status !== 'failed'),
        terminal,
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      // Unknown outcome: the refund stays requested (its amount held) until an answer is recorded.
      this.logger.warn(`refund ${refundId} of order ${orderId}: ${error.message}`);
      return refundOutcome(refund);
    }

    const seller = await this.credits.sellerNow(order.businessPhone);
    const providerCredit =
      result.status === 'refunded'
        ? await this.credits.providerCredit(order, refund, result.providerRefundId, terminal)
        : undefined;
    const now = new Date().toISOString();
    const stored = await writeRefund(`the answer of refund ${refundId}`, () =>
      this.orders.execute(
        orderId,
        result.status === 'refunded'
          ? {
              type: 'RecordRefund',
              data: {
                refundId,
                provider: this.provider.name,
                providerRefundId: result.providerRefundId,
                amountAgorot: result.amountAgorot,
                creditUrl: this.links.creditUrlFor(orderId, refundId),
                seller,
                providerCredit,
                now,
              },
            }
          : {
              type: 'RecordRefundFailure',
              data: { refundId, responseCode: result.responseCode, reason: result.reason, now },
            },
        { correlationId, actor: { kind: 'system', id: `payments:${this.provider.name}` }, occurredAt: now },
        { known: current },
      ),
    );
    const after = (stored.state as PlacedOrder).refunds.find((r) => r.refundId === refundId)!;
    return refundOutcome(after);
  }
}
