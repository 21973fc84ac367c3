import { Controller, Get, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type ApiSuccess, type PaymentOptions, paymentOptionsSchema, success } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { ChoosePaymentOptionsCommand } from '../application/choose-payment-options.handler.js';
import { BusinessReader } from '../projections/business.reader.js';

/**
 * `GET` and `PUT /api/business/payment-options` (settings, issue 17): the optional tip, Bit and Google Pay, each off
 * until the owner turns it on (decision 027).
 */
@Controller('api/business')
@UseGuards(OwnerGuard)
@Permission('settings.edit')
export class PaymentOptionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly businesses: BusinessReader,
  ) {}

  @Get('payment-options')
  @Permission('settings.read')
  async read(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<PaymentOptions>> {
    return success(await this.current(owner));
  }

  @Put('payment-options')
  async choose(
    @BodyOf(paymentOptionsSchema, { absentAsEmpty: true }) options: Parsed<typeof paymentOptionsSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<PaymentOptions>> {
    await this.commands.execute(new ChoosePaymentOptionsCommand(owner.phone, options, context));
    return success(await this.current(owner));
  }

  private async current(owner: OwnerPrincipal): Promise<PaymentOptions> {
    const business = await this.businesses.byPhone(owner.phone);
    // The guard saw the business a moment ago: its absence is a closed account.
    if (!business || business.closedAt) throw new AppError('auth.unauthenticated');
    return business.paymentOptions;
  }
}
