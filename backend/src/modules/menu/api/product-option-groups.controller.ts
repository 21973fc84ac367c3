import { Controller, Delete, Param, Patch, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type ApiSuccess, type OwnerProduct, productOptionGroupOrderSchema, success } from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { CommandContext, type OwnerCommandContext } from '../../../platform/http/command-context.js';
import type { Parsed } from '../../../platform/http/contract.js';
import { AttachOptionGroupCommand } from '../application/attach-option-group.handler.js';
import { DetachOptionGroupCommand } from '../application/detach-option-group.handler.js';
import { OwnerMenuQuery } from '../application/owner-menu.query.js';
import { ReorderProductOptionGroupsCommand } from '../application/reorder-product-option-groups.handler.js';
import { MenuBody } from './menu-body.js';
import { numericPathId, uuidPathId } from './owner-ids.js';

/** Which option groups a product shows, and in which order; answers the product with its `optionGroupIds`. */
// `:id`, as the products controller names the same place in the path: the router keeps one name per position.
@Controller('api/products/:id/option-groups')
@UseGuards(OwnerGuard)
@Permission('menu.edit')
export class ProductOptionGroupsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly menu: OwnerMenuQuery,
  ) {}

  /** Runs a change of the product's groups and answers the product as it is now (the projection is inline). */
  private async change(businessId: string, productId: number, command: object): Promise<ApiSuccess<OwnerProduct>> {
    await this.commands.execute(command);
    return success(await this.menu.product(businessId, productId));
  }

  /** The group in every product's order after the groups it already shows; attaching it again changes nothing. */
  @Put(':groupId')
  async attach(
    @Param('id', numericPathId) product: number,
    @Param('groupId', uuidPathId) group: string,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerProduct>> {
    return this.change(owner.phone, product, new AttachOptionGroupCommand(owner.phone, group, product, context));
  }

  @Delete(':groupId')
  async detach(
    @Param('id', numericPathId) product: number,
    @Param('groupId', uuidPathId) group: string,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerProduct>> {
    return this.change(owner.phone, product, new DetachOptionGroupCommand(owner.phone, group, product, context));
  }

  /** Every group the product shows, in the new order. */
  @Patch('order')
  async reorder(
    @Param('id', numericPathId) product: number,
    @MenuBody(productOptionGroupOrderSchema) { ids }: Parsed<typeof productOptionGroupOrderSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
    @CommandContext() context: OwnerCommandContext,
  ): Promise<ApiSuccess<OwnerProduct>> {
    const command = new ReorderProductOptionGroupsCommand(owner.phone, product, ids, context);
    return this.change(owner.phone, product, command);
  }
}
