import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductEntity } from '../persistence/product.entity.js';

/** One more than the category's last product: where a product added or moved to it goes. */
export async function nextPosition(em: EntityManager, businessId: string, categoryId: number): Promise<number> {
  const [last] = await em.find(ProductEntity, { businessId, categoryId }, { orderBy: { position: 'desc' }, limit: 1 });
  return (last?.position ?? -1) + 1;
}
