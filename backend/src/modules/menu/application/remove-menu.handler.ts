import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { CategoryEntity } from '../persistence/category.entity.js';
import { ProductEntity } from '../persistence/product.entity.js';
import { recordMenuChange } from './menu-change.js';
import { OptionGroupsRunner } from './option-groups.runner.js';
import { ProductImages } from './product-images.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { menuTranslationsDecider } from '../domain/menu-translations.decider.js';
import { menuTranslationsStreamId } from '../domain/menu-translations.events.js';

/** Removes a business's whole menu and its photos (an account is closed); a repeat finishes what is left. */
export class RemoveMenuCommand {
  constructor(
    readonly businessId: string,
    readonly context: { actor: EventActor; correlationId: string },
  ) {}
}

@CommandHandler(RemoveMenuCommand)
export class RemoveMenuHandler implements ICommandHandler<RemoveMenuCommand, void> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly images: ProductImages,
    private readonly options: OptionGroupsRunner,
  ) {}

  /**
   * Deletes every option group, category and product in one transaction, with a `MenuChanged` per category on the menu stream (the
   * menu's rule: every change is in the log); the photos go only after the commit, so no row names a missing file.
   */
  async execute({ businessId, context }: RemoveMenuCommand): Promise<void> {
    const stems = await this.database.em().transactional(async (em) => {
      const products = await em.find(ProductEntity, { businessId }, { fields: ['id', 'image'] });
      const categories = await em.find(CategoryEntity, { businessId }, { fields: ['id'] });
      // The option groups go too, in the log (their places on products with them).
      await this.options.run({ type: 'RemoveAllOptionGroups', data: { businessId } }, context, { em });
      // And the owner's translations of it.
      await handleCommand({
        store: this.store,
        streamId: menuTranslationsStreamId(businessId),
        decider: menuTranslationsDecider,
        command: { type: 'RemoveMenuTranslations', data: { businessId } },
        metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: new Date().toISOString() },
        em,
      });
      await em.nativeDelete(ProductEntity, { businessId });
      await em.nativeDelete(CategoryEntity, { businessId });
      for (const category of categories) {
        await recordMenuChange(
          this.store,
          em,
          { businessId, change: 'category.deleted', categoryId: category.id },
          context,
        );
      }
      return products.map((product) => product.image ?? null);
    });
    await this.images.remove(stems);
  }
}
