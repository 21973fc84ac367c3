import { randomUUID } from 'node:crypto';
import { Controller, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type ApiSuccess, declineOrderSchema, kitchenStepSchema, type LiveOrder, success } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { MoveKitchenStepCommand } from '../application/kitchen-step.handler.js';
import { LiveOrderQuery } from '../application/live-order.query.js';
import { RequestRefundCommand } from '../application/request-refund.handler.js';

/** Any malformed id is the same 404 as an unknown one. */
const orderIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new AppError('order.not_found') });

/**
 * The kitchen's buttons on the owner's live console (`/orders`): a step and declining are the order's commands; the
 * console is answered with the order as its live list shows it (printing's, through `LiveOrderQuery`).
 */
@Controller('api/live-orders')
@UseGuards(OwnerGuard)
@Permission('orders.live')
export class KitchenController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post(':orderId/status')
  @HttpCode(200)
  async move(
    @Param('orderId', orderIdPipe) orderId: string,
    @BodyOf(kitchenStepSchema) { status, readyInMinutes }: Parsed<typeof kitchenStepSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() { actor, correlationId }: OwnerCommandContext,
  ): Promise<ApiSuccess<LiveOrder>> {
    await this.commands.execute(
      new MoveKitchenStepCommand(owner.phone, orderId, status, actor, correlationId, readyInMinutes),
    );
    return success(await this.liveOrder(owner.phone, orderId));
  }

  /** The café declines a new paid order (a dish ran out): cancelled on every console and refunded whole (issue 17). */
  @Post(':orderId/decline')
  @HttpCode(200)
  async decline(
    @Param('orderId', orderIdPipe) orderId: string,
    @BodyOf(declineOrderSchema) { reason, refundId }: Parsed<typeof declineOrderSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() { actor, correlationId }: OwnerCommandContext,
  ): Promise<ApiSuccess<LiveOrder>> {
    await this.commands.execute(
      new RequestRefundCommand(
        owner.phone,
        orderId,
        { refundId: refundId ?? randomUUID(), reason },
        actor,
        correlationId,
        true,
      ),
    );
    return success(await this.liveOrder(owner.phone, orderId));
  }

  private liveOrder(businessPhone: string, orderId: string): Promise<LiveOrder> {
    return this.queries.execute<LiveOrderQuery, LiveOrder>(new LiveOrderQuery(businessPhone, orderId));
  }
}
