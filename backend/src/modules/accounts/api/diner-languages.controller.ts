import { Controller, Get, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type ApiSuccess, type DinerLanguagesResponse, dinerLanguagesRequestSchema, success } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { ChooseDinerLanguagesCommand } from '../application/choose-diner-languages.handler.js';
import { BusinessReader } from '../projections/business.reader.js';

/**
 * `GET` and `PUT /api/business/diner-languages` (settings): the languages the business offers its diners. Hebrew is
 * always offered; the body lists the others (decision 023).
 */
@Controller('api/business')
@UseGuards(OwnerGuard)
@Permission('settings.edit')
export class DinerLanguagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly businesses: BusinessReader,
  ) {}

  @Get('diner-languages')
  @Permission('settings.read')
  async read(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<DinerLanguagesResponse>> {
    return success({ languages: await this.offered(owner) });
  }

  @Put('diner-languages')
  async choose(
    @BodyOf(dinerLanguagesRequestSchema, { absentAsEmpty: true })
    { languages }: Parsed<typeof dinerLanguagesRequestSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<DinerLanguagesResponse>> {
    await this.commands.execute(new ChooseDinerLanguagesCommand(owner.phone, languages, context));
    return success({ languages: await this.offered(owner) });
  }

  private async offered(owner: OwnerPrincipal) {
    const business = await this.businesses.byPhone(owner.phone);
    // The guard saw the business a moment ago: its absence is a closed account.
    if (!business || business.closedAt) throw new AppError('auth.unauthenticated');
    return business.dinerLanguages;
  }
}
