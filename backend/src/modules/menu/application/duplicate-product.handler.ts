import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PRODUCT_TAGS, productInputSchema } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { parseWith } from '../../../platform/http/parse.js';
import { copyName, orderWithCopy } from '../domain/product-copy.js';
import { ProductEntity } from '../persistence/product.entity.js';
import { recordMenuChange } from './menu-change.js';
import { OptionGroupsRunner } from './option-groups.runner.js';
import { priceText } from './menu-views.js';
import { ProductImages } from './product-images.js';

/** A copy of one of the business's products, placed right after it, named "<name> (עותק)". */
export class DuplicateProductCommand {
  constructor(
    readonly businessId: string,
    readonly productId: number,
    readonly context: { actor: EventActor; correlationId: string },
  ) {}
}

const notFound = () => new AppError('not_found');

/**
 * The copy has the original's price, description, tags, availability, a copy of its photo's files (decision 020 says
 * why not the same files) and its option groups, attached in the same order (the groups are shared, not copied). The
 * row, the new order of the category, the groups' events and `MenuChanged` commit together; the photo's files are
 * written before and removed again if that fails.
 */
@CommandHandler(DuplicateProductCommand)
export class DuplicateProductHandler implements ICommandHandler<DuplicateProductCommand, { id: number }> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly images: ProductImages,
    private readonly options: OptionGroupsRunner,
  ) {}

  async execute({ businessId, productId, context }: DuplicateProductCommand): Promise<{ id: number }> {
    // Another business's product answers exactly like a missing one, before any file is touched.
    const source = await this.database.em().findOne(ProductEntity, { id: productId, businessId });
    if (!source) throw notFound();
    const image = await this.images.copy(source.image ?? null);
    try {
      return await this.database.em().transactional(async (em) => {
        const original = await em.findOne(ProductEntity, { id: productId, businessId });
        if (!original) throw notFound();
        // The copy is held to today's rules for a product, as if the owner had typed it (a name at the limit is
        // shortened by copyName so its mark still fits); a row the rules no longer allow is a 400, never a 500.
        const fields = parseWith(productInputSchema, {
          name: copyName(original.name),
          price: priceText(original.price),
          categoryId: original.categoryId,
          description: original.description ?? null,
          tags: PRODUCT_TAGS.filter((tag) => original.tags?.includes(tag)),
        });
        const copy = em.create(ProductEntity, {
          businessId,
          categoryId: fields.categoryId,
          name: fields.name,
          description: fields.description ?? null,
          price: fields.price,
          image,
          tags: fields.tags,
          isActive: original.isActive,
          position: original.position,
        });
        await em.flush();
        const siblings = await em.find(
          ProductEntity,
          { businessId, categoryId: original.categoryId },
          { orderBy: { position: 'asc', id: 'asc' } },
        );
        const byId = new Map(siblings.map((product) => [product.id, product]));
        orderWithCopy(
          siblings.map((product) => product.id),
          original.id,
          copy.id,
        ).forEach((id, position) => {
          const product = byId.get(id);
          if (product) product.position = position;
        });
        await em.flush();
        await this.options.run(
          { type: 'CopyProductOptionGroups', data: { businessId, fromProductId: original.id, toProductId: copy.id } },
          context,
          { em },
        );
        await recordMenuChange(
          this.store,
          em,
          { businessId, change: 'product.duplicated', productId: copy.id, categoryId: copy.categoryId },
          context,
        );
        return { id: copy.id };
      });
    } catch (error) {
      await this.images.remove([image]);
      throw error;
    }
  }
}
