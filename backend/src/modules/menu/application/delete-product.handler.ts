import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { ProductEntity } from '../persistence/product.entity.js';
import { recordMenuChange } from './menu-change.js';
import { OptionGroupsRunner } from './option-groups.runner.js';
import { ProductImages } from './product-images.js';

export class DeleteProductCommand {
  constructor(
    readonly businessId: string,
    readonly productId: number,
    readonly context: { actor: EventActor; correlationId: string },
  ) {}
}

/** The row, the groups' events and `MenuChanged` in one transaction; the photo's files only after it commits. */
@CommandHandler(DeleteProductCommand)
export class DeleteProductHandler implements ICommandHandler<DeleteProductCommand, void> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly images: ProductImages,
    private readonly options: OptionGroupsRunner,
  ) {}

  async execute({ businessId, productId, context }: DeleteProductCommand): Promise<void> {
    const image = await this.database.em().transactional(async (em) => {
      // Another business's product answers exactly like a missing one: ids reveal nothing across tenants.
      const product = await em.findOne(ProductEntity, { id: productId, businessId });
      if (!product) throw new AppError('not_found');
      await this.options.run({ type: 'ForgetProducts', data: { businessId, productIds: [productId] } }, context, {
        em,
      });
      await em.nativeDelete(ProductEntity, { id: productId, businessId });
      await recordMenuChange(
        this.store,
        em,
        { businessId, change: 'product.deleted', productId, categoryId: product.categoryId },
        context,
      );
      return product.image ?? null;
    });
    await this.images.remove([image]);
  }
}
