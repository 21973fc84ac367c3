import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { type ApiSuccess, type LiveOrdersAnswer, success, type TestPrintAnswer } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { LiveOrdersQuery } from '../application/live-orders.query.js';
import { SlipDelivery } from '../application/slip-delivery.service.js';

/**
 * The owner's live console (`/orders`): today's paid orders and printing a slip again. The kitchen's steps and declining
 * are ordering's commands, under the same path (`ordering/api/kitchen.controller.ts`).
 */
@Controller('api/live-orders')
@UseGuards(OwnerGuard)
@Permission('orders.live')
export class LiveOrdersController {
  constructor(
    private readonly live: LiveOrdersQuery,
    private readonly delivery: SlipDelivery,
  ) {}

  @Get()
  async today(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<LiveOrdersAnswer>> {
    return success(await this.live.today(owner.phone));
  }

  @Post(':orderId/reprint')
  @HttpCode(200)
  async reprint(
    // Any malformed id is the same 404 as an unknown one.
    @Param('orderId', new ParseUUIDPipe({ exceptionFactory: () => new AppError('order.not_found') })) orderId: string,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<TestPrintAnswer>> {
    return success(await this.delivery.reprint(owner.phone, orderId));
  }
}
