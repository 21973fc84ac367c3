import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessEntity, BusinessSecrets } from '../../accounts/index.js';
import { InvoiceLinks } from '../../invoicing/index.js';
import {
  PAYMENT_PROVIDER,
  PaymentProviderError,
  type CreditDocumentRequest,
  type PaymentProvider,
  type RefundResult,
  type TerminalChoice,
} from '../../payments/index.js';
import type { PlacedOrder, Seller } from '../domain/order.decider.js';
import { refundsOf, type ProviderCredit, type RefundState } from '../domain/refunds.js';
import { OrderStore, type LoadedOrder } from '../persistence/order-store.js';
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

const PAGE_TERMINAL = preparedStatement<{ terminal: 'business' | 'platform' }>(
  'refund_page_terminal',
  'select terminal from payment_pages where low_profile_id = $1',
);

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
    @Inject(DATABASE) private readonly database: Database,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly orders: OrderStore,
    private readonly links: InvoiceLinks,
    private readonly secrets: BusinessSecrets,
  ) {}

  async execute({ orderId, refundId, correlationId, known }: CompleteRefundCommand): Promise<RefundOutcome> {
    const current = known ?? (await this.orders.load(orderId));
    if (!current.state.placed) throw new AppError('order.not_found');
    const order = current.state;
    const refund = refundsOf(order).find((r) => r.refundId === refundId);
    if (!refund) throw new AppError('refund.not_found');
    if (refund.status !== 'requested') return refundOutcome(refund);
    if (order.payment.provider !== this.provider.name || !order.payment.transactionId || !order.payment.lowProfileId) {
      throw new AppError('payment.provider_failed', { message: REFUND_ELSEWHERE_HE });
    }

    let result: RefundResult;
    const terminal = await this.terminalOf(order);
    try {
      result = await this.provider.refund({
        refundId,
        lowProfileId: order.payment.lowProfileId,
        transactionId: order.payment.transactionId,
        amountAgorot: refund.amountAgorot,
        paidAgorot: order.totalAgorot,
        followsAnother: refundsOf(order).some((r) => r.refundId !== refundId && r.status !== 'failed'),
        terminal,
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      // Unknown outcome: the refund stays requested (its amount held) until an answer is recorded.
      this.logger.warn(`refund ${refundId} of order ${orderId}: ${error.message}`);
      return refundOutcome(refund);
    }

    const business = await this.database.em().findOne(BusinessEntity, { phone: order.businessPhone });
    const providerCredit =
      result.status === 'refunded'
        ? await this.providerCredit(order, refund, result.providerRefundId, terminal)
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
                seller: business ? sellerNow(business) : null,
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
    const after = refundsOf(stored.state as PlacedOrder).find((r) => r.refundId === refundId)!;
    return refundOutcome(after);
  }

  /**
   * The provider's credit document, when the order's invoice was the provider's and the provider makes documents
   * (Cardcom). Any failure becomes the reason `CreditFailed` records: the refund itself is done and is recorded.
   */
  private async providerCredit(
    order: PlacedOrder,
    refund: RefundState,
    refundTransactionId: string,
    terminal: TerminalChoice,
  ): Promise<ProviderCredit | undefined> {
    const source = order.invoiceSource ?? (order.invoiceUrl?.startsWith('/api/') ? 'platform' : 'provider');
    if (order.invoice !== 'generated' || source !== 'provider') return undefined;
    if (!this.provider.createCreditDocument) {
      return { status: 'failed', reason: `${this.provider.name} makes no credit documents` };
    }
    const request: CreditDocumentRequest = {
      refundId: refund.refundId,
      orderNumber: order.orderNumber,
      originalDocumentNumber: order.invoiceNumber,
      refundTransactionId,
      amountAgorot: refund.amountAgorot,
      lines: creditLines(order, refund),
      customerName: order.customerName,
      terminal,
    };
    try {
      return await this.provider.createCreditDocument(request);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      this.logger.warn(`credit document of refund ${refund.refundId}: ${error.message}`);
      return { status: 'failed', reason: error.message.slice(0, 300) };
    }
  }

  /** The terminal that charged: the platform's, or the business's own with its stored (decrypted) ApiPassword. */
  private async terminalOf(order: PlacedOrder): Promise<TerminalChoice> {
    const [page] = await this.database.run(PAGE_TERMINAL, [order.payment.lowProfileId]);
    if (!page || page.terminal === 'platform') return { owner: 'platform', credentials: null };
    const business = await this.database.em().findOne(BusinessEntity, { phone: order.businessPhone });
    if (!business?.cardcomTerminalNumber || !business.cardcomApiName) {
      throw new AppError('payment.provider_failed', { message: 'מסוף הסליקה של העסק אינו מוגדר עוד' });
    }
    // No password stored: the provider refuses before calling Cardcom and the refund stays requested.
    const apiPassword = await this.secrets.cardcomApiPassword(order.businessPhone);
    return {
      owner: 'business',
      credentials: {
        terminalNumber: business.cardcomTerminalNumber,
        apiName: business.cardcomApiName,
        ...(apiPassword ? { apiPassword } : {}),
      },
    };
  }
}

const sellerNow = (business: {
  businessName: string;
  idNumber: string;
  receiptPhone?: string | null;
  phone: string;
  street?: string | null;
  city?: string | null;
}): Seller => ({
  name: business.businessName,
  dealerNumber: business.idNumber,
  receiptPhone: business.receiptPhone ?? null,
  phone: business.phone,
  street: business.street ?? null,
  city: business.city ?? null,
});

/** The refunded lines at the price they were sold for, or one line for an amount. */
function creditLines(order: PlacedOrder, refund: RefundState): CreditDocumentRequest['lines'] {
  const lines = refund.lines
    ?.map((line) => ({ sold: order.lines[line.index], quantity: line.quantity }))
    .filter((line) => line.sold !== undefined)
    .map(({ sold, quantity }) => ({ description: sold!.name, unitPriceAgorot: sold!.unitPriceAgorot, quantity }));
  if (lines && lines.length > 0) return lines;
  return [{ description: `החזר, הזמנה #${order.orderNumber}`, unitPriceAgorot: refund.amountAgorot, quantity: 1 }];
}
