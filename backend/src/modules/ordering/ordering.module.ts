import { Module, type OnModuleInit } from '@nestjs/common';
import { OptionalOwner } from '../../platform/auth/guards.js';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
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
  constructor(private readonly projections: InlineProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(ordersProjection);
  }
}
