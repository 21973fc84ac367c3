import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req, UseGuards } from '@nestjs/common';
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
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { commandContextOf, CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { parseWith } from '../../../platform/http/parse.js';
import { OptionGroupsEditor } from '../application/option-groups-editor.service.js';
import { optionPathId } from './owner-ids.js';

/**
 * The owner's option groups (issue 16): shared by products, each with its options; only ever of the signed-in
 * business. Every change answers the group as it is now.
 */
@Controller('api/option-groups')
@UseGuards(OwnerGuard)
export class OptionGroupsController {
  constructor(private readonly groups: OptionGroupsEditor) {}

  @Get()
  async list(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OwnerOptionGroup[]>> {
    return success(await this.groups.list(owner.phone));
  }

  @Post()
  @HttpCode(201)
  async create(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    const input = parseWith(newOptionGroupSchema, body ?? {});
    return success(await this.groups.create(owner.phone, input, commandContextOf(owner, request)));
  }

  @Get(':id')
  async get(@Param('id') id: string, @CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OwnerOptionGroup>> {
    return success(await this.groups.get(owner.phone, optionPathId(id)));
  }

  /** A rename or new rules: every product that uses the group follows. */
  @Put(':id')
  async edit(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    const groupId = optionPathId(id);
    const input = parseWith(optionGroupInputSchema, body ?? {});
    return success(await this.groups.edit(owner.phone, groupId, input, commandContextOf(owner, request)));
  }

  /** Its options and its places on products go with it: the owner's dialog says so before asking. */
  @Delete(':id')
  async remove(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<{ deleted: true }>> {
    await this.groups.delete(owner.phone, optionPathId(id), commandContextOf(owner, request));
    return success({ deleted: true as const });
  }

  @Post(':id/options')
  @HttpCode(201)
  async addOption(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    const groupId = optionPathId(id);
    const input = parseWith(optionInputSchema, body ?? {});
    return success(await this.groups.addOption(owner.phone, groupId, input, commandContextOf(owner, request)));
  }

  // `order` is no UUID, so it never reaches the `:optionId` routes below.
  @Patch(':id/options/order')
  async reorderOptions(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    const groupId = optionPathId(id);
    const { ids } = parseWith(optionOrderSchema, body ?? {});
    return success(await this.groups.reorderOptions(owner.phone, groupId, ids, commandContextOf(owner, request)));
  }

  @Put(':id/options/:optionId')
  async editOption(
    @Param('id') id: string,
    @Param('optionId') optionId: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    const groupId = optionPathId(id);
    const option = optionPathId(optionId);
    const input = parseWith(optionInputSchema, body ?? {});
    return success(await this.groups.editOption(owner.phone, groupId, option, input, commandContextOf(owner, request)));
  }

  @Delete(':id/options/:optionId')
  async removeOption(
    @Param('id') id: string,
    @Param('optionId') optionId: string,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    return success(
      await this.groups.removeOption(
        owner.phone,
        optionPathId(id),
        optionPathId(optionId),
        commandContextOf(owner, request),
      ),
    );
  }

  /** Sold out for today (oat milk ran out), or available again. */
  @Patch(':id/options/:optionId/availability')
  async availability(
    @Param('id') id: string,
    @Param('optionId') optionId: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerOptionGroup>> {
    const groupId = optionPathId(id);
    const option = optionPathId(optionId);
    const { available } = parseWith(optionAvailabilitySchema, body ?? {});
    return success(
      await this.groups.setOptionAvailability(
        owner.phone,
        groupId,
        option,
        available,
        commandContextOf(owner, request),
      ),
    );
  }
}
