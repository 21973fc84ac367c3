import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req, UseGuards } from '@nestjs/common';
import { type ApiSuccess, availabilitySchema, type OwnerProduct, productInputSchema, success } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { commandContextOf, CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { parseWith } from '../../../platform/http/parse.js';
import { MenuEditor } from '../application/menu-editor.service.js';
import { pathId } from './owner-ids.js';
import { readProductForm } from './product-form.js';

/** The owner's products: multipart forms with an optional photo, only ever of the signed-in business. */
@Controller('api/products')
@UseGuards(OwnerGuard)
export class ProductsController {
  constructor(private readonly menu: MenuEditor) {}

  @Get()
  async list(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<OwnerProduct[]>> {
    return success(await this.menu.listProducts(owner.phone));
  }

  @Post()
  @HttpCode(201)
  async create(
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerProduct>> {
    const { fields, image } = await readProductForm(request);
    const input = parseWith(productInputSchema, fields);
    return success(await this.menu.createProduct(owner.phone, input, image, commandContextOf(owner, request)));
  }

  @Put(':id')
  async update(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerProduct>> {
    const productId = pathId(id);
    const { fields, image } = await readProductForm(request);
    const input = parseWith(productInputSchema, fields);
    return success(
      await this.menu.updateProduct(owner.phone, productId, input, image, commandContextOf(owner, request)),
    );
  }

  @Delete(':id')
  async remove(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<{ deleted: true }>> {
    await this.menu.deleteProduct(owner.phone, pathId(id), commandContextOf(owner, request));
    return success({ deleted: true as const });
  }

  /** A copy right after it in its category, named "<name> (עותק)", with its photo and option groups. */
  @Post(':id/duplicate')
  @HttpCode(201)
  async duplicate(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerProduct>> {
    const productId = pathId(id);
    return success(await this.menu.duplicateProduct(owner.phone, productId, commandContextOf(owner, request)));
  }

  /** Sold out for today, or available again. */
  @Patch(':id/availability')
  async availability(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerProduct>> {
    const productId = pathId(id);
    const { isActive } = parseWith(availabilitySchema, body ?? {});
    return success(await this.menu.setAvailability(owner.phone, productId, isActive, commandContextOf(owner, request)));
  }
}
