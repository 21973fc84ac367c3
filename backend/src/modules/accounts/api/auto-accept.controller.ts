import { Controller, Get, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type ApiSuccess, type AutoAccept, autoAcceptSchema, success } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { ChooseAutoAcceptCommand } from '../application/choose-auto-accept.handler.js';
import { BusinessReader } from '../projections/business.reader.js';

/**
 * `GET` and `PUT /api/business/auto-accept` (settings and the live console, issue 18): whether each newly paid order
 * is accepted by the server, and with which estimate (decision 032).
 */
@Controller('api/business')
@UseGuards(OwnerGuard)
@Permission('settings.edit')
export class AutoAcceptController {
  constructor(
    private readonly commands: CommandBus,
    private readonly businesses: BusinessReader,
  ) {}

  @Get('auto-accept')
  @Permission('settings.read')
  async read(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<AutoAccept>> {
    return success(await this.current(owner));
  }

  @Put('auto-accept')
  async choose(
    @BodyOf(autoAcceptSchema, { absentAsEmpty: true }) choice: Parsed<typeof autoAcceptSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<AutoAccept>> {
    await this.commands.execute(new ChooseAutoAcceptCommand(owner.phone, choice, context));
    return success(await this.current(owner));
  }

  private async current(owner: OwnerPrincipal): Promise<AutoAccept> {
    const setting = await this.businesses.autoAcceptOf(owner.phone);
    // The guard saw the business a moment ago: its absence is a closed account.
    if (!setting) throw new AppError('auth.unauthenticated');
    return { enabled: setting.enabled, readyInMinutes: setting.readyInMinutes };
  }
}
