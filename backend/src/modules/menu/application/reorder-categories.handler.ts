import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CategoryEntity } from '../persistence/category.entity.js';
import { recordMenuChange } from './menu-change.js';

/** Every category of the business, in the new order. */
export class ReorderCategoriesCommand {
  constructor(
    readonly businessId: string,
    readonly categoryIds: readonly number[],
    readonly context: { actor: EventActor; correlationId: string },
  ) {}
}

@CommandHandler(ReorderCategoriesCommand)
export class ReorderCategoriesHandler implements ICommandHandler<ReorderCategoriesCommand, void> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ businessId, categoryIds, context }: ReorderCategoriesCommand): Promise<void> {
    await this.database.em().transactional(async (em) => {
      const categories = await em.find(CategoryEntity, { businessId });
      const byId = new Map(categories.map((category) => [category.id, category]));
      // A foreign or unknown id is a 404, as everywhere; a partial list would leave a category without a place: a 400.
      if (categoryIds.some((id) => !byId.has(id))) throw new AppError('not_found');
      if (categoryIds.length !== categories.length) {
        throw new AppError('validation.failed', {
          fields: { ids: 'יש לשלוח את כל הקטגוריות של העסק, כל אחת פעם אחת' },
        });
      }
      categoryIds.forEach((id, index) => {
        const category = byId.get(id);
        if (category) category.order = index;
      });
      await em.flush();
      await recordMenuChange(this.store, em, { businessId, change: 'categories.reordered' }, context);
    });
  }
}
