import { Body, Controller, Delete, Param, Patch, Put, Req, UseGuards } from '@nestjs/common';
import { type ApiSuccess, type OwnerProduct, productOptionGroupOrderSchema, success } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { commandContextOf, CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { parseWith } from '../../../platform/http/parse.js';
import { OptionGroupsEditor } from '../application/option-groups-editor.service.js';
import { optionPathId, pathId } from './owner-ids.js';

/** Which option groups a product shows, and in which order; answers the product with its `optionGroupIds`. */
// `:id`, as the products controller names the same place in the path: the router keeps one name per position.
@Controller('api/products/:id/option-groups')
@UseGuards(OwnerGuard)
export class ProductOptionGroupsController {
  constructor(private readonly groups: OptionGroupsEditor) {}

  /** The group in every product's order after the groups it already shows; attaching it again changes nothing. */
  @Put(':groupId')
  async attach(
    @Param('id') productId: string,
    @Param('groupId') groupId: string,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerProduct>> {
    const product = pathId(productId);
    const group = optionPathId(groupId);
    return success(await this.groups.attach(owner.phone, product, group, commandContextOf(owner, request)));
  }

  @Delete(':groupId')
  async detach(
    @Param('id') productId: string,
    @Param('groupId') groupId: string,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerProduct>> {
    const product = pathId(productId);
    const group = optionPathId(groupId);
    return success(await this.groups.detach(owner.phone, product, group, commandContextOf(owner, request)));
  }

  /** Every group the product shows, in the new order. */
  @Patch('order')
  async reorder(
    @Param('id') productId: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<OwnerProduct>> {
    const product = pathId(productId);
    const { ids } = parseWith(productOptionGroupOrderSchema, body ?? {});
    return success(await this.groups.reorderProductGroups(owner.phone, product, ids, commandContextOf(owner, request)));
  }
}
