import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  newOptionGroupSchema,
  optionAvailabilitySchema,
  optionGroupInputSchema,
  optionInputSchema,
  optionOrderSchema,
  type OwnerOptionGroup,
  success,
} from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import type { Parsed } from '../../../platform/http/contract.js';
import { AddOptionCommand } from '../application/add-option.handler.js';
import { CreateOptionGroupCommand } from '../application/create-option-group.handler.js';
import { DeleteOptionGroupCommand } from '../application/delete-option-group.handler.js';
import { EditOptionGroupCommand } from '../application/edit-option-group.handler.js';
import { EditOptionCommand } from '../application/edit-option.handler.js';
import { OwnerOptionGroupsQuery } from '../application/owner-option-groups.query.js';
import { RemoveOptionCommand } from '../application/remove-option.handler.js';
import { ReorderOptionsCommand } from '../application/reorder-options.handler.js';
import { SetOptionAvailabilityCommand } from '../application/set-option-availability.handler.js';
import { MenuBody } from './menu-body.js';
import { uuidPathId } from './owner-ids.js';

type OptionInput = Parsed<typeof optionInputSchema>;

/**
 * The owner's option groups (issue 16): shared by products, each with its options; only ever of the signed-in
 * business. Each change is one command on the business's `options-{phone}` stream, answered with the group as it is
 * right after.
 */
@Controller('api/option-groups')
@UseGuards(OwnerGuard)
@Permission('menu.edit')
export class OptionGroupsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly groups: OwnerOptionGroupsQuery,
  ) {}

  /** Runs a change of one group and answers the group as the read models have it now (the projection is inline). */
  private async change(businessId: string, groupId: string, command: object): Promise<ApiSuccess<OwnerOptionGroup>> {
    await this.commands.execute(command);
    return success(await this.groups.get(businessId, groupId));
  }

  @Get()
  @Permission('menu.read')
  async list(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OwnerOptionGroup[]>> {
    return success(await this.groups.list(owner.phone));
  }

  @Post()
  @HttpCode(201)
  async create(
    @MenuBody(newOptionGroupSchema) input: Parsed<typeof newOptionGroupSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    const command = new CreateOptionGroupCommand(owner.phone, input, context);
    const { id } = await this.commands.execute<CreateOptionGroupCommand, { id: string }>(command);
    return success(await this.groups.get(owner.phone, id));
  }

  @Get(':id')
  @Permission('menu.read')
  async get(
    @Param('id', uuidPathId) groupId: string,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    return success(await this.groups.get(owner.phone, groupId));
  }

  /** A rename or new rules: every product that uses the group follows. */
  @Put(':id')
  async edit(
    @Param('id', uuidPathId) groupId: string,
    @MenuBody(optionGroupInputSchema) input: Parsed<typeof optionGroupInputSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    return this.change(owner.phone, groupId, new EditOptionGroupCommand(owner.phone, groupId, input, context));
  }

  /** Its options and its places on products go with it: the owner's dialog says so before asking. */
  @Delete(':id')
  async remove(
    @Param('id', uuidPathId) groupId: string,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<{ deleted: true }>> {
    await this.commands.execute(new DeleteOptionGroupCommand(owner.phone, groupId, context));
    return success({ deleted: true as const });
  }

  @Post(':id/options')
  @HttpCode(201)
  async addOption(
    @Param('id', uuidPathId) groupId: string,
    @MenuBody(optionInputSchema) input: OptionInput,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    return this.change(owner.phone, groupId, new AddOptionCommand(owner.phone, groupId, input, context));
  }

  // `order` is no UUID, so it never reaches the `:optionId` routes below.
  @Patch(':id/options/order')
  async reorderOptions(
    @Param('id', uuidPathId) groupId: string,
    @MenuBody(optionOrderSchema) { ids }: Parsed<typeof optionOrderSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    return this.change(owner.phone, groupId, new ReorderOptionsCommand(owner.phone, groupId, ids, context));
  }

  @Put(':id/options/:optionId')
  async editOption(
    @Param('id', uuidPathId) groupId: string,
    @Param('optionId', uuidPathId) option: string,
    @MenuBody(optionInputSchema) input: OptionInput,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    return this.change(owner.phone, groupId, new EditOptionCommand(owner.phone, groupId, option, input, context));
  }

  @Delete(':id/options/:optionId')
  async removeOption(
    @Param('id', uuidPathId) groupId: string,
    @Param('optionId', uuidPathId) option: string,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    return this.change(owner.phone, groupId, new RemoveOptionCommand(owner.phone, groupId, option, context));
  }

  /** Sold out for today (oat milk ran out), or available again. */
  @Patch(':id/options/:optionId/availability')
  @Permission('menu.availability')
  async availability(
    @Param('id', uuidPathId) groupId: string,
    @Param('optionId', uuidPathId) option: string,
    @MenuBody(optionAvailabilitySchema) { available }: Parsed<typeof optionAvailabilitySchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    const command = new SetOptionAvailabilityCommand(owner.phone, groupId, option, available, context);
    return this.change(owner.phone, groupId, command);
  }
}
