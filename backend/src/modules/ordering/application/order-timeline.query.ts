import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { orderStreamId, type OrderEventData, type OrderTimeline } from '@tafrit/contracts';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { ActorNames } from '../../team/index.js';
import { timelineOf } from '../domain/timeline.js';

/** One order's steps with who and when (issue 31), for the console and the report. */
export class OrderTimelineQuery {
  constructor(
    readonly businessPhone: string,
    readonly orderId: string,
  ) {}
}

/**
 * Read from the order's own stream, so every step is there as it was recorded, with the role it was done with; names
 * come from the team (a removed person's too). Another business's order is the same 404 as an unknown one.
 */
@QueryHandler(OrderTimelineQuery)
export class OrderTimelineHandler implements IQueryHandler<OrderTimelineQuery, OrderTimeline> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly names: ActorNames,
  ) {}

  async execute({ businessPhone, orderId }: OrderTimelineQuery): Promise<OrderTimeline> {
    const { events } = await this.store.readStream(orderStreamId(orderId));
    const placed = events.find((event) => event.type === 'OrderPlaced')?.data as
      OrderEventData['OrderPlaced'] | undefined;
    if (!placed || placed.businessPhone !== businessPhone) throw new AppError('order.not_found');
    const entries = timelineOf(events);
    const actors = await this.names.viewsOf(
      businessPhone,
      entries.map((entry) => entry.actor),
    );
    return {
      orderId,
      orderNumber: placed.orderNumber,
      test: placed.test === true,
      steps: entries.map((entry, index) => ({ ...entry, actor: actors[index]! })),
    };
  }
}
