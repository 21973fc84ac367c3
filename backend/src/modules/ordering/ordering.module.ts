import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { OptionalOwner } from '../../platform/auth/guards.js';
import { DATABASE } from '../../platform/database/database.module.js';
import type { Database } from '../../platform/database/database.js';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { ProcessorRunner } from '../../platform/processing/processor-runner.js';
import { SecretBox } from '../../platform/secrets/secret-box.js';
import { SMS_SENDER, type SmsSender } from '../../platform/sms/sms.port.js';
import { BusinessReader } from '../accounts/index.js';
import { InvoicingModule } from '../invoicing/index.js';
import { MenuModule, PickupSlotCounts } from '../menu/index.js';
import { CreatePaymentController } from './api/create-payment.controller.js';
import { DinerOrdersController } from './api/diner-orders.controller.js';
import { DinerSessions } from '../../platform/http/diner-sessions.js';
import { KitchenController } from './api/kitchen.controller.js';
import { OrderTimelineController } from './api/order-timeline.controller.js';
import { OwnerRefundsController } from './api/owner-refunds.controller.js';
import { OwnerTestOrdersController } from './api/owner-test-orders.controller.js';
import { PlaceTestOrderHandler } from './application/place-test-order.handler.js';
import { TestOrdersReader } from './projections/test-orders.reader.js';
import { ReadySmsController } from './api/ready-sms.controller.js';
import { CheckoutService } from './application/checkout.service.js';
import { TableCheckout } from './application/table-checkout.js';
import { TablePayment } from './application/table-payment.service.js';
import { OpenPartPageHandler } from './application/open-part-page.handler.js';
import { CheckoutMenuReader } from './application/checkout-menu.reader.js';
import { OrderNumbers } from './persistence/order-numbers.js';
import { CompleteRefundHandler } from './application/complete-refund.handler.js';
import { CreditDocuments } from './application/credit-documents.js';
import { RetryCreditHandler } from './application/retry-credit.handler.js';
import { RequestRefundHandler } from './application/request-refund.handler.js';
import { DinerOrders } from './application/diner-orders.query.js';
import { ExpireOrderHandler } from './application/expire-order.handler.js';
import { MoveKitchenStepHandler } from './application/kitchen-step.handler.js';
import { OpenPaymentPageHandler } from './application/open-payment-page.handler.js';
import { PlaceOrderHandler } from './application/place-order.handler.js';
import { RecordPaymentResultHandler } from './application/record-payment-result.handler.js';
import { RecordReceiptSmsHandler } from './application/record-receipt-sms.handler.js';
import { RecordReadySmsHandler, RequestReadySmsHandler } from './application/request-ready-sms.handler.js';
import { RecordSlipOutcomeHandler } from './application/record-slip-outcome.handler.js';
import { OrderChanges } from './persistence/order-changes.js';
import { OrderStore } from './persistence/order-store.js';
import { RecentOrders } from './persistence/recent-orders.js';
import { ReadySmsPhones } from './persistence/ready-sms-phones.js';
import { PromoUses } from './persistence/promo-uses.js';
import { CheckoutPromos } from './application/checkout-promos.js';
import { PromoCheckHandler } from './application/promo-check.query.js';
import { PromoCheckController } from './api/promo-check.controller.js';
import { PromotionsModule } from '../promotions/index.js';
import { TablesModule } from '../tables/index.js';
import { PickupSlots } from './persistence/pickup-slots.js';
import { OrderingPaymentOrders } from './application/payment-orders.adapter.js';
import { OrderingActivityOrders } from './application/activity-orders.adapter.js';
import { OrderTimelineHandler } from './application/order-timeline.query.js';
import { OrderExpiry } from './processors/order-expiry.js';
import { OrderDueSweep } from './processors/order-due.js';
import { TabHolds } from './persistence/tab-holds.js';
import { OpenTabHoldHandler } from './application/tab/open-tab-hold.handler.js';
import { RecordTabHoldResultHandler } from './application/tab/record-tab-hold.handler.js';
import { SendTabRoundHandler } from './application/tab/send-tab-round.handler.js';
import { StartTabRoundHandler } from './application/tab/start-tab-round.handler.js';
import { ChargeTabHandler } from './application/tab/charge-tab.handler.js';
import { PlaceTabBillHandler } from './application/tab/place-tab-bill.handler.js';
import { TabSweep } from './processors/tab-sweep.js';
import { tabRoundsProcessor } from './processors/tab-holds.processor.js';
import { DinerTabController } from './api/diner-tab.controller.js';
import { MarkOrderDueHandler } from './application/mark-order-due.handler.js';
import { InvoiceAllocation } from './processors/invoice-allocation.js';
import { OwnerAllocationController } from './api/owner-allocation.controller.js';
import { DecideAllocationHandler } from './application/decide-allocation.handler.js';
import { RefundRecovery } from './processors/refund-recovery.js';
import { autoAcceptProcessor } from './processors/auto-accept.processor.js';
import { overpaidPartsProcessor } from './processors/overpaid-parts.processor.js';
import { receiptSmsProcessor } from './processors/receipt-sms.processor.js';
import { readySmsProcessor } from './processors/ready-sms.processor.js';
import { ReadySmsSweep } from './processors/ready-sms-sweep.js';
import { ordersProjection } from './projections/orders.projection.js';

/**
 * Orders and payments: the event-sourced `order-{id}` aggregate with its one write path (OrderStore, decision 015),
 * the `orders` read model written with each command, checkout, the payment webhook, the sandbox card page, the
 * diner's order calls (with the thank-you page's pushed answer), the kitchen's steps, the slip's outcome, the receipt
 * SMS, the diner's ready SMS, the automatic acceptance of new orders, the expiry of unpaid orders, the owner's test orders (decision 034), and refunds (with the recovery of refunds whose answer was lost).
 */
@Module({
  imports: [MenuModule, InvoicingModule, PromotionsModule, TablesModule],
  controllers: [
    CreatePaymentController,
    PromoCheckController,
    DinerOrdersController,
    OwnerRefundsController,
    OwnerAllocationController,
    OwnerTestOrdersController,
    ReadySmsController,
    KitchenController,
    OrderTimelineController,
    DinerTabController,
  ],
  providers: [
    OrderStore,
    OrderChanges,
    RecentOrders,
    OrderingPaymentOrders,
    // Who did what (issue 31): the order's timeline, and the order numbers of the team's activity page.
    OrderTimelineHandler,
    OrderingActivityOrders,
    PlaceOrderHandler,
    PlaceTestOrderHandler,
    TestOrdersReader,
    OpenPaymentPageHandler,
    RecordPaymentResultHandler,
    ExpireOrderHandler,
    MoveKitchenStepHandler,
    RecordSlipOutcomeHandler,
    RecordReceiptSmsHandler,
    RequestReadySmsHandler,
    RecordReadySmsHandler,
    ReadySmsPhones,
    // Pay at the end (issue 34, part 3, decision 058): the tab's card hold and its rounds.
    TabHolds,
    OpenTabHoldHandler,
    RecordTabHoldResultHandler,
    SendTabRoundHandler,
    StartTabRoundHandler,
    ChargeTabHandler,
    PlaceTabBillHandler,
    TabSweep,
    PromoUses,
    CheckoutPromos,
    PromoCheckHandler,
    PickupSlots,
    ReadySmsSweep,
    // Stateless (the configured keys): ordering seals its diners' numbers with the same keys as accounts' secrets.
    SecretBox,
    RequestRefundHandler,
    CompleteRefundHandler,
    CreditDocuments,
    RetryCreditHandler,
    CheckoutService,
    TableCheckout,
    TablePayment,
    OpenPartPageHandler,
    CheckoutMenuReader,
    OrderNumbers,
    DinerOrders,
    DinerSessions,
    OptionalOwner,
    OrderExpiry,
    OrderDueSweep,
    MarkOrderDueHandler,
    RefundRecovery,
    // Allocation numbers for our documents that need one (decision 049).
    DecideAllocationHandler,
    InvoiceAllocation,
  ],
  exports: [OrderExpiry, OrderDueSweep, RefundRecovery, InvoiceAllocation, OrderStore, DinerOrders, TestOrdersReader],
})
export class OrderingModule implements OnModuleInit {
  constructor(
    private readonly projections: InlineProjectionRegistry,
    private readonly runner: ProcessorRunner,
    private readonly orders: OrderStore,
    private readonly commands: CommandBus,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    private readonly businesses: BusinessReader,
    private readonly phones: ReadySmsPhones,
    private readonly holds: TabHolds,
    private readonly allocation: InvoiceAllocation,
    private readonly pickupSlots: PickupSlots,
    private readonly slotCounts: PickupSlotCounts,
  ) {}

  onModuleInit(): void {
    // The public menu's pickup slots read their places from ordering's counts (issue 33, decision 050).
    this.slotCounts.connect((phone, from, to) => this.pickupSlots.takenBetween(phone, from, to));
    // The row of each order is written by its commands (OrderStore); this projection writes the same row when the
    // log is outside PostgreSQL and in a rebuild.
    this.projections.register(ordersProjection);
    // The receipt SMS follows the log from its own checkpoint (decision 005); the invoice and the slip commit with
    // the payment (decision 015).
    this.runner.register(
      receiptSmsProcessor({
        database: this.database,
        orders: this.orders,
        sms: this.sms,
        commands: this.commands,
        businesses: this.businesses,
      }),
    );
    // A shared bill's part charged above the bill goes back on its own charge (decision 056).
    this.runner.register(overpaidPartsProcessor({ commands: this.commands }));
    // A tab's round to the kitchen, and the held card's token forgotten when the tab ends (decision 058).
    this.runner.register(tabRoundsProcessor({ commands: this.commands, holds: this.holds }));
    // The owner's "accept new orders automatically" (decision 032), through the kitchen's own command.
    this.runner.register(
      autoAcceptProcessor({ businesses: this.businesses, orders: this.orders, commands: this.commands }),
    );
    // The diner's one SMS when the order is ready, and the forgetting of its number (decision 033).
    this.runner.register(
      readySmsProcessor({
        database: this.database,
        orders: this.orders,
        phones: this.phones,
        sms: this.sms,
        commands: this.commands,
      }),
    );
    // A document that needs an allocation number is asked about as soon as its payment is read (decision 049).
    this.runner.register(this.allocation.processor());
  }
}
