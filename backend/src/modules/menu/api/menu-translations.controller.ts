import { Body, Controller, Get, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  isTranslatableKind,
  type MenuItemTranslations,
  menuTranslationsInputSchema,
  type OwnerMenuTranslation,
  success,
  type TranslatableKind,
} from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { commandContextOf, CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { parseWith } from '../../../platform/http/parse.js';
import { TranslateMenuItemCommand } from '../application/translate-menu-item.handler.js';
import { MenuTranslationsReader } from '../projections/menu-translations.reader.js';
import { optionPathId, pathId } from './owner-ids.js';

/** A kind the menu does not have names nothing: the same 404 as an unknown id. */
function kindOf(text: string): TranslatableKind {
  if (!isTranslatableKind(text)) throw new AppError('not_found');
  return text;
}

const itemIdOf = (kind: TranslatableKind, text: string): string =>
  kind === 'category' || kind === 'product' ? String(pathId(text)) : optionPathId(text);

/** The owner's translations of their menu text (decision 023); only ever of the signed-in business. */
@Controller('api/menu-translations')
@UseGuards(OwnerGuard)
export class MenuTranslationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly translations: MenuTranslationsReader,
  ) {}

  @Get()
  async list(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OwnerMenuTranslation[]>> {
    return success(await this.translations.list(owner.phone));
  }

  /** Answers the item's translations as they are now. */
  @Put(':kind/:id')
  async translate(
    @Param('kind') kindText: string,
    @Param('id') idText: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<MenuItemTranslations>> {
    const kind = kindOf(kindText);
    const itemId = itemIdOf(kind, idText);
    const input = parseWith(menuTranslationsInputSchema(kind), body ?? {});
    await this.commands.execute(
      new TranslateMenuItemCommand(owner.phone, kind, itemId, input, commandContextOf(owner, request)),
    );
    return success(await this.translations.ofItem(owner.phone, kind, itemId));
  }
}
