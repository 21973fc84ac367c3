import { Module, type OnModuleInit } from '@nestjs/common';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { CategoriesController } from './api/categories.controller.js';
import { MenuMissLimiter } from './api/menu-miss-limiter.js';
import { ProductsController } from './api/products.controller.js';
import { PublicMenuController } from './api/public-menu.controller.js';
import { CreateCategoryHandler } from './application/create-category.handler.js';
import { CreateProductHandler } from './application/create-product.handler.js';
import { menuCacheProjection } from './application/menu-cache.projection.js';
import { MenuEditor } from './application/menu-editor.service.js';
import { ProductImages } from './application/product-images.js';
import { PublicMenuCache } from './application/public-menu-cache.js';
import { PublicMenuService } from './application/public-menu.service.js';

/**
 * The menu: plain state with a `MenuChanged` notice per edit; the owner's categories and products, product photos,
 * and the public menu, cached in memory until an edit of the menu or of the business drops it.
 */
@Module({
  controllers: [CategoriesController, ProductsController, PublicMenuController],
  providers: [
    CreateCategoryHandler,
    CreateProductHandler,
    MenuEditor,
    ProductImages,
    PublicMenuCache,
    PublicMenuService,
    MenuMissLimiter,
  ],
  // The diner's page (modules/diner) builds on PublicMenuService and may count its 404s with MenuMissLimiter.
  exports: [PublicMenuService, PublicMenuCache, MenuMissLimiter],
})
export class MenuModule implements OnModuleInit {
  constructor(
    private readonly projections: InlineProjectionRegistry,
    private readonly cache: PublicMenuCache<unknown>,
  ) {}

  onModuleInit(): void {
    this.projections.register(menuCacheProjection(this.cache));
  }
}
