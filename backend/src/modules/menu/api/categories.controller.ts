import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  categoryInputSchema,
  categoryOrderSchema,
  type OwnerCategory,
  type OwnerProduct,
  productOrderSchema,
  success,
} from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import type { Parsed } from '../../../platform/http/contract.js';
import { CreateCategoryCommand } from '../application/create-category.handler.js';
import { DeleteCategoryCommand } from '../application/delete-category.handler.js';
import { OwnerMenuQuery } from '../application/owner-menu.query.js';
import { RenameCategoryCommand } from '../application/rename-category.handler.js';
import { ReorderCategoriesCommand } from '../application/reorder-categories.handler.js';
import { ReorderProductsCommand } from '../application/reorder-products.handler.js';
import { MenuBody } from './menu-body.js';
import { numericPathId } from './owner-ids.js';

/** The owner's categories (product-spec §2 menu management), only ever of the signed-in business. */
@Controller('api/categories')
@UseGuards(OwnerGuard)
@Permission('menu.edit')
export class CategoriesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly menu: OwnerMenuQuery,
  ) {}

  @Get()
  @Permission('menu.read')
  async list(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OwnerCategory[]>> {
    return success(await this.menu.categories(owner.phone));
  }

  @Post()
  @HttpCode(201)
  async create(
    @MenuBody(categoryInputSchema) { name }: Parsed<typeof categoryInputSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerCategory>> {
    const command = new CreateCategoryCommand(owner.phone, name, context);
    const { id } = await this.commands.execute<CreateCategoryCommand, { id: number }>(command);
    return success(await this.menu.category(owner.phone, id));
  }

  // Declared before `:id` routes of other methods only for readability: PATCH has no `:id` route to clash with.
  @Patch('order')
  async reorder(
    @MenuBody(categoryOrderSchema) { ids }: Parsed<typeof categoryOrderSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerCategory[]>> {
    await this.commands.execute(new ReorderCategoriesCommand(owner.phone, ids, context));
    return success(await this.menu.categories(owner.phone));
  }

  /** Every product of the category in the new order; answers the business's products as the list shows them. */
  @Patch(':id/products/order')
  async reorderProducts(
    @Param('id', numericPathId) categoryId: number,
    @MenuBody(productOrderSchema) { ids }: Parsed<typeof productOrderSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerProduct[]>> {
    await this.commands.execute(new ReorderProductsCommand(owner.phone, categoryId, ids, context));
    return success(await this.menu.products(owner.phone));
  }

  @Put(':id')
  async rename(
    @Param('id', numericPathId) categoryId: number,
    @MenuBody(categoryInputSchema) { name }: Parsed<typeof categoryInputSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerCategory>> {
    await this.commands.execute(new RenameCategoryCommand(owner.phone, categoryId, name, context));
    return success(await this.menu.category(owner.phone, categoryId));
  }

  /** Its products (and their photos) go with it: the owner's dialog says so before asking. */
  @Delete(':id')
  async remove(
    @Param('id', numericPathId) categoryId: number,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<{ deleted: true }>> {
    await this.commands.execute(new DeleteCategoryCommand(owner.phone, categoryId, context));
    return success({ deleted: true as const });
  }
}
