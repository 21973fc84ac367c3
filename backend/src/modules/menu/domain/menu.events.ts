/**
 * The menu is plain state (MikroORM entities), but every change is still recorded on the business's `menu-{phone}`
 * stream so caches, open owner consoles and audits can follow it from the log.
 */
export interface MenuChanged {
  type: 'MenuChanged';
  data: {
    businessId: string;
    change:
      | 'category.created'
      | 'category.renamed'
      | 'category.deleted'
      | 'categories.reordered'
      | 'products.reordered'
      | 'product.duplicated'
      | 'product.created'
      | 'product.updated'
      | 'product.availability_changed'
      | 'product.deleted';
    categoryId?: number;
    productId?: number;
    changedAt: string;
  };
}

export const menuStreamId = (businessId: string): string => `menu-${businessId}`;
