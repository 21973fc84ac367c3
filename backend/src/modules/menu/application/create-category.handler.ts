import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { CategoryEntity } from '../persistence/category.entity.js';
import { recordMenuChange } from './menu-change.js';

export class CreateCategoryCommand {
  constructor(
    readonly businessId: string,
    readonly name: string,
    readonly context: { actor: EventActor; correlationId: string },
  ) {}
}

@CommandHandler(CreateCategoryCommand)
export class CreateCategoryHandler implements ICommandHandler<CreateCategoryCommand, { id: number }> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ businessId, name, context }: CreateCategoryCommand): Promise<{ id: number }> {
    return this.database.em().transactional(async (em) => {
      // New categories go last: one more than the business's highest order.
      const [last] = await em.find(CategoryEntity, { businessId }, { orderBy: { order: 'desc' }, limit: 1 });
      const category = em.create(CategoryEntity, { businessId, name, order: (last?.order ?? -1) + 1 });
      await em.flush();
      await recordMenuChange(
        this.store,
        em,
        { businessId, change: 'category.created', categoryId: category.id },
        context,
      );
      return { id: category.id };
    });
  }
}
