import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { PricingOptionGroup } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { type OptionGroupView, toPricingOptionGroup } from '../application/option-views.js';
import { GroupOptionEntity, OptionGroupEntity, ProductOptionGroupEntity } from './option-group.entities.js';

/** A business's groups (each with its options in order) and which groups each product shows, in order. */
export interface BusinessOptionGroups {
  groups: OptionGroupView[];
  byId: Map<string, OptionGroupView>;
  /** Product id -> its groups' ids in the order diners see them. */
  productGroups: Map<number, string[]>;
}

/**
 * The option groups' read models (`option_groups`, `group_options`, `product_option_groups`) as the menu's answers and
 * other modules read them. Three queries one after the other (the embedded database has one connection); `em` reads
 * inside a caller's transaction.
 */
@Injectable()
export class OptionGroupsReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async ofBusiness(businessId: string, em: EntityManager = this.database.em()): Promise<BusinessOptionGroups> {
    const groups = await em.find(OptionGroupEntity, { businessId }, { orderBy: { position: 'asc', id: 'asc' } });
    const options = groups.length
      ? await em.find(GroupOptionEntity, { businessId }, { orderBy: { position: 'asc', id: 'asc' } })
      : [];
    const links = groups.length
      ? await em.find(ProductOptionGroupEntity, { businessId }, { orderBy: { position: 'asc', groupId: 'asc' } })
      : [];
    const views = groups.map((group) => ({ group, options: [] as OptionGroupView['options'] }));
    const byId = new Map(views.map((view) => [view.group.id, view]));
    for (const option of options) byId.get(option.groupId)?.options.push(option);
    const productGroups = new Map<number, string[]>();
    for (const link of links) {
      if (!byId.has(link.groupId)) continue;
      const list = productGroups.get(link.productId) ?? [];
      list.push(link.groupId);
      productGroups.set(link.productId, list);
    }
    return { groups: views, byId, productGroups };
  }

  /**
   * What a checkout prices the chosen options against (contracts' priceLineWithOptions): the asked products' groups
   * as they are now, never a cache. Products without groups map to an empty list.
   */
  async forPricing(
    businessId: string,
    productIds: readonly number[],
    em: EntityManager = this.database.em(),
  ): Promise<Map<number, PricingOptionGroup[]>> {
    const { byId, productGroups } = await this.ofBusiness(businessId, em);
    return new Map(
      productIds.map((productId) => [
        productId,
        (productGroups.get(productId) ?? []).flatMap((groupId) => {
          const view = byId.get(groupId);
          return view ? [toPricingOptionGroup(view)] : [];
        }),
      ]),
    );
  }
}
