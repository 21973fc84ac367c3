import { Controller, Get, Param, ParseUUIDPipe, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type ApiSuccess, type OrderTimeline, success } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { OrderTimelineQuery } from '../application/order-timeline.query.js';

/** Any malformed id is the same 404 as an unknown one (and as another business's order). */
const orderIdPipe = () => new ParseUUIDPipe({ exceptionFactory: () => new AppError('order.not_found') });

/**
 * An order's timeline (issue 31): who accepted, refunded, declined it and when. Two routes, one answer, because a
 * route declares one permission and the two jobs that read it share none: the kitchen has the live orders
 * (`orders.live`) and not the reports, the accountant the reports (`reports.read`) and not the live orders. Both live
 * under paths of their own screens, clear of the diner's `GET /api/orders/{departmentId}/{orderNumber}`.
 */
@Controller('api')
@UseGuards(OwnerGuard)
export class OrderTimelineController {
  constructor(private readonly queries: QueryBus) {}

  /** The live console's order card. */
  @Get('live-orders/:orderId/timeline')
  @Permission('orders.live')
  live(
    @Param('orderId', orderIdPipe()) orderId: string,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OrderTimeline>> {
    return this.timeline(owner, orderId);
  }

  /** The monthly report's order row. */
  @Get('reports/orders/:orderId/timeline')
  @Permission('reports.read')
  report(
    @Param('orderId', orderIdPipe()) orderId: string,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OrderTimeline>> {
    return this.timeline(owner, orderId);
  }

  private async timeline(owner: OwnerPrincipal, orderId: string): Promise<ApiSuccess<OrderTimeline>> {
    return success(
      await this.queries.execute<OrderTimelineQuery, OrderTimeline>(new OrderTimelineQuery(owner.phone, orderId)),
    );
  }
}
