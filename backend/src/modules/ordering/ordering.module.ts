import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { OptionalOwner } from '../../platform/auth/guards.js';
import { DATABASE } from '../../platform/database/database.module.js';
import type { Database } from '../../platform/database/database.js';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { ProcessorRunner } from '../../platform/processing/processor-runner.js';
import { SMS_SENDER, type SmsSender } from '../../platform/sms/sms.port.js';
import { InvoicingModule } from '../invoicing/index.js';
import { MenuModule } from '../menu/index.js';
import { CreatePaymentController } from './api/create-payment.controller.js';
import { DinerOrdersController } from './api/diner-orders.controller.js';
import { DinerSessions } from './api/diner-session.js';
import { OwnerRefundsController } from './api/owner-refunds.controller.js';
import { PaymentWebhookController } from './api/payment-webhook.controller.js';
import { SandboxPageController } from './api/sandbox-page.controller.js';
import { CheckoutService } from './application/checkout.service.js';
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
import { RecordSlipOutcomeHandler } from './application/record-slip-outcome.handler.js';
import { OrderChanges } from './persistence/order-changes.js';
import { OrderStore } from './persistence/order-store.js';
import { RecentOrders } from './persistence/recent-orders.js';
import { SandboxPageFactsReader } from './application/sandbox-page-facts.js';
import { OrderExpiry } from './processors/order-expiry.js';
import { RefundRecovery } from './processors/refund-recovery.js';
import { receiptSmsProcessor } from './processors/receipt-sms.processor.js';
import { ordersProjection } from './projections/orders.projection.js';

/**
 * Orders and payments: the event-sourced `order-{id}` aggregate with its one write path (OrderStore, decision 015),
 * the `orders` read model written with each command, checkout, the payment webhook, the sandbox card page, the
 * diner's order calls (with the thank-you page's pushed answer), the kitchen's steps, the slip's outcome, the receipt
 * SMS, the expiry of unpaid orders, and refunds (with the recovery of refunds whose answer was lost).
 */
@Module({
  imports: [MenuModule, InvoicingModule],
  controllers: [
    CreatePaymentController,
    PaymentWebhookController,
    SandboxPageController,
    DinerOrdersController,
    OwnerRefundsController,
  ],
  providers: [
    OrderStore,
    OrderChanges,
    RecentOrders,
    SandboxPageFactsReader,
    PlaceOrderHandler,
    OpenPaymentPageHandler,
    RecordPaymentResultHandler,
    ExpireOrderHandler,
    MoveKitchenStepHandler,
    RecordSlipOutcomeHandler,
    RecordReceiptSmsHandler,
    RequestRefundHandler,
    CompleteRefundHandler,
    CreditDocuments,
    RetryCreditHandler,
    CheckoutService,
    DinerOrders,
    DinerSessions,
    OptionalOwner,
    OrderExpiry,
    RefundRecovery,
  ],
  exports: [OrderExpiry, RefundRecovery, OrderStore],
})
export class OrderingModule implements OnModuleInit {
  constructor(
    private readonly projections: InlineProjectionRegistry,
    private readonly runner: ProcessorRunner,
    private readonly orders: OrderStore,
    private readonly commands: CommandBus,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {}

  onModuleInit(): void {
    // The row of each order is written by its commands (OrderStore); this projection writes the same row when the
    // log is outside PostgreSQL and in a rebuild.
    this.projections.register(ordersProjection);
    // The receipt SMS follows the log from its own checkpoint (decision 005); the invoice and the slip commit with
    // the payment (decision 015).
    this.runner.register(
      receiptSmsProcessor({ database: this.database, orders: this.orders, sms: this.sms, commands: this.commands }),
    );
  }
}
