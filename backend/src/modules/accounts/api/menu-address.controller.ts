import { Controller, Get, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type ApiSuccess, type MenuAddressResponse, menuAddressRequestSchema, success } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { ChooseMenuAddressCommand } from '../application/choose-menu-address.handler.js';
import { MenuAddressReader } from '../projections/menu-address.reader.js';

/**
 * `GET` and `PUT /api/business/menu-address` (settings, issue 33): the readable menu address (`/menu/cafe-hagefen`)
 * and the line link previews show. The random address keeps working beside it; a replaced address redirects.
 */
@Controller('api/business')
@UseGuards(OwnerGuard)
@Permission('settings.edit')
export class MenuAddressController {
  constructor(
    private readonly commands: CommandBus,
    private readonly addresses: MenuAddressReader,
  ) {}

  @Get('menu-address')
  @Permission('settings.read')
  async read(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<MenuAddressResponse>> {
    return success(await this.current(owner));
  }

  @Put('menu-address')
  async choose(
    @BodyOf(menuAddressRequestSchema) { address, shareLine }: Parsed<typeof menuAddressRequestSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<MenuAddressResponse>> {
    await this.commands.execute(new ChooseMenuAddressCommand(owner.phone, address, shareLine, context));
    return success(await this.current(owner));
  }

  private async current(owner: OwnerPrincipal): Promise<MenuAddressResponse> {
    const settings = await this.addresses.settingsOf(owner.phone);
    // The guard saw the business a moment ago: its absence is a closed account.
    if (!settings) throw new AppError('auth.unauthenticated');
    return settings;
  }
}
