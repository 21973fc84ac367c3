// The menu module's front door: other modules import only from here.
export { MenuModule } from './menu.module.js';
export { MenuReader } from './persistence/menu.reader.js';
export { CreateCategoryCommand } from './application/create-category.handler.js';
export { CreateProductCommand } from './application/create-product.handler.js';
export { RemoveMenuCommand } from './application/remove-menu.handler.js';
// The product photo store: the demo café's seed stores its drawn photos as an owner's upload is stored.
export { ProductImages } from './application/product-images.js';
export { PublicMenuService, type PublicMenuResult } from './application/public-menu.service.js';
export { PickupSlotCounts } from './application/pickup-slot-counts.js';
export { MenuMissLimiter } from './api/menu-miss-limiter.js';
export { CheckoutMenus, type MenuForCheckout } from './application/checkout-menu.reader.js';
// The owner's translations: an order keeps the names its diner read (ordering's PlaceOrder).
export { MenuTranslationsReader, translationKey } from './projections/menu-translations.reader.js';
// Option groups (decision 020): the commands the demo café's seed sends, and the reader a checkout prices with.
export { CreateOptionGroupCommand } from './application/create-option-group.handler.js';
export { AttachOptionGroupCommand } from './application/attach-option-group.handler.js';
export type { OptionsContext } from './application/option-groups.runner.js';
export { OptionGroupsReader } from './projections/option-groups.reader.js';

import { CategoryEntity } from './persistence/category.entity.js';
import { ProductEntity } from './persistence/product.entity.js';
import { GroupOptionEntity, OptionGroupEntity, ProductOptionGroupEntity } from './projections/option-group.entities.js';
/** The module's MikroORM entities, for the app's list (backend/src/entities.ts). */
export const menuEntities = [
  CategoryEntity,
  ProductEntity,
  OptionGroupEntity,
  GroupOptionEntity,
  ProductOptionGroupEntity,
];
