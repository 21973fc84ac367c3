import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventActor } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { InvoiceLinks } from '../../invoicing/index.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../payments/index.js';
import type { PlacedOrder } from '../domain/order.decider.js';
import { viewOfRefund } from '../domain/part-refunds.js';
import type { RefundState } from '../domain/refunds.js';
import { OrderStore } from '../persistence/order-store.js';
import { CreditDocuments } from './credit-documents.js';
import { writeRefund } from './refund-log.js';

/** Where a refund's credit document stands after the owner asked for it again. */
export interface CreditOutcome {
  refundId: string;
  credit: 'issued' | 'failed' | 'retrying';
  failureReason: string | null;
}

export class RetryCreditCommand {
  constructor(
    readonly businessPhone: string,
    readonly orderId: string,
    readonly refundId: string,
    readonly actor: EventActor,
    readonly correlationId: string,
  ) {}
}

const outcomeOf = (refund: RefundState): CreditOutcome => ({
  refundId: refund.refundId,
  credit: refund.credit ?? 'failed',
  failureReason: refund.credit === 'failed' ? (refund.creditFailureReason ?? null) : null,
});

/**
 * The owner's "make the credit document again" for a refund whose provider's credit document failed (Cardcom refused
 * CreateDocument, was unreachable, or the terminal had no password yet). `CreditRetryRequested` is recorded first, so
 * of concurrent clicks one asks the provider and the others see it in flight: Cardcom's CreateDocument has no key of
 * ours, so asking twice could make two documents. Its answer is recorded as `CreditIssued` or `CreditFailed` (which
 * may be asked for again). A retry whose answer was lost (a crash in between) stays in flight, like a Cardcom refund
 * whose answer was lost (decision 024): a person checks Cardcom's panel.
 */
@CommandHandler(RetryCreditCommand)
export class RetryCreditHandler implements ICommandHandler<RetryCreditCommand, CreditOutcome> {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly orders: OrderStore,
    private readonly links: InvoiceLinks,
    private readonly credits: CreditDocuments,
  ) {}

  async execute({
    businessPhone,
    orderId,
    refundId,
    actor,
    correlationId,
  }: RetryCreditCommand): Promise<CreditOutcome> {
    const current = await this.orders.load(orderId);
    if (!current.state.placed || current.state.businessPhone !== businessPhone) throw new AppError('order.not_found');
    const known = current.state.refunds.find((r) => r.refundId === refundId);
    if (!known) throw new AppError('refund.not_found');
    if (known.credit === 'issued' || known.credit === 'retrying') return outcomeOf(known);
    // The terminal first: a business terminal not set up refuses before anything is recorded.
    // A payer's part of a shared bill: its own page's terminal and its own document (decision 056).
    const terminal = await this.credits.terminalOf(viewOfRefund(current.state, refundId));
    const now = new Date().toISOString();
    const asked = await writeRefund(`the credit retry of refund ${refundId}`, () =>
      this.orders.execute(
        orderId,
        { type: 'RequestCreditRetry', data: { refundId, now } },
        { correlationId, actor, occurredAt: now },
        { known: current },
      ),
    );
    const refund = (asked.state as PlacedOrder).refunds.find((r) => r.refundId === refundId)!;
    // Another click or console recorded its ask first: that one asks the provider.
    if (!asked.events.some((event) => event.type === 'CreditRetryRequested')) return outcomeOf(refund);

    const order = viewOfRefund(asked.state as PlacedOrder, refundId);
    const providerCredit = (await this.credits.providerCredit(
      order,
      refund,
      refund.providerRefundId ?? '',
      terminal,
    )) ?? {
      status: 'failed' as const,
      reason: `${this.provider.name} makes no credit documents`,
    };
    const seller = await this.credits.sellerNow(order.businessPhone);
    const answeredAt = new Date().toISOString();
    const stored = await writeRefund(`the credit document of refund ${refundId}`, () =>
      this.orders.execute(
        orderId,
        {
          type: 'RecordCreditRetry',
          data: {
            refundId,
            creditUrl: this.links.creditUrlFor(orderId, refundId),
            seller,
            providerCredit,
            now: answeredAt,
          },
        },
        { correlationId, actor: { kind: 'system', id: `payments:${this.provider.name}` }, occurredAt: answeredAt },
        { known: { state: asked.state, version: asked.version } },
      ),
    );
    return outcomeOf((stored.state as PlacedOrder).refunds.find((r) => r.refundId === refundId)!);
  }
}
