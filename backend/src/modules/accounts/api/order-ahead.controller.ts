import { Controller, Get, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type ApiSuccess, type OrderAheadSettings, orderAheadSettingsSchema, success } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { ChooseOrderAheadCommand } from '../application/choose-order-ahead.handler.js';
import { BusinessReader } from '../projections/business.reader.js';

/**
 * `GET` and `PUT /api/business/order-ahead` (settings, issue 33): whether diners may order for a pickup time today,
 * and the slots' length, orders per slot, least time ahead, last pickup before closing and the kitchen's estimate.
 * Its own switch, for a pickup café or a table café that also takes pickup orders (decision 050).
 */
@Controller('api/business')
@UseGuards(OwnerGuard)
@Permission('settings.edit')
export class OrderAheadController {
  constructor(
    private readonly commands: CommandBus,
    private readonly businesses: BusinessReader,
  ) {}

  @Get('order-ahead')
  @Permission('settings.read')
  async read(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OrderAheadSettings>> {
    return success(await this.current(owner));
  }

  @Put('order-ahead')
  async choose(
    @BodyOf(orderAheadSettingsSchema) settings: Parsed<typeof orderAheadSettingsSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OrderAheadSettings>> {
    await this.commands.execute(new ChooseOrderAheadCommand(owner.phone, settings, context));
    return success(await this.current(owner));
  }

  private async current(owner: OwnerPrincipal): Promise<OrderAheadSettings> {
    const settings = await this.businesses.orderAheadOf(owner.phone);
    // The guard saw the business a moment ago: its absence is a closed account.
    if (!settings) throw new AppError('auth.unauthenticated');
    return settings;
  }
}
