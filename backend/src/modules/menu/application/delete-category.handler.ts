import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CategoryEntity } from '../persistence/category.entity.js';
import { ProductEntity } from '../persistence/product.entity.js';
import { recordMenuChange } from './menu-change.js';
import { OptionGroupsRunner } from './option-groups.runner.js';
import { ProductImages } from './product-images.js';

/** A category and every product in it: the owner's dialog says so before asking. */
export class DeleteCategoryCommand {
  constructor(
    readonly businessId: string,
    readonly categoryId: number,
    readonly context: { actor: EventActor; correlationId: string },
  ) {}
}

/** The rows, the groups' events and `MenuChanged` in one transaction; the products' photos only after it commits. */
@CommandHandler(DeleteCategoryCommand)
export class DeleteCategoryHandler implements ICommandHandler<DeleteCategoryCommand, void> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly images: ProductImages,
    private readonly options: OptionGroupsRunner,
  ) {}

  async execute({ businessId, categoryId, context }: DeleteCategoryCommand): Promise<void> {
    const images = await this.database.em().transactional(async (em) => {
      // Another business's category answers exactly like a missing one: ids reveal nothing across tenants.
      if (!(await em.findOne(CategoryEntity, { id: categoryId, businessId }))) throw new AppError('not_found');
      const products = await em.find(ProductEntity, { businessId, categoryId }, { fields: ['id', 'image'] });
      // Their option groups come off them in the log too (the groups stay: they are the business's).
      await this.options.run(
        { type: 'ForgetProducts', data: { businessId, productIds: products.map((product) => product.id) } },
        context,
        { em },
      );
      await em.nativeDelete(ProductEntity, { businessId, categoryId });
      await em.nativeDelete(CategoryEntity, { id: categoryId, businessId });
      await recordMenuChange(this.store, em, { businessId, change: 'category.deleted', categoryId }, context);
      return products.map((product) => product.image ?? null);
    });
    await this.images.remove(images);
  }
}
