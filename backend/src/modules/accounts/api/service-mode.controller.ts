import { Controller, Get, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type ApiSuccess, type ServiceModeResponse, serviceModeSchema, success } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { ChooseServiceModeCommand } from '../application/choose-service-mode.handler.js';
import { BusinessReader } from '../projections/business.reader.js';

/**
 * `GET` and `PUT /api/business/service-mode` (settings, issue 18): whether a ready order is brought to the table or
 * collected at the counter. The diner's thank-you page words a ready order by it.
 */
@Controller('api/business')
@UseGuards(OwnerGuard)
@Permission('settings.edit')
export class ServiceModeController {
  constructor(
    private readonly commands: CommandBus,
    private readonly businesses: BusinessReader,
  ) {}

  @Get('service-mode')
  @Permission('settings.read')
  async read(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<ServiceModeResponse>> {
    return success({ serviceMode: await this.current(owner) });
  }

  @Put('service-mode')
  async choose(
    @BodyOf(serviceModeSchema, { absentAsEmpty: true }) { serviceMode }: Parsed<typeof serviceModeSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<ServiceModeResponse>> {
    await this.commands.execute(new ChooseServiceModeCommand(owner.phone, serviceMode, context));
    return success({ serviceMode: await this.current(owner) });
  }

  private async current(owner: OwnerPrincipal) {
    const mode = await this.businesses.serviceModeOf(owner.phone);
    // The guard saw the business a moment ago: its absence is a closed account.
    if (!mode) throw new AppError('auth.unauthenticated');
    return mode;
  }
}
