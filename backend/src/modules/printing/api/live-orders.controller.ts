import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Req, UseGuards } from '@nestjs/common';
import {
  type ApiSuccess,
  declineOrderSchema,
  kitchenStepSchema,
  type LiveOrder,
  type LiveOrdersAnswer,
  success,
  type TestPrintAnswer,
} from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { commandContextOf, CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { parseWith } from '../../../platform/http/parse.js';
import { KitchenSteps } from '../application/kitchen-steps.service.js';
import { LiveOrdersQuery } from '../application/live-orders.query.js';
import { SlipDelivery } from '../application/slip-delivery.service.js';

/** Any malformed id is the same 404 as an unknown one. */
const orderIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new AppError('order.not_found') });

/** The owner's live console (`/orders`): today's paid orders, the kitchen's steps, declining, printing a slip again. */
@Controller('api/live-orders')
@UseGuards(OwnerGuard)
export class LiveOrdersController {
  constructor(
    private readonly live: LiveOrdersQuery,
    private readonly kitchen: KitchenSteps,
    private readonly delivery: SlipDelivery,
  ) {}

  @Get()
  async today(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<LiveOrdersAnswer>> {
    return success(await this.live.today(owner.phone));
  }

  @Post(':orderId/status')
  @HttpCode(200)
  async move(
    @Param('orderId', orderIdPipe) orderId: string,
    @Body() body: unknown,
    @CurrentOwner() owner: OwnerPrincipal,
    @Req() request: FastifyRequest,
  ): Promise<ApiSuccess<LiveOrder>> {
    const step = parseWith(kitchenStepSchema, body);
    return success(await this.kitchen.move(owner.phone, orderId, step, commandContextOf(owner, request)));
  }

  /** The café declines a new paid order: cancelled on every console and refunded whole (issue 17). */
  @Post(':orderId/decline')
  @HttpCode(200)
  async decline(
    @Param('orderId', orderIdPipe) orderId: string,
    @Body() body: unknown,
    @CurrentOwner() owner: OwnerPrincipal,
    @Req() request: FastifyRequest,
  ): Promise<ApiSuccess<LiveOrder>> {
    const input = parseWith(declineOrderSchema, body);
    return success(await this.kitchen.decline(owner.phone, orderId, input, commandContextOf(owner, request)));
  }

  @Post(':orderId/reprint')
  @HttpCode(200)
  async reprint(
    @Param('orderId', orderIdPipe) orderId: string,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<TestPrintAnswer>> {
    return success(await this.delivery.reprint(owner.phone, orderId));
  }
}
