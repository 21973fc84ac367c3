import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { preparedStatement } from '../../../platform/database/prepared-statement.js';
import {
  type PaymentOrders,
  PaymentOrdersPort,
  type RecordedPaymentOutcome,
  sandboxHoldPageFacts,
  sandboxPageFacts,
  type SandboxPageFacts,
} from '../../payments/index.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessReader } from '../../accounts/index.js';
import { TabHolds } from '../persistence/tab-holds.js';
import { RecordTabHoldResultCommand } from './tab/record-tab-hold.handler.js';
import type { OrderState } from '../domain/order.decider.js';
import { paymentPageAddresses } from './payment-page-request.js';
import { RecordPaymentResultCommand } from './record-payment-result.handler.js';
import { orderSnapshotSql } from '../projections/order-snapshot.js';

const PAGE_ORDER = preparedStatement<{ state: OrderState | null }>(
  'sandbox_page_order',
  `select ${orderSnapshotSql('o')} as state from payment_pages p join orders o on o.id = p.order_id
    where p.low_profile_id = $1 and p.provider = 'sandbox'`,
);

/**
 * Ordering's side of payments' port: payments' webhook and sandbox page reach the orders through it, connected when the
 * module starts (payments may not import ordering, which uses payments' provider).
 */
@Injectable()
export class OrderingPaymentOrders implements PaymentOrders, OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandBus,
    private readonly port: PaymentOrdersPort,
    private readonly holds: TabHolds,
    private readonly businesses: BusinessReader,
  ) {}

  onModuleInit(): void {
    this.port.connect(this);
  }

  /**
   * The same verification as a webhook: the order learns the result from the provider, never from the caller. A page
   * no order opened may be a table tab's card hold (decision 058): its verdict goes to the tab.
   */
  async recordResult(lowProfileId: string, correlationId: string): Promise<RecordedPaymentOutcome> {
    try {
      return await this.commands.execute(new RecordPaymentResultCommand(lowProfileId, correlationId));
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'payment.unknown')) throw error;
      if (!(await this.holds.byPage(lowProfileId))) throw error;
      return this.commands.execute(new RecordTabHoldResultCommand(lowProfileId, correlationId));
    }
  }

  /**
   * A sandbox page's facts worked out again from its order (decision 015): the page has no row until a card is tried,
   * and the process that opened it keeps them in memory, so this is asked only after a restart or on another
   * instance. None for a page that is not a sandbox page of ours, or an order too old to hold its seller (those pages
   * got their row when they opened).
   */
  async sandboxPageFacts(lowProfileId: string): Promise<SandboxPageFacts | null> {
    const [row] = await this.database.run(PAGE_ORDER, [lowProfileId]);
    const state = row?.state;
    if (!row) return this.holdPageFacts(lowProfileId);
    if (!state?.placed || !state.seller) return null;
    return sandboxPageFacts({
      orderId: state.orderId,
      orderNumber: state.orderNumber,
      amountAgorot: state.totalAgorot,
      businessName: state.seller.name,
      ...paymentPageAddresses(this.config, state.departmentId),
      // Google Pay's button is known only to the process that opened the page (the order does not record it).
      method: state.payment.pages.find((page) => page.lowProfileId === lowProfileId)?.method ?? 'card',
    });
  }

  /** A tab's hold page worked out again from its row (decision 058); none for a page that is not a hold of ours. */
  private async holdPageFacts(lowProfileId: string): Promise<SandboxPageFacts | null> {
    const hold = await this.holds.byPage(lowProfileId);
    if (!hold || hold.provider !== 'sandbox') return null;
    const business = await this.businesses.byPhone(hold.businessPhone);
    return sandboxHoldPageFacts({
      orderId: hold.cartId,
      orderNumber: hold.tableNumber,
      holdAgorot: hold.holdAgorot,
      successUrl: hold.successUrl,
      failedUrl: hold.failedUrl,
      webhookUrl: paymentPageAddresses(this.config, business?.departmentId ?? '').webhookUrl,
      businessName: business?.businessName ?? '',
    });
  }
}
