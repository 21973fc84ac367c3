import { Controller, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  createPromoCodeSchema,
  type PromoCodeAnswer,
  promoRulesSchema,
  success,
} from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import {
  ChangePromoCodeCommand,
  CreatePromoCodeCommand,
  TurnPromoCodeOffCommand,
  TurnPromoCodeOnCommand,
} from '../application/promo-commands.js';
import { PromoCodesQuery } from '../application/promo-codes.query.js';
import { PromoCodeReader } from '../projections/promo-codes.reader.js';

/**
 * The owner's promo codes (issue 33): list, create, edit the rules, turn off and on. There is no delete: a code's
 * orders name it, and a code turned off keeps its history. A price is the menu's business, so the permission is
 * the menu editor's (`menu.edit`: the owner and a manager).
 */
@Controller('api/owner/promo-codes')
@UseGuards(OwnerGuard)
@Permission('menu.edit')
export class OwnerPromoCodesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly codes: PromoCodeReader,
  ) {}

  @Get()
  async list(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<PromoCodeAnswer[]>> {
    return success(await this.queries.execute<PromoCodesQuery, PromoCodeAnswer[]>(new PromoCodesQuery(owner.phone)));
  }

  @Post()
  @HttpCode(201)
  async create(
    @BodyOf(createPromoCodeSchema) { code, rules }: Parsed<typeof createPromoCodeSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<PromoCodeAnswer>> {
    const id = await this.commands.execute<CreatePromoCodeCommand, string>(
      new CreatePromoCodeCommand(owner.phone, code, rules, context),
    );
    return success(await this.answer(owner, id));
  }

  @Put(':id')
  async change(
    @Param('id') id: string,
    @BodyOf(promoRulesSchema) rules: Parsed<typeof promoRulesSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<PromoCodeAnswer>> {
    await this.answer(owner, id);
    await this.commands.execute(new ChangePromoCodeCommand(owner.phone, id, rules, context));
    return success(await this.answer(owner, id));
  }

  @Post(':id/turn-off')
  @HttpCode(200)
  async turnOff(
    @Param('id') id: string,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<PromoCodeAnswer>> {
    await this.answer(owner, id);
    await this.commands.execute(new TurnPromoCodeOffCommand(owner.phone, id, context));
    return success(await this.answer(owner, id));
  }

  @Post(':id/turn-on')
  @HttpCode(200)
  async turnOn(
    @Param('id') id: string,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<PromoCodeAnswer>> {
    await this.answer(owner, id);
    await this.commands.execute(new TurnPromoCodeOnCommand(owner.phone, id, context));
    return success(await this.answer(owner, id));
  }

  /** The code of this business, or a plain 404 (another business's id included). */
  private async answer(owner: OwnerPrincipal, id: string): Promise<PromoCodeAnswer> {
    const code = await this.codes.codeOf(owner.phone, id);
    if (!code) throw new AppError('not_found');
    return code;
  }
}
