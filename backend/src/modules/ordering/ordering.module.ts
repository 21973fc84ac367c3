import { Module, type OnModuleInit } from '@nestjs/common';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { ordersProjection } from './projections/orders.projection.js';

/**
 * Orders and payments: the event-sourced `order-{id}` aggregate, the `orders` read model (inline, so the thank-you
 * page and the webhook read their own writes), checkout, the payment webhook and the diner's order calls.
 */
@Module({
  controllers: [],
  providers: [],
})
export class OrderingModule implements OnModuleInit {
  constructor(private readonly projections: InlineProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(ordersProjection);
  }
}
