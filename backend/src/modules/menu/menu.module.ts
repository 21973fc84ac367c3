import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { DATABASE } from '../../platform/database/database.module.js';
import type { Database } from '../../platform/database/database.js';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { EnvelopeExceptionFilter } from '../../platform/http/exception.filter.js';
import { HttpFastPath } from '../../platform/http/fast-path.js';
import { SpaFallback } from '../../platform/http/spa-fallback.js';
import { CategoriesController } from './api/categories.controller.js';
import { MenuMissLimiter } from './api/menu-miss-limiter.js';
import { OptionGroupsController } from './api/option-groups.controller.js';
import { ProductOptionGroupsController } from './api/product-option-groups.controller.js';
import { ProductsController } from './api/products.controller.js';
import { MenuTranslationsController } from './api/menu-translations.controller.js';
import { TranslateMenuItemHandler } from './application/translate-menu-item.handler.js';
import { menuTranslationsProjection } from './projections/menu-translations.projection.js';
import { MenuTranslationsReader } from './projections/menu-translations.reader.js';
import { CreateOptionGroupHandler } from './application/create-option-group.handler.js';
import { EditOptionGroupHandler } from './application/edit-option-group.handler.js';
import { DeleteOptionGroupHandler } from './application/delete-option-group.handler.js';
import { AddOptionHandler } from './application/add-option.handler.js';
import { EditOptionHandler } from './application/edit-option.handler.js';
import { RemoveOptionHandler } from './application/remove-option.handler.js';
import { SetOptionAvailabilityHandler } from './application/set-option-availability.handler.js';
import { ReorderOptionsHandler } from './application/reorder-options.handler.js';
import { AttachOptionGroupHandler } from './application/attach-option-group.handler.js';
import { DetachOptionGroupHandler } from './application/detach-option-group.handler.js';
import { ReorderProductOptionGroupsHandler } from './application/reorder-product-option-groups.handler.js';
import { OwnerOptionGroupsQuery } from './application/owner-option-groups.query.js';
import { OptionGroupsRunner } from './application/option-groups.runner.js';
import { optionGroupsProjection } from './projections/option-groups.projection.js';
import { OptionGroupsReader } from './projections/option-groups.reader.js';
import { publicMenuFastPath } from './api/public-menu.fast-path.js';
import { registerPublicMenuRoute } from './api/public-menu.route.js';
import { CheckoutMenus } from './application/checkout-menu.reader.js';
import { CreateCategoryHandler } from './application/create-category.handler.js';
import { CreateProductHandler } from './application/create-product.handler.js';
import { DuplicateProductHandler } from './application/duplicate-product.handler.js';
import { ReorderProductsHandler } from './application/reorder-products.handler.js';
import { menuCacheProjection } from './application/menu-cache.projection.js';
import { OwnerMenuQuery } from './application/owner-menu.query.js';
import { RenameCategoryHandler } from './application/rename-category.handler.js';
import { ReorderCategoriesHandler } from './application/reorder-categories.handler.js';
import { DeleteCategoryHandler } from './application/delete-category.handler.js';
import { UpdateProductHandler } from './application/update-product.handler.js';
import { DeleteProductHandler } from './application/delete-product.handler.js';
import { SetProductAvailabilityHandler } from './application/set-product-availability.handler.js';
import { ProductImages } from './application/product-images.js';
import { PublicMenuCache } from './application/public-menu-cache.js';
import { PickupSlotCounts } from './application/pickup-slot-counts.js';
import { PublicMenuService } from './application/public-menu.service.js';
import { MenuReader } from './persistence/menu.reader.js';
import { RemoveMenuHandler } from './application/remove-menu.handler.js';

/**
 * The menu: plain state with a `MenuChanged` notice per edit, each edit one command with its handler; the owner's
 * categories and products, product photos, and the public menu, cached in memory until an edit of the menu or of the business drops it. Option groups are
 * event-sourced per business (`options-{phone}`, decision 020), one command handler per change, and so are the owner's
 * translations of the menu's text (`menu-translations-{phone}`, decision 023).
 */
@Module({
  // The public menu (GET /api/menu/:departmentId) is not a controller: see onModuleInit.
  controllers: [
    CategoriesController,
    ProductsController,
    OptionGroupsController,
    ProductOptionGroupsController,
    MenuTranslationsController,
  ],
  providers: [
    CreateOptionGroupHandler,
    EditOptionGroupHandler,
    DeleteOptionGroupHandler,
    AddOptionHandler,
    EditOptionHandler,
    RemoveOptionHandler,
    SetOptionAvailabilityHandler,
    ReorderOptionsHandler,
    AttachOptionGroupHandler,
    DetachOptionGroupHandler,
    ReorderProductOptionGroupsHandler,
    OptionGroupsRunner,
    OptionGroupsReader,
    OwnerOptionGroupsQuery,
    TranslateMenuItemHandler,
    MenuTranslationsReader,
    CreateCategoryHandler,
    RenameCategoryHandler,
    ReorderCategoriesHandler,
    DeleteCategoryHandler,
    CreateProductHandler,
    UpdateProductHandler,
    SetProductAvailabilityHandler,
    ReorderProductsHandler,
    DuplicateProductHandler,
    DeleteProductHandler,
    RemoveMenuHandler,
    OwnerMenuQuery,
    ProductImages,
    PublicMenuCache,
    PublicMenuService,
    PickupSlotCounts,
    MenuMissLimiter,
    MenuReader,
    CheckoutMenus,
  ],
  // The diner's page (modules/diner) builds on PublicMenuService and may count its 404s with MenuMissLimiter; the
  // demo café's seed reads what is there with MenuReader; ordering prices a checkout with CheckoutMenus, and
  // will price the chosen options with OptionGroupsReader.forPricing.
  exports: [
    PublicMenuService,
    PickupSlotCounts,
    PublicMenuCache,
    MenuMissLimiter,
    MenuReader,
    CheckoutMenus,
    OptionGroupsReader,
    ProductImages,
    MenuTranslationsReader,
  ],
})
export class MenuModule implements OnModuleInit {
  constructor(
    private readonly projections: InlineProjectionRegistry,
    private readonly cache: PublicMenuCache<unknown>,
    private readonly menus: PublicMenuService,
    private readonly misses: MenuMissLimiter,
    private readonly adapterHost: HttpAdapterHost,
    private readonly moduleRef: ModuleRef,
    private readonly fastPath: HttpFastPath,
  ) {}

  onModuleInit(): void {
    this.projections.register(optionGroupsProjection);
    this.projections.register(menuTranslationsProjection);
    this.projections.register(menuCacheProjection(this.cache));
    // The public menu's route goes on Fastify itself, outside Nest's router (docs/decisions/009): Nest calls
    // onModuleInit after its own routes are registered and before the server is ready, and the root hooks (security
    // headers, request id, logging) apply to it like to every route. Its errors are rendered by the application's
    // envelope filter, made here with the same dependencies Nest gives the global one.
    const adapter = this.adapterHost.httpAdapter;
    if (!adapter) return; // an application context without HTTP (scripts): no route to register
    // Its cached hits are answered even before Fastify (docs/decisions/012); everything else reaches the route.
    this.fastPath.use(publicMenuFastPath(this.fastPath, this.menus));
    registerPublicMenuRoute(adapter.getInstance<FastifyInstance>(), {
      menus: this.menus,
      misses: this.misses,
      errors: new EnvelopeExceptionFilter(
        this.moduleRef.get<Database>(DATABASE, { strict: false }),
        this.moduleRef.get(SpaFallback, { strict: false }),
      ),
    });
  }
}
