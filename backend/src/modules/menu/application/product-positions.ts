import type { EntityManager } from '@mikro-orm/postgresql';
import { validationMessagesHe } from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import { CategoryEntity } from '../persistence/category.entity.js';
import { ProductEntity } from '../persistence/product.entity.js';

/** One more than the category's last product: where a product added or moved to it goes. */
export async function nextPosition(em: EntityManager, businessId: string, categoryId: number): Promise<number> {
  const [last] = await em.find(ProductEntity, { businessId, categoryId }, { orderBy: { position: 'desc' }, limit: 1 });
  return (last?.position ?? -1) + 1;
}

/** A product's category that is not the business's own: a 404 like a missing one, told beside the form's field. */
export const foreignCategory = () =>
  new AppError('not_found', { fields: { categoryId: validationMessagesHe.categoryRequired } });

/** Refuses a category of another business (or none) before a photo is stored for a product in it. */
export async function ownCategory(em: EntityManager, businessId: string, categoryId: number): Promise<void> {
  if (!(await em.count(CategoryEntity, { id: categoryId, businessId }))) throw foreignCategory();
}
