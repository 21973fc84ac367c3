import { Inject } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import type { ProductInput, ProductTag } from '@tafrit/contracts';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { CategoryEntity } from '../persistence/category.entity.js';
import { ProductEntity } from '../persistence/product.entity.js';
import { recordMenuChange } from './menu-change.js';
import { priceText } from './menu-views.js';
import { ProductImages } from './product-images.js';
import { foreignCategory, nextPosition, ownCategory } from './product-positions.js';

export interface CreateProductInput {
  categoryId: number;
  name: string;
  description: string | null;
  /** A decimal string with at most two decimals, validated by the contract schema ("19.90"). */
  price: string;
  /** The public stem of a stored photo (see product-images.ts), or null. */
  image: string | null;
  tags?: ProductTag[];
}

/**
 * A new product, last in its category. `photo` is an owner's upload, stored by the handler; the demo café's seed names
 * a photo it stored itself in `input.image` instead.
 */
export class CreateProductCommand {
  constructor(
    readonly businessId: string,
    readonly input: CreateProductInput,
    readonly context: { actor: EventActor; correlationId: string },
    readonly photo: Buffer | null = null,
  ) {}

  /** The owner's form, as the contract's schema parsed it. */
  static fromForm(
    businessId: string,
    input: ProductInput,
    photo: Buffer | null,
    context: { actor: EventActor; correlationId: string },
  ): CreateProductCommand {
    const { categoryId, name, description, price, tags } = input;
    const fields = { categoryId, name, description: description ?? null, price: priceText(price), image: null, tags };
    return new CreateProductCommand(businessId, fields, context, photo);
  }
}

@CommandHandler(CreateProductCommand)
export class CreateProductHandler implements ICommandHandler<CreateProductCommand, { id: number }> {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly images: ProductImages,
  ) {}

  async execute({ businessId, input, context, photo }: CreateProductCommand): Promise<{ id: number }> {
    if (!photo) return this.insert(businessId, input, context);
    // Refuse a foreign category before any image work; the insert checks again inside its transaction.
    await ownCategory(this.database.em(), businessId, input.categoryId);
    const image = await this.images.store(photo);
    try {
      return await this.insert(businessId, { ...input, image }, context);
    } catch (error) {
      await this.images.remove([image]);
      throw error;
    }
  }

  private insert(
    businessId: string,
    input: CreateProductInput,
    context: CreateProductCommand['context'],
  ): Promise<{ id: number }> {
    return this.database.em().transactional(async (em) => {
      // Another business's category answers exactly like a missing one: ids reveal nothing across tenants. The row is
      // locked for share until the product is in: a delete of the category either finished first (the category is
      // missing, 404) or waits for this add and then takes the new product with it. Read unlocked, a delete that
      // committed in between made the insert break the foreign key (500, on PostgreSQL).
      const category = await em.findOne(
        CategoryEntity,
        { id: input.categoryId, businessId },
        { lockMode: LockMode.PESSIMISTIC_READ },
      );
      if (!category) throw foreignCategory();
      // New products go last in their category.
      const position = await nextPosition(em, businessId, input.categoryId);
      const product = em.create(ProductEntity, {
        businessId,
        ...input,
        tags: input.tags ?? [],
        isActive: true,
        position,
      });
      await em.flush();
      await recordMenuChange(this.store, em, { businessId, change: 'product.created', productId: product.id }, context);
      return { id: product.id };
    });
  }
}
