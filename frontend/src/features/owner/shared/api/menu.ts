// The owner's menu: categories and products. Each call has its fetcher, its query options and its hook side by side
// (CONVENTIONS.md example 10). Product writes are multipart and go through XMLHttpRequest so the form can show the
// image's upload progress (spec §2, §7).
//
import { ownerCategorySchema, ownerProductSchema, type ProductInput } from '@tafrit/contracts/http/menu.schemas';
import type { OwnerCategory, OwnerProduct } from '@tafrit/contracts/menu-types';
import { optimisticUpdate } from './optimistic';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { dataOf } from './responses';
import { sendWithProgress } from './profile';
import { ownerRequest, withOwnerSession } from './session-request';

export const CATEGORIES_URL = '/api/categories';
export const PRODUCTS_URL = '/api/products';

export type Category = OwnerCategory;
export type Product = OwnerProduct;

const categoryListSchema = z.array(ownerCategorySchema);
const productListSchema = z.array(ownerProductSchema);

/** Categories in the owner's order (ties by id, so the list never jumps). */
export function sortCategories(categories: readonly Category[]): Category[] {
  return [...categories].sort((a, b) => a.order - b.order || a.id - b.id);
}

export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return sortCategories(dataOf(categoryListSchema, await ownerRequest('GET', CATEGORIES_URL, undefined, { signal })));
}

/** Products in the owner's order within each category, as the server lists them. */
export async function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return dataOf(productListSchema, await ownerRequest('GET', PRODUCTS_URL, undefined, { signal }));
}

export const categoriesQueryOptions = queryOptions({
  queryKey: [CATEGORIES_URL],
  queryFn: ({ signal }) => getCategories(signal),
});

export const productsQueryOptions = queryOptions({
  queryKey: [PRODUCTS_URL],
  queryFn: ({ signal }) => getProducts(signal),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}

export function useProducts() {
  return useQuery(productsQueryOptions);
}

// Categories.

export async function createCategory(name: string): Promise<void> {
  await ownerRequest('POST', CATEGORIES_URL, { name });
}

export async function renameCategory({ id, name }: { id: number; name: string }): Promise<void> {
  await ownerRequest('PUT', `${CATEGORIES_URL}/${id}`, { name });
}

export async function deleteCategory(id: number): Promise<void> {
  await ownerRequest('DELETE', `${CATEGORIES_URL}/${id}`);
}

export async function reorderCategories(ids: number[]): Promise<void> {
  await ownerRequest('PATCH', `${CATEGORIES_URL}/order`, { ids });
}

/** The list with the category at `index` swapped with its neighbour (`-1` up, `+1` down); unchanged at the ends. */
export function moveCategory(categories: readonly Category[], index: number, direction: -1 | 1): Category[] {
  const target = index + direction;
  if (index < 0 || index >= categories.length || target < 0 || target >= categories.length) return [...categories];
  const next = [...categories];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(target, 0, moved);
  return next.map((category, order) => ({ ...category, order }));
}

function useMenuInvalidation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: categoriesQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: productsQueryOptions.queryKey }),
    ]);
}

export function useCreateCategory() {
  const invalidate = useMenuInvalidation();
  return useMutation({ mutationFn: createCategory, onSettled: invalidate });
}

export function useRenameCategory() {
  const invalidate = useMenuInvalidation();
  return useMutation({ mutationFn: renameCategory, onSettled: invalidate });
}

/** Deleting a category deletes its products on the server: both lists are refetched. */
export function useDeleteCategory() {
  const invalidate = useMenuInvalidation();
  return useMutation({ mutationFn: deleteCategory, onSettled: invalidate });
}

/** Reordering shows the new order at once and puts the old one back if the server refuses. */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  const key = categoriesQueryOptions.queryKey;
  return useMutation({
    mutationFn: (next: Category[]) => reorderCategories(next.map((category) => category.id)),
    ...optimisticUpdate<Category[], Category[]>(queryClient, key, (_categories, next) => next),
  });
}

// Products.

export type { ProductInput };

export interface SaveProductArgs {
  /** Absent for a new product. */
  id?: number;
  values: ProductInput;
  /** A new image to upload. */
  image?: File | null;
  /** Edit only: drop the current image. */
  removeImage?: boolean;
  onProgress?: (percent: number) => void;
}

/** The multipart body of POST /api/products and PUT /api/products/{id}. */
export function productFormData({ values, image, removeImage }: SaveProductArgs): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('price', values.price.trim());
  form.append('categoryId', String(values.categoryId));
  // Always sent: an empty field clears the description, an absent one would keep it (PUT).
  form.append('description', values.description?.trim() ?? '');
  form.append('tags', values.tags.join(','));
  if (image) form.append('image', image);
  else if (removeImage) form.append('removeImage', 'true');
  return form;
}

export async function saveProduct(args: SaveProductArgs): Promise<void> {
  const onProgress = args.onProgress ?? (() => undefined);
  await withOwnerSession(() => {
    onProgress(0);
    return args.id === undefined
      ? sendWithProgress('POST', PRODUCTS_URL, productFormData(args), onProgress)
      : sendWithProgress('PUT', `${PRODUCTS_URL}/${args.id}`, productFormData(args), onProgress);
  });
}

/** Every product of the category, in the new order (drag, keyboard): one request per move. */
export async function reorderProducts({ categoryId, ids }: { categoryId: number; ids: number[] }): Promise<void> {
  await ownerRequest('PATCH', `${CATEGORIES_URL}/${categoryId}/products/order`, { ids });
}

/** The products with the category's ones in the order of `ids`, in the places that category's products held. */
export function withProductOrder(products: readonly Product[], categoryId: number, ids: readonly number[]): Product[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  let next = 0;
  return products.map((product) => (product.categoryId === categoryId ? (ordered[next++] ?? product) : product));
}

/** A copy of the product right after it ("<name> (עותק)"), with its photo and option groups: answers the copy. */
export async function duplicateProduct(id: number): Promise<Product> {
  return dataOf(ownerProductSchema, await ownerRequest('POST', `${PRODUCTS_URL}/${id}/duplicate`));
}

export async function setProductAvailability({ id, isActive }: { id: number; isActive: boolean }): Promise<void> {
  await ownerRequest('PATCH', `${PRODUCTS_URL}/${id}/availability`, { isActive });
}

export async function deleteProduct(id: number): Promise<void> {
  await ownerRequest('DELETE', `${PRODUCTS_URL}/${id}`);
}

export function useSaveProduct() {
  const invalidate = useMenuInvalidation();
  return useMutation({ mutationFn: saveProduct, onSettled: invalidate });
}

export function useDeleteProduct() {
  const invalidate = useMenuInvalidation();
  return useMutation({ mutationFn: deleteProduct, onSettled: invalidate });
}

export function useDuplicateProduct() {
  const invalidate = useMenuInvalidation();
  return useMutation({ mutationFn: duplicateProduct, onSettled: invalidate });
}

/** The category's products show in their new order at once; the old order comes back if the server refuses. */
export function useReorderProducts() {
  const queryClient = useQueryClient();
  const key = productsQueryOptions.queryKey;
  return useMutation({
    mutationFn: reorderProducts,
    ...optimisticUpdate<Product[], Parameters<typeof reorderProducts>[0]>(
      queryClient,
      key,
      (products, { categoryId, ids }) => (products ? withProductOrder(products, categoryId, ids) : products),
    ),
  });
}

/** The switch moves at once; the server's answer (or a refusal) settles it. */
export function useProductAvailability() {
  const queryClient = useQueryClient();
  const key = productsQueryOptions.queryKey;
  return useMutation({
    mutationFn: setProductAvailability,
    ...optimisticUpdate<Product[], Parameters<typeof setProductAvailability>[0]>(
      queryClient,
      key,
      (products, { id, isActive }) =>
        products?.map((product) => (product.id === id ? { ...product, isActive } : product)),
    ),
  });
}

/** Started by the route's loader, in parallel with the screen's code: never throws, the screen shows any error. */
export function prefetchMenu(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(categoriesQueryOptions),
    queryClient.prefetchQuery(productsQueryOptions),
  ]);
}
