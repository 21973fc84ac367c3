import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type {
  NewOptionGroupInput,
  OptionGroupInput,
  OptionInput,
  OwnerOptionGroup,
  OwnerProduct,
} from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import { OptionGroupsReader } from '../projections/option-groups.reader.js';
import { AddOptionCommand } from './add-option.handler.js';
import { AttachOptionGroupCommand } from './attach-option-group.handler.js';
import { CreateOptionGroupCommand } from './create-option-group.handler.js';
import { DeleteOptionGroupCommand } from './delete-option-group.handler.js';
import { DetachOptionGroupCommand } from './detach-option-group.handler.js';
import { EditOptionGroupCommand } from './edit-option-group.handler.js';
import { EditOptionCommand } from './edit-option.handler.js';
import { MenuEditor } from './menu-editor.service.js';
import type { OptionsContext } from './option-groups.runner.js';
import { toOwnerOptionGroup } from './option-views.js';
import { RemoveOptionCommand } from './remove-option.handler.js';
import { ReorderOptionsCommand } from './reorder-options.handler.js';
import { ReorderProductOptionGroupsCommand } from './reorder-product-option-groups.handler.js';
import { SetOptionAvailabilityCommand } from './set-option-availability.handler.js';

/**
 * The owner's option groups: each edit is one command on the business's `options-{phone}` stream (see the handlers),
 * answered with the group or product as the read models have it right after (the projection is inline). Every id is
 * looked up in the signed-in business only: another business's group, option or product is a 404.
 */
@Injectable()
export class OptionGroupsEditor {
  constructor(
    private readonly commands: CommandBus,
    private readonly reader: OptionGroupsReader,
    private readonly menu: MenuEditor,
  ) {}

  async list(businessId: string): Promise<OwnerOptionGroup[]> {
    const { groups, productGroups } = await this.reader.ofBusiness(businessId);
    return groups.map((view) => toOwnerOptionGroup(view, productsOf(productGroups, view.group.id)));
  }

  async get(businessId: string, groupId: string): Promise<OwnerOptionGroup> {
    const { byId, productGroups } = await this.reader.ofBusiness(businessId);
    const view = byId.get(groupId);
    if (!view) throw new AppError('not_found');
    return toOwnerOptionGroup(view, productsOf(productGroups, groupId));
  }

  async create(businessId: string, input: NewOptionGroupInput, context: OptionsContext): Promise<OwnerOptionGroup> {
    const { id } = await this.commands.execute<CreateOptionGroupCommand, { id: string }>(
      new CreateOptionGroupCommand(businessId, input, context),
    );
    return this.get(businessId, id);
  }

  async edit(businessId: string, groupId: string, input: OptionGroupInput, context: OptionsContext) {
    await this.commands.execute(new EditOptionGroupCommand(businessId, groupId, input, context));
    return this.get(businessId, groupId);
  }

  async delete(businessId: string, groupId: string, context: OptionsContext): Promise<void> {
    await this.commands.execute(new DeleteOptionGroupCommand(businessId, groupId, context));
  }

  async addOption(businessId: string, groupId: string, input: OptionInput, context: OptionsContext) {
    await this.commands.execute(new AddOptionCommand(businessId, groupId, input, context));
    return this.get(businessId, groupId);
  }

  async editOption(businessId: string, groupId: string, optionId: string, input: OptionInput, context: OptionsContext) {
    await this.commands.execute(new EditOptionCommand(businessId, groupId, optionId, input, context));
    return this.get(businessId, groupId);
  }

  async removeOption(businessId: string, groupId: string, optionId: string, context: OptionsContext) {
    await this.commands.execute(new RemoveOptionCommand(businessId, groupId, optionId, context));
    return this.get(businessId, groupId);
  }

  async setOptionAvailability(
    businessId: string,
    groupId: string,
    optionId: string,
    available: boolean,
    context: OptionsContext,
  ) {
    await this.commands.execute(new SetOptionAvailabilityCommand(businessId, groupId, optionId, available, context));
    return this.get(businessId, groupId);
  }

  async reorderOptions(businessId: string, groupId: string, optionIds: string[], context: OptionsContext) {
    await this.commands.execute(new ReorderOptionsCommand(businessId, groupId, optionIds, context));
    return this.get(businessId, groupId);
  }

  async attach(businessId: string, productId: number, groupId: string, context: OptionsContext): Promise<OwnerProduct> {
    await this.commands.execute(new AttachOptionGroupCommand(businessId, groupId, productId, context));
    return this.menu.getProduct(businessId, productId);
  }

  async detach(businessId: string, productId: number, groupId: string, context: OptionsContext): Promise<OwnerProduct> {
    await this.commands.execute(new DetachOptionGroupCommand(businessId, groupId, productId, context));
    return this.menu.getProduct(businessId, productId);
  }

  async reorderProductGroups(
    businessId: string,
    productId: number,
    groupIds: string[],
    context: OptionsContext,
  ): Promise<OwnerProduct> {
    await this.commands.execute(new ReorderProductOptionGroupsCommand(businessId, productId, groupIds, context));
    return this.menu.getProduct(businessId, productId);
  }
}

const productsOf = (productGroups: Map<number, string[]>, groupId: string): number[] =>
  [...productGroups]
    .filter(([, groupIds]) => groupIds.includes(groupId))
    .map(([productId]) => productId)
    .sort((a, b) => a - b);
