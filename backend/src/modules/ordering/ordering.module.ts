import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { OptionalOwner } from '../../platform/auth/guards.js';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store.port.js';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { ProcessorRunner } from '../../platform/processing/processor-runner.js';
import { SMS_SENDER, type SmsSender } from '../../platform/sms/sms.port.js';
import { CreatePaymentController } from './api/create-payment.controller.js';
import { DinerOrdersController } from './api/diner-orders.controller.js';
import { DinerSessions } from './api/diner-session.js';
import { PaymentWebhookController } from './api/payment-webhook.controller.js';
import { SandboxPageController } from './api/sandbox-page.controller.js';
import { CheckoutService } from './application/checkout.service.js';
import { DinerOrders } from './application/diner-orders.query.js';
import { PaymentResults } from './application/payment-results.service.js';
import { PlaceOrderHandler } from './application/place-order.handler.js';
import { OrderExpiry } from './processors/order-expiry.js';
import { receiptSmsProcessor } from './processors/receipt-sms.processor.js';
import { slipQueueProcessor } from './processors/slip-queue.processor.js';
import { ordersProjection } from './projections/orders.projection.js';

/**
 * Orders and payments: the event-sourced `order-{id}` aggregate, the `orders` read model (inline, so the thank-you
 * page and the webhook read their own writes), checkout, the payment webhook, the sandbox card page, the diner's
 * order calls and the expiry of unpaid orders.
 */
@Module({
  controllers: [CreatePaymentController, PaymentWebhookController, SandboxPageController, DinerOrdersController],
  providers: [
    PlaceOrderHandler,
    CheckoutService,
    PaymentResults,
    DinerOrders,
    DinerSessions,
    OptionalOwner,
    OrderExpiry,
  ],
  exports: [PaymentResults, OrderExpiry],
})
export class OrderingModule implements OnModuleInit {
  constructor(
    private readonly projections: InlineProjectionRegistry,
    private readonly runner: ProcessorRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {}

  onModuleInit(): void {
    this.projections.register(ordersProjection);
    // Side effects of a payment follow the log from their own checkpoints (decision 005).
    this.runner.register(receiptSmsProcessor({ store: this.store, sms: this.sms }));
    this.runner.register(slipQueueProcessor({ store: this.store }));
  }
}
