import { Body, Controller, Get, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type ApiSuccess, type PaymentOptions, paymentOptionsSchema, success } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { actorOf, CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { parseWith } from '../../../platform/http/parse.js';
import { ChoosePaymentOptionsCommand } from '../application/choose-payment-options.handler.js';
import { BusinessReader } from '../projections/business.reader.js';

/**
 * `GET` and `PUT /api/business/payment-options` (settings, issue 17): the optional tip, Bit and Google Pay, each off
 * until the owner turns it on (decision 027).
 */
@Controller('api/business')
@UseGuards(OwnerGuard)
export class PaymentOptionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly businesses: BusinessReader,
  ) {}

  @Get('payment-options')
  async read(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<PaymentOptions>> {
    return success(await this.current(owner));
  }

  @Put('payment-options')
  async choose(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<PaymentOptions>> {
    const options = parseWith(paymentOptionsSchema, body ?? {});
    await this.commands.execute(
      new ChoosePaymentOptionsCommand(owner.phone, options, { actor: actorOf(owner), correlationId: request.id }),
    );
    return success(await this.current(owner));
  }

  private async current(owner: OwnerPrincipal): Promise<PaymentOptions> {
    const business = await this.businesses.byPhone(owner.phone);
    // The guard saw the business a moment ago: its absence is a closed account.
    if (!business || business.closedAt) throw new AppError('auth.unauthenticated');
    return business.paymentOptions;
  }
}
