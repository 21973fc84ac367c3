import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { CategoryEntity } from './category.entity.js';
import { ProductEntity } from './product.entity.js';

/** A category as other modules see it: its id, name and its products (active or not), with their names. */
export interface MenuSection {
  id: number;
  name: string;
  productNames: string[];
  products: { id: number; name: string }[];
}

/** The owner's menu as other modules read it (the menu module owns `categories` and `products`). */
@Injectable()
export class MenuReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** Every category of the business in its order, with its products' names. */
  async sections(businessId: string): Promise<MenuSection[]> {
    const em = this.database.em();
    // One after the other: on the embedded database the ORM has a single connection.
    const categories = await em.find(CategoryEntity, { businessId }, { orderBy: { order: 'asc', id: 'asc' } });
    const products = await em.find(
      ProductEntity,
      { businessId },
      { fields: ['id', 'name', 'categoryId'], orderBy: { position: 'asc', id: 'asc' } },
    );
    return categories.map(({ id, name }) => {
      const own = products
        .filter((product) => product.categoryId === id)
        .map((product) => ({
          id: product.id,
          name: product.name,
        }));
      return { id, name, productNames: own.map((product) => product.name), products: own };
    });
  }
}
