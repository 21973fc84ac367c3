import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type ApiSuccess, availabilitySchema, type OwnerProduct, success } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import type { Parsed } from '../../../platform/http/contract.js';
import { CreateProductCommand } from '../application/create-product.handler.js';
import { DeleteProductCommand } from '../application/delete-product.handler.js';
import { DuplicateProductCommand } from '../application/duplicate-product.handler.js';
import { OwnerMenuQuery } from '../application/owner-menu.query.js';
import { SetProductAvailabilityCommand } from '../application/set-product-availability.handler.js';
import { UpdateProductCommand } from '../application/update-product.handler.js';
import { MenuBody } from './menu-body.js';
import { numericPathId } from './owner-ids.js';
import { readProductInput } from './product-form.js';

/** The owner's products: multipart forms with an optional photo, only ever of the signed-in business. */
@Controller('api/products')
@UseGuards(OwnerGuard)
@Permission('menu.edit')
export class ProductsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly menu: OwnerMenuQuery,
  ) {}

  @Get()
  @Permission('menu.read')
  async list(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OwnerProduct[]>> {
    return success(await this.menu.products(owner.phone));
  }

  @Post()
  @HttpCode(201)
  async create(
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerProduct>> {
    const { input, image } = await readProductInput(request);
    const command = CreateProductCommand.fromForm(owner.phone, input, image, context);
    const { id } = await this.commands.execute<CreateProductCommand, { id: number }>(command);
    return success(await this.menu.product(owner.phone, id));
  }

  /** A new photo replaces the old one; `removeImage` drops it; otherwise the photo stays. */
  @Put(':id')
  async update(
    @Param('id', numericPathId) productId: number,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerProduct>> {
    const { input, image } = await readProductInput(request);
    await this.commands.execute(new UpdateProductCommand(owner.phone, productId, input, image, context));
    return success(await this.menu.product(owner.phone, productId));
  }

  @Delete(':id')
  async remove(
    @Param('id', numericPathId) productId: number,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<{ deleted: true }>> {
    await this.commands.execute(new DeleteProductCommand(owner.phone, productId, context));
    return success({ deleted: true as const });
  }

  /** A copy right after it in its category, named "<name> (עותק)", with its photo and option groups. */
  @Post(':id/duplicate')
  @HttpCode(201)
  async duplicate(
    @Param('id', numericPathId) productId: number,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerProduct>> {
    const command = new DuplicateProductCommand(owner.phone, productId, context);
    const copy = await this.commands.execute<DuplicateProductCommand, { id: number }>(command);
    return success(await this.menu.product(owner.phone, copy.id));
  }

  /** Sold out for today, or available again. */
  @Patch(':id/availability')
  @Permission('menu.availability')
  async availability(
    @Param('id', numericPathId) productId: number,
    @MenuBody(availabilitySchema) { isActive }: Parsed<typeof availabilitySchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerProduct>> {
    await this.commands.execute(new SetProductAvailabilityCommand(owner.phone, productId, isActive, context));
    return success(await this.menu.product(owner.phone, productId));
  }
}
