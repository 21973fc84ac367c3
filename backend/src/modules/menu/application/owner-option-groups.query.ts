import { Injectable } from '@nestjs/common';
import type { OwnerOptionGroup } from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import { OptionGroupsReader } from '../projections/option-groups.reader.js';
import { toOwnerOptionGroup } from './option-views.js';

/**
 * The owner's option groups as the read models have them; a change answers with its group right after its command
 * (the projection is inline). Another business's group is a 404, like a missing one.
 */
@Injectable()
export class OwnerOptionGroupsQuery {
  constructor(private readonly reader: OptionGroupsReader) {}

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
}

const productsOf = (productGroups: Map<number, string[]>, groupId: string): number[] =>
  [...productGroups]
    .filter(([, groupIds]) => groupIds.includes(groupId))
    .map(([productId]) => productId)
    .sort((a, b) => a - b);
