import {
  agorotToDecimalString,
  type OwnerCategory,
  type OwnerProduct,
  ownerCategorySchema,
  ownerProductSchema,
  parsePriceToAgorot,
  PRODUCT_TAGS,
  type ProductBase,
  type ProductTag,
  type PublicOptionGroup,
  type PublicProduct,
} from '@tafrit/contracts';
import type { Category } from '../persistence/category.entity.js';
import type { Product } from '../persistence/product.entity.js';
import { productImageUrls } from './product-images.js';

/** numeric(10,2) comes back as "12.50", but a value written in this unit of work may still read "12.5": normalise. */
export function priceText(price: string): string {
  const agorot = parsePriceToAgorot(String(price));
  return agorot === null ? String(price) : agorotToDecimalString(agorot);
}

const knownTags = (tags: readonly string[] | null | undefined): ProductTag[] =>
  PRODUCT_TAGS.filter((tag) => tags?.includes(tag));

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export function toOwnerCategory(category: Category): OwnerCategory {
  return ownerCategorySchema.parse({
    id: category.id,
    name: category.name,
    order: category.order,
    createdAt: iso(category.createdAt),
  });
}

function toProductBase(product: Product): ProductBase {
  return {
    id: product.id,
    categoryId: product.categoryId,
    name: product.name,
    description: product.description ?? null,
    price: priceText(product.price),
    image: productImageUrls(product.image ?? null),
    tags: knownTags(product.tags),
  };
}

/**
 * Products in the menu's reading order: their categories' order, then the owner's order within each (ties by id).
 * Products of a category not in the list (none, while the database cascades deletes) come last.
 */
export function inMenuOrder<T extends Pick<Product, 'id' | 'categoryId' | 'position'>>(
  products: readonly T[],
  categories: readonly Pick<Category, 'id'>[],
): T[] {
  const rank = new Map(categories.map((category, index) => [category.id, index]));
  const place = (product: T) => rank.get(product.categoryId) ?? categories.length;
  return [...products].sort((a, b) => place(a) - place(b) || a.position - b.position || a.id - b.id);
}

/** A product as diners see it, with its option groups in the owner's order. */
export function toPublicProduct(product: Product, optionGroups: PublicOptionGroup[] = []): PublicProduct {
  return { ...toProductBase(product), optionGroups, ...(product.isActive ? {} : { soldOut: true as const }) };
}

export function toOwnerProduct(product: Product, optionGroupIds: string[] = []): OwnerProduct {
  return ownerProductSchema.parse({
    ...toProductBase(product),
    isActive: product.isActive,
    createdAt: iso(product.createdAt),
    optionGroupIds,
  });
}
