import { Controller, Get, Param, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type ApiSuccess, type MenuItemTranslations, type OwnerMenuTranslation, success } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { TranslateMenuItemCommand } from '../application/translate-menu-item.handler.js';
import { MenuTranslationsReader } from '../projections/menu-translations.reader.js';
import { TranslationsBody } from './menu-body.js';
import { menuItemInPath, type MenuItemInPath } from './owner-ids.js';

/** The owner's translations of their menu text (decision 023); only ever of the signed-in business. */
@Controller('api/menu-translations')
@UseGuards(OwnerGuard)
@Permission('menu.edit')
export class MenuTranslationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly translations: MenuTranslationsReader,
  ) {}

  @Get()
  @Permission('menu.read')
  async list(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OwnerMenuTranslation[]>> {
    return success(await this.translations.list(owner.phone));
  }

  /** Answers the item's translations as they are now. */
  @Put(':kind/:id')
  async translate(
    @Param(menuItemInPath) { kind, itemId }: MenuItemInPath,
    @TranslationsBody() input: MenuItemTranslations,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<MenuItemTranslations>> {
    await this.commands.execute(new TranslateMenuItemCommand(owner.phone, kind, itemId, input, context));
    return success(await this.translations.ofItem(owner.phone, kind, itemId));
  }
}
