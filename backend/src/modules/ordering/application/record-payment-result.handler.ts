import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessReader } from '../../accounts/index.js';
import { InvoiceLinks } from '../../invoicing/index.js';
import { PAYMENT_PROVIDER, type PaymentProvider, type TerminalChoice } from '../../payments/index.js';
import { upcastOrderState, type OrderState, type Seller } from '../domain/order.decider.js';
import { PaymentMismatchError } from '../domain/order.errors.js';
import { sellerNow } from '../domain/seller.js';
import { OrderStore, type LoadedOrder } from '../persistence/order-store.js';
import { RecentOrders } from '../persistence/recent-orders.js';
import { terminalChoiceOf } from './payment-page-request.js';
import { orderSnapshotSql } from '../projections/order-snapshot.js';

export type RecordedOutcome = 'paid' | 'failed' | 'pending';

export class RecordPaymentResultCommand {
  constructor(
    readonly lowProfileId: string,
    readonly correlationId: string,
  ) {}
}

interface PageRow {
  order_id: string;
  provider: string;
  terminal: 'business' | 'platform';
  business_id: string;
  state: OrderState | null;
  stream_version: number;
}

/** Payments recorded by this process, kept for the repeats that follow (see `recorded`). */
const RECORDED_KEPT = 10_000;

const PAGE = preparedStatement<PageRow>(
  'payment_page_with_order',
  `select p.order_id, p.provider, p.terminal, o.business_id, ${orderSnapshotSql('o')} as state, o.stream_version
     from payment_pages p join orders o on o.id = p.order_id where p.low_profile_id = $1`,
);

/**
 * The one path every payment result takes (Cardcom's webhook, the sandbox page after a card, the thank-you page's
 * check): find the page we opened (with its order's state, one query), ask the provider itself for the result,
 * compare it with the order and record it. `OrderPaid` commits with its tax invoice and its kitchen slip
 * (decision 015). Replayed, duplicated, concurrent or out-of-order calls decide nothing new: the aggregate knows the
 * payment's state.
 */
@CommandHandler(RecordPaymentResultCommand)
export class RecordPaymentResultHandler implements ICommandHandler<RecordPaymentResultCommand, RecordedOutcome> {
  private readonly logger = new Logger('PaymentResults');
  /**
   * Pages whose payment this process recorded (or found recorded): the order and the provider's transaction. A paid
   * order stays paid with that transaction, and the same verdict again decides nothing, so a repeat (Cardcom retrying
   * its webhook, the sandbox's webhook after its own card post) still asks the provider but not the database. Any
   * other verdict takes the whole path.
   */
  private readonly recorded = new Map<string, { orderId: string; transactionId: string; terminal: TerminalChoice }>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly orders: OrderStore,
    private readonly recent: RecentOrders,
    private readonly links: InvoiceLinks,
    private readonly businesses: BusinessReader,
  ) {}

  async execute({ lowProfileId, correlationId }: RecordPaymentResultCommand): Promise<RecordedOutcome> {
    const known = this.recorded.get(lowProfileId);
    if (known) {
      const again = await this.provider.getResult(lowProfileId, known.terminal);
      if (
        again.status === 'paid' &&
        again.transactionId === known.transactionId &&
        (again.returnValue === null || again.returnValue === known.orderId)
      ) {
        return 'paid';
      }
    }
    const page = await this.pageOf(lowProfileId);
    if (!page) throw new AppError('payment.unknown');
    if (page.provider !== this.provider.name) {
      throw new AppError('payment.unknown', { message: `page of provider ${page.provider} is not ours to verify` });
    }

    const terminal = await terminalChoiceOf(this.businesses, page.terminal, page.business_id);
    const result = await this.provider.getResult(lowProfileId, terminal);
    if (result.status === 'unknown') throw new AppError('payment.unknown');
    if (result.returnValue !== null && result.returnValue !== page.order_id) {
      this.logger.error(`payment page ${lowProfileId} returned ${result.returnValue}, expected ${page.order_id}`);
      throw new AppError('payment.verification_failed');
    }
    if (result.status === 'pending') return 'pending';

    const current: LoadedOrder | undefined = page.state
      ? { state: upcastOrderState(page.state), version: Number(page.stream_version) }
      : undefined;
    const now = new Date().toISOString();
    const command =
      result.status === 'paid'
        ? ({
            type: 'RecordPayment',
            data: {
              provider: this.provider.name,
              lowProfileId,
              transactionId: result.transactionId,
              approvalNumber: result.approvalNumber,
              last4: result.last4,
              brand: result.brand,
              amountAgorot: result.amountAgorot,
              document: result.document,
              method: result.method,
              invoiceUrl: this.invoiceUrlOf(page.order_id, lowProfileId, current),
              seller: await this.sellerIfUnknown(page, current),
              now,
            },
          } as const)
        : ({
            type: 'RecordPaymentFailure',
            data: {
              provider: this.provider.name,
              lowProfileId,
              responseCode: result.responseCode,
              reason: result.reason,
              now,
            },
          } as const);
    try {
      await this.orders.execute(
        page.order_id,
        command,
        { correlationId, actor: { kind: 'system', id: `payments:${this.provider.name}` }, occurredAt: now },
        { known: current },
      );
      if (result.status === 'paid') this.remember(lowProfileId, page.order_id, result.transactionId, terminal);
    } catch (error) {
      if (error instanceof PaymentMismatchError) {
        // Money moved that does not match the order: loud in the logs, and nothing recorded.
        this.logger.error(`payment ${lowProfileId} for order ${page.order_id} refused: ${error.message}`);
        throw new AppError('payment.verification_failed');
      }
      throw error;
    }
    return result.status;
  }

  /**
   * The page with its order's state: from what this process remembers of the pages it opened and the orders it
   * wrote (no query; the append still checks the version), else in one query.
   */
  private async pageOf(lowProfileId: string): Promise<PageRow | undefined> {
    const known = this.recent.page(lowProfileId);
    const order = known && this.recent.get(known.orderId);
    if (known && order) {
      return {
        order_id: known.orderId,
        provider: known.provider,
        terminal: known.terminal,
        business_id: known.businessPhone,
        state: order.state,
        stream_version: order.version,
      };
    }
    const [page] = await this.database.run(PAGE, [lowProfileId]);
    return page;
  }

  /** The document's link: the order's, or, for a payer's part of a shared bill (issue 34), that part's own. */
  private invoiceUrlOf(orderId: string, lowProfileId: string, known: LoadedOrder | undefined): string {
    const part = known?.state.placed ? known.state.parts?.find((one) => one.lowProfileId === lowProfileId) : undefined;
    return part ? this.links.partUrlFor(orderId, part.partId) : this.links.urlFor(orderId);
  }

  private remember(lowProfileId: string, orderId: string, transactionId: string, terminal: TerminalChoice): void {
    if (this.recorded.size >= RECORDED_KEPT) this.recorded.delete(this.recorded.keys().next().value!);
    this.recorded.set(lowProfileId, { orderId, transactionId, terminal });
  }

  /**
   * An order placed before its seller was recorded with it (or whose snapshot is not loaded yet) names the business
   * as it is now on its invoice; every newer order carries its seller and costs no query here.
   */
  private async sellerIfUnknown(page: PageRow, known: LoadedOrder | undefined): Promise<Seller | null | undefined> {
    if (known?.state.placed && known.state.seller) return undefined;
    const business = await this.businesses.detailsOf(page.business_id);
    return business ? sellerNow(business) : null;
  }
}
