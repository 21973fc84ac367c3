import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type CategoryInput,
  type OwnerCategory,
  type OwnerProduct,
  type ProductInput,
  validationMessagesHe,
} from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { EVENT_STORE, type EventActor, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { MenuChanged } from '../domain/menu.events.js';
import { CategoryEntity } from '../persistence/category.entity.js';
import { ProductEntity } from '../persistence/product.entity.js';
import { CreateCategoryCommand } from './create-category.handler.js';
import { CreateProductCommand } from './create-product.handler.js';
import { DuplicateProductCommand } from './duplicate-product.handler.js';
import { ReorderProductsCommand } from './reorder-products.handler.js';
import { recordMenuChange } from './menu-change.js';
import { inMenuOrder, priceText, toOwnerCategory, toOwnerProduct } from './menu-views.js';
import { ProductImages } from './product-images.js';
import { nextPosition } from './product-positions.js';
import { OptionGroupsReader } from '../projections/option-groups.reader.js';
import { OptionGroupsRunner } from './option-groups.runner.js';

export interface MenuContext {
  actor: EventActor;
  correlationId: string;
}

/** Another business's id answers exactly like a missing one: ids reveal nothing across tenants. */
const notFound = () => new AppError('not_found');

/**
 * The owner's menu edits. Each one is a transaction that changes the rows and appends `MenuChanged` (recordMenuChange)
 * together; image files are written before it and the files it dropped are removed after it commits. Every lookup is
 * scoped to the signed-in business.
 */
@Injectable()
export class MenuEditor {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly images: ProductImages,
    private readonly optionGroups: OptionGroupsReader,
    private readonly options: OptionGroupsRunner,
  ) {}

  async listCategories(businessId: string): Promise<OwnerCategory[]> {
    const categories = await this.database
      .em()
      .find(CategoryEntity, { businessId }, { orderBy: { order: 'asc', id: 'asc' } });
    return categories.map(toOwnerCategory);
  }

  async createCategory(businessId: string, { name }: CategoryInput, context: MenuContext): Promise<OwnerCategory> {
    const { id } = await this.commands.execute<CreateCategoryCommand, { id: number }>(
      new CreateCategoryCommand(businessId, name, context),
    );
    return this.category(businessId, id);
  }

  async renameCategory(
    businessId: string,
    id: number,
    { name }: CategoryInput,
    context: MenuContext,
  ): Promise<OwnerCategory> {
    await this.change(businessId, context, async (em) => {
      const category = await em.findOne(CategoryEntity, { id, businessId });
      if (!category) throw notFound();
      category.name = name;
      await em.flush();
      return { change: 'category.renamed', categoryId: id };
    });
    return this.category(businessId, id);
  }

  /** The category and its products (the database cascades them) in one transaction; their photos after it. */
  async deleteCategory(businessId: string, id: number, context: MenuContext): Promise<void> {
    let images: (string | null)[] = [];
    await this.change(businessId, context, async (em) => {
      const category = await em.findOne(CategoryEntity, { id, businessId });
      if (!category) throw notFound();
      const products = await em.find(ProductEntity, { businessId, categoryId: id }, { fields: ['id', 'image'] });
      images = products.map((product) => product.image ?? null);
      // Their option groups come off them in the log too (the groups stay: they are the business's).
      await this.options.run(
        { type: 'ForgetProducts', data: { businessId, productIds: products.map((product) => product.id) } },
        context,
        { em },
      );
      await em.nativeDelete(ProductEntity, { businessId, categoryId: id });
      await em.nativeDelete(CategoryEntity, { id, businessId });
      return { change: 'category.deleted', categoryId: id };
    });
    await this.images.remove(images);
  }

  /** `ids` must be every category of the business, each once; a foreign or unknown id is a 404. */
  async reorderCategories(businessId: string, ids: readonly number[], context: MenuContext): Promise<OwnerCategory[]> {
    await this.change(businessId, context, async (em) => {
      const categories = await em.find(CategoryEntity, { businessId });
      const byId = new Map(categories.map((category) => [category.id, category]));
      if (ids.some((id) => !byId.has(id))) throw notFound();
      if (ids.length !== categories.length) {
        throw new AppError('validation.failed', {
          fields: { ids: 'יש לשלוח את כל הקטגוריות של העסק, כל אחת פעם אחת' },
        });
      }
      ids.forEach((id, index) => {
        const category = byId.get(id);
        if (category) category.order = index;
      });
      await em.flush();
      return { change: 'categories.reordered' };
    });
    return this.listCategories(businessId);
  }

  async listProducts(businessId: string): Promise<OwnerProduct[]> {
    const em = this.database.em();
    // One after the other: on the embedded database the ORM has a single connection.
    const categories = await em.find(CategoryEntity, { businessId }, { orderBy: { order: 'asc', id: 'asc' } });
    const products = inMenuOrder(await em.find(ProductEntity, { businessId }), categories);
    const { productGroups } = await this.optionGroups.ofBusiness(businessId, em);
    return products.map((product) => toOwnerProduct(product, productGroups.get(product.id)));
  }

  async createProduct(
    businessId: string,
    input: ProductInput,
    image: Buffer | null,
    context: MenuContext,
  ): Promise<OwnerProduct> {
    // Refuse a foreign category before any image work; the handler checks again inside its transaction.
    await this.ownCategory(businessId, input.categoryId);
    const stored = image ? await this.images.store(image) : null;
    let id: number;
    try {
      ({ id } = await this.commands.execute<CreateProductCommand, { id: number }>(
        new CreateProductCommand(
          businessId,
          {
            categoryId: input.categoryId,
            name: input.name,
            description: input.description ?? null,
            price: priceText(input.price),
            image: stored,
            tags: input.tags,
          },
          context,
        ),
      ));
    } catch (error) {
      await this.images.remove([stored]);
      throw error;
    }
    return this.product(businessId, id);
  }

  /** Every product of the category in the new order; a foreign category or product is a 404, a partial list a 400. */
  async reorderProducts(
    businessId: string,
    categoryId: number,
    ids: readonly number[],
    context: MenuContext,
  ): Promise<OwnerProduct[]> {
    await this.commands.execute(new ReorderProductsCommand(businessId, categoryId, ids, context));
    return this.listProducts(businessId);
  }

  /** A copy of the product right after it, with its photo and option groups; another business's id is a 404. */
  async duplicateProduct(businessId: string, id: number, context: MenuContext): Promise<OwnerProduct> {
    const copy = await this.commands.execute<DuplicateProductCommand, { id: number }>(
      new DuplicateProductCommand(businessId, id, context),
    );
    return this.product(businessId, copy.id);
  }

  /** A new image replaces the old one; `removeImage` drops it; otherwise the photo stays. */
  async updateProduct(
    businessId: string,
    id: number,
    input: ProductInput,
    image: Buffer | null,
    context: MenuContext,
  ): Promise<OwnerProduct> {
    await this.ownProduct(businessId, id);
    await this.ownCategory(businessId, input.categoryId);
    const stored = image ? await this.images.store(image) : null;
    let dropped: string | null = null;
    try {
      await this.change(businessId, context, async (em) => {
        const product = await em.findOne(ProductEntity, { id, businessId });
        if (!product) throw notFound();
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
        return { change: 'product.updated', productId: id, categoryId: input.categoryId };
      });
    } catch (error) {
      await this.images.remove([stored]);
      throw error;
    }
    await this.images.remove([dropped]);
    return this.product(businessId, id);
  }

  async deleteProduct(businessId: string, id: number, context: MenuContext): Promise<void> {
    let image: string | null = null;
    await this.change(businessId, context, async (em) => {
      const product = await em.findOne(ProductEntity, { id, businessId });
      if (!product) throw notFound();
      image = product.image ?? null;
      await this.options.run({ type: 'ForgetProducts', data: { businessId, productIds: [id] } }, context, { em });
      await em.nativeDelete(ProductEntity, { id, businessId });
      return { change: 'product.deleted', productId: id, categoryId: product.categoryId };
    });
    await this.images.remove([image]);
  }

  /** Sold out for today (false) or available again (true). */
  async setAvailability(
    businessId: string,
    id: number,
    isActive: boolean,
    context: MenuContext,
  ): Promise<OwnerProduct> {
    await this.change(businessId, context, async (em) => {
      const product = await em.findOne(ProductEntity, { id, businessId });
      if (!product) throw notFound();
      product.isActive = isActive;
      await em.flush();
      return { change: 'product.availability_changed', productId: id };
    });
    return this.product(businessId, id);
  }

  /**
   * Runs one edit and its `MenuChanged` in one transaction; the event drops the cached public menu after the commit
   * (menu-cache.projection.ts).
   */
  private async change(
    businessId: string,
    context: MenuContext,
    edit: (em: EntityManager) => Promise<Omit<MenuChanged['data'], 'businessId' | 'changedAt'>>,
  ): Promise<void> {
    await this.database.em().transactional(async (em) => {
      const change = await edit(em);
      await recordMenuChange(this.store, em, { businessId, ...change }, context);
    });
  }

  private async category(businessId: string, id: number): Promise<OwnerCategory> {
    const category = await this.database.em().findOne(CategoryEntity, { id, businessId });
    if (!category) throw notFound();
    return toOwnerCategory(category);
  }

  /** One product of the business with its option groups; another business's id is a 404. */
  getProduct(businessId: string, id: number): Promise<OwnerProduct> {
    return this.product(businessId, id);
  }

  private async product(businessId: string, id: number): Promise<OwnerProduct> {
    const em = this.database.em();
    const product = await em.findOne(ProductEntity, { id, businessId });
    if (!product) throw notFound();
    const { productGroups } = await this.optionGroups.ofBusiness(businessId, em);
    return toOwnerProduct(product, productGroups.get(id));
  }

  private async ownProduct(businessId: string, id: number): Promise<void> {
    if (!(await this.database.em().count(ProductEntity, { id, businessId }))) throw notFound();
  }

  private async ownCategory(businessId: string, id: number): Promise<void> {
    if (!(await this.database.em().count(CategoryEntity, { id, businessId }))) throw foreignCategory();
  }
}

const foreignCategory = () =>
  new AppError('not_found', { fields: { categoryId: validationMessagesHe.categoryRequired } });
