import { Inject, Injectable } from '@nestjs/common';
import type { OwnerCategory, OwnerProduct } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CategoryEntity } from '../persistence/category.entity.js';
import { ProductEntity } from '../persistence/product.entity.js';
import { OptionGroupsReader } from '../projections/option-groups.reader.js';
import { inMenuOrder, toOwnerCategory, toOwnerProduct } from './menu-views.js';

/**
 * The owner's categories and products as the menu management shows them; every change answers with them as they are
 * right after its command. Every lookup is scoped to the signed-in business: another business's id answers exactly
 * like a missing one (ids reveal nothing across tenants).
 */
@Injectable()
export class OwnerMenuQuery {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly optionGroups: OptionGroupsReader,
  ) {}

  async categories(businessId: string): Promise<OwnerCategory[]> {
    const categories = await this.database
      .em()
      .find(CategoryEntity, { businessId }, { orderBy: { order: 'asc', id: 'asc' } });
    return categories.map(toOwnerCategory);
  }

  async category(businessId: string, id: number): Promise<OwnerCategory> {
    const category = await this.database.em().findOne(CategoryEntity, { id, businessId });
    if (!category) throw new AppError('not_found');
    return toOwnerCategory(category);
  }

  async products(businessId: string): Promise<OwnerProduct[]> {
    const em = this.database.em();
    // One after the other: on the embedded database the ORM has a single connection.
    const categories = await em.find(CategoryEntity, { businessId }, { orderBy: { order: 'asc', id: 'asc' } });
    const products = inMenuOrder(await em.find(ProductEntity, { businessId }), categories);
    const { productGroups } = await this.optionGroups.ofBusiness(businessId, em);
    return products.map((product) => toOwnerProduct(product, productGroups.get(product.id)));
  }

  /** One product of the business with its option groups. */
  async product(businessId: string, id: number): Promise<OwnerProduct> {
    const em = this.database.em();
    const product = await em.findOne(ProductEntity, { id, businessId });
    if (!product) throw new AppError('not_found');
    const { productGroups } = await this.optionGroups.ofBusiness(businessId, em);
    return toOwnerProduct(product, productGroups.get(id));
  }
}
