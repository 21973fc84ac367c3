import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { menuMessagesHe } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CategoryEntity } from '../persistence/category.entity.js';
import { ProductEntity } from '../persistence/product.entity.js';
import { recordMenuChange } from './menu-change.js';

/** Every product of one category, in the new order (the owner dragged one, or moved it by keyboard). */
export class ReorderProductsCommand {
  constructor(
    readonly businessId: string,
    readonly categoryId: number,
    readonly productIds: readonly number[],
    readonly context: { actor: EventActor; correlationId: string },
  ) {}
}

@CommandHandler(ReorderProductsCommand)
export class ReorderProductsHandler implements ICommandHandler<ReorderProductsCommand, void> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ businessId, categoryId, productIds, context }: ReorderProductsCommand): Promise<void> {
    await this.database.em().transactional(async (em) => {
      // Another business's category or product answers exactly like a missing one: ids reveal nothing across tenants.
      if (!(await em.count(CategoryEntity, { id: categoryId, businessId }))) throw new AppError('not_found');
      const products = await em.find(ProductEntity, { businessId, categoryId });
      const byId = new Map(products.map((product) => [product.id, product]));
      if (productIds.some((id) => !byId.has(id))) throw new AppError('not_found');
      // The whole list or nothing: a list made before another product was added (or moved here) would lose it a place.
      if (productIds.length !== products.length) {
        throw new AppError('validation.failed', { fields: { ids: menuMessagesHe.productOrderInvalid } });
      }
      productIds.forEach((id, position) => {
        const product = byId.get(id);
        if (product) product.position = position;
      });
      await em.flush();
      await recordMenuChange(this.store, em, { businessId, change: 'products.reordered', categoryId }, context);
    });
  }
}
