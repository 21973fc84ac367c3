import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ProductInput } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { CategoryEntity } from '../persistence/category.entity.js';
import { ProductEntity } from '../persistence/product.entity.js';
import { recordMenuChange } from './menu-change.js';
import { priceText } from './menu-views.js';
import { foreignCategory, nextPosition, ownCategory } from './product-positions.js';
import { ProductImages } from './product-images.js';

/** The owner's form for a product: a new photo replaces the old one; `removeImage` drops it; otherwise it stays. */
export class UpdateProductCommand {
  constructor(
    readonly businessId: string,
    readonly productId: number,
    readonly input: ProductInput,
    readonly photo: Buffer | null,
    readonly context: { actor: EventActor; correlationId: string },
  ) {}
}

/**
 * The row and `MenuChanged` commit together; a new photo's files are written before and removed again if that fails,
 * the replaced photo's files only after it commits.
 */
@CommandHandler(UpdateProductCommand)
export class UpdateProductHandler implements ICommandHandler<UpdateProductCommand, void> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly images: ProductImages,
  ) {}

  async execute({ businessId, productId: id, input, photo, context }: UpdateProductCommand): Promise<void> {
    // Another business's product or category is refused before any image work; checked again in the transaction.
    if (!(await this.database.em().count(ProductEntity, { id, businessId }))) throw new AppError('not_found');
    await ownCategory(this.database.em(), businessId, input.categoryId);
    const stored = photo ? await this.images.store(photo) : null;
    let dropped: string | null = null;
    try {
      await this.database.em().transactional(async (em) => {
        const product = await em.findOne(ProductEntity, { id, businessId });
        if (!product) throw new AppError('not_found');
        if (!(await em.count(CategoryEntity, { id: input.categoryId, businessId }))) throw foreignCategory();
        if (stored || input.removeImage) {
          dropped = product.image ?? null;
          product.image = stored;
        }
        product.name = input.name;
        product.price = priceText(input.price);
        // Moved to another category: it goes last there, as a new product would.
        if (product.categoryId !== input.categoryId)
          product.position = await nextPosition(em, businessId, input.categoryId);
        product.categoryId = input.categoryId;
        // Absent from the request: the description stays as it is.
        if (input.description !== undefined) product.description = input.description;
        product.tags = input.tags;
        await em.flush();
        await recordMenuChange(
          this.store,
          em,
          { businessId, change: 'product.updated', productId: id, categoryId: input.categoryId },
          context,
        );
      });
    } catch (error) {
      await this.images.remove([stored]);
      throw error;
    }
    await this.images.remove([dropped]);
  }
}
