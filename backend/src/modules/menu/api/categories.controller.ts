import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req, UseGuards } from '@nestjs/common';
import {
  type ApiSuccess,
  categoryInputSchema,
  categoryOrderSchema,
  type OwnerCategory,
  type OwnerProduct,
  productOrderSchema,
  success,
} from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { commandContextOf, CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { parseWith } from '../../../platform/http/parse.js';
import { MenuEditor } from '../application/menu-editor.service.js';
import { pathId } from './owner-ids.js';

/** The owner's categories (product-spec §2 menu management), only ever of the signed-in business. */
@Controller('api/categories')
@UseGuards(OwnerGuard)
export class CategoriesController {
  constructor(private readonly menu: MenuEditor) {}

  @Get()
  async list(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OwnerCategory[]>> {
    return success(await this.menu.listCategories(owner.phone));
  }

  @Post()
  @HttpCode(201)
  async create(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerCategory>> {
    const input = parseWith(categoryInputSchema, body ?? {});
    return success(await this.menu.createCategory(owner.phone, input, commandContextOf(owner, request)));
  }

  // Declared before `:id` routes of other methods only for readability: PATCH has no `:id` route to clash with.
  @Patch('order')
  async reorder(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerCategory[]>> {
    const { ids } = parseWith(categoryOrderSchema, body ?? {});
    return success(await this.menu.reorderCategories(owner.phone, ids, commandContextOf(owner, request)));
  }

  /** Every product of the category in the new order; answers the business's products as the list shows them. */
  @Patch(':id/products/order')
  async reorderProducts(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerProduct[]>> {
    const categoryId = pathId(id);
    const { ids } = parseWith(productOrderSchema, body ?? {});
    return success(await this.menu.reorderProducts(owner.phone, categoryId, ids, commandContextOf(owner, request)));
  }

  @Put(':id')
  async rename(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerCategory>> {
    const categoryId = pathId(id);
    const input = parseWith(categoryInputSchema, body ?? {});
    return success(await this.menu.renameCategory(owner.phone, categoryId, input, commandContextOf(owner, request)));
  }

  /** Its products (and their photos) go with it: the owner's dialog says so before asking. */
  @Delete(':id')
  async remove(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<{ deleted: true }>> {
    await this.menu.deleteCategory(owner.phone, pathId(id), commandContextOf(owner, request));
    return success({ deleted: true as const });
  }
}
