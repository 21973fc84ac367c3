// The menu module's front door: other modules import only from here.
export { MenuModule } from './menu.module.js';
export { MenuReader, type MenuSection } from './persistence/menu.reader.js';
export { CreateCategoryCommand } from './application/create-category.handler.js';
export { CreateProductCommand } from './application/create-product.handler.js';
export { RemoveMenuCommand } from './application/remove-menu.handler.js';
export { PublicMenuService, type PublicMenuResult } from './application/public-menu.service.js';
export { MenuMissLimiter } from './api/menu-miss-limiter.js';
// The entity itself only for the order write path (PlaceOrder reprices from the rows in its own transaction); to be
// replaced by a reader with the write-path change.
export { ProductEntity } from './persistence/product.entity.js';
export { CheckoutMenuReader, type CheckoutMenu } from './application/checkout-menu.reader.js';

import { CategoryEntity } from './persistence/category.entity.js';
import { ProductEntity } from './persistence/product.entity.js';
/** The module's MikroORM entities, for the app's list (backend/src/entities.ts). */
export const menuEntities = [CategoryEntity, ProductEntity];
