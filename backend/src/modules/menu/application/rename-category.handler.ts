import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CategoryEntity } from '../persistence/category.entity.js';
import { recordMenuChange } from './menu-change.js';

export class RenameCategoryCommand {
  constructor(
    readonly businessId: string,
    readonly categoryId: number,
    readonly name: string,
    readonly context: { actor: EventActor; correlationId: string },
  ) {}
}

@CommandHandler(RenameCategoryCommand)
export class RenameCategoryHandler implements ICommandHandler<RenameCategoryCommand, void> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ businessId, categoryId, name, context }: RenameCategoryCommand): Promise<void> {
    await this.database.em().transactional(async (em) => {
      // Another business's category answers exactly like a missing one: ids reveal nothing across tenants.
      const category = await em.findOne(CategoryEntity, { id: categoryId, businessId });
      if (!category) throw new AppError('not_found');
      category.name = name;
      await em.flush();
      await recordMenuChange(this.store, em, { businessId, change: 'category.renamed', categoryId }, context);
    });
  }
}
