import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { MenuItemTranslations, TranslatableKind } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { menuTranslationsDecider } from '../domain/menu-translations.decider.js';
import { menuTranslationsStreamId } from '../domain/menu-translations.events.js';
import { CategoryEntity } from '../persistence/category.entity.js';
import { ProductEntity } from '../persistence/product.entity.js';
import { GroupOptionEntity, OptionGroupEntity } from '../projections/option-group.entities.js';

/** The owner's text of one item in the languages sent (an empty language drops its translation). */
export class TranslateMenuItemCommand {
  constructor(
    readonly businessId: string,
    readonly kind: TranslatableKind,
    /** Already shaped by the path: a positive integer as text, or a UUID. */
    readonly itemId: string,
    readonly translations: MenuItemTranslations,
    readonly context: { actor: EventActor; correlationId: string },
  ) {}
}

/** Is the item the business's own? Another business's id answers like a missing one. */
function ownItem(em: EntityManager, businessId: string, kind: TranslatableKind, itemId: string): Promise<number> {
  switch (kind) {
    case 'category':
      return em.count(CategoryEntity, { id: Number(itemId), businessId });
    case 'product':
      return em.count(ProductEntity, { id: Number(itemId), businessId });
    case 'optionGroup':
      return em.count(OptionGroupEntity, { id: itemId, businessId });
    case 'option':
      return em.count(GroupOptionEntity, { id: itemId, businessId });
  }
}

/**
 * Checks the item and decides on the stream `menu-translations-{phone}` in one transaction (the inline projection
 * moves `menu_translations`, and the public menu's cache of every language drops after the commit).
 */
@CommandHandler(TranslateMenuItemCommand)
export class TranslateMenuItemHandler implements ICommandHandler<TranslateMenuItemCommand, void> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ businessId, kind, itemId, translations, context }: TranslateMenuItemCommand): Promise<void> {
    await this.database.em().transactional(async (em) => {
      if (!(await ownItem(em, businessId, kind, itemId))) throw new AppError('not_found');
      await handleCommand({
        store: this.store,
        streamId: menuTranslationsStreamId(businessId),
        decider: menuTranslationsDecider,
        command: { type: 'TranslateMenuItem', data: { businessId, kind, itemId, translations } },
        metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: new Date().toISOString() },
        em,
      });
    });
  }
}
