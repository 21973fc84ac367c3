// The owner's option groups (issue 16): shared by products, each with its options. Each call has its fetcher, its
// query options and its hook side by side (CONVENTIONS.md example 10). A change of a group can change products (which
// groups they show), so every write refetches both lists.
import {
  ownerOptionGroupSchema,
  type NewOptionGroupInput,
  type OptionGroupInput,
  type OptionInput,
} from '@tafrit/contracts/http/menu.schemas';
import type { OwnerOption, OwnerOptionGroup } from '@tafrit/contracts/menu-types';
import { optimisticUpdate } from './optimistic';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { prefetchMenu, productsQueryOptions, type Product } from './menu';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const OPTION_GROUPS_URL = '/api/option-groups';

export type OptionGroup = OwnerOptionGroup;
export type Option = OwnerOption;

const groupListSchema = z.array(ownerOptionGroupSchema);

export async function getOptionGroups(signal?: AbortSignal): Promise<OptionGroup[]> {
  return dataOf(groupListSchema, await ownerRequest('GET', OPTION_GROUPS_URL, undefined, { signal }));
}

export const optionGroupsQueryOptions = queryOptions({
  queryKey: [OPTION_GROUPS_URL],
  queryFn: ({ signal }) => getOptionGroups(signal),
});

export function useOptionGroups() {
  return useQuery(optionGroupsQueryOptions);
}

const groupUrl = (groupId: string) => `${OPTION_GROUPS_URL}/${encodeURIComponent(groupId)}`;
const optionUrl = (groupId: string, optionId: string) => `${groupUrl(groupId)}/options/${encodeURIComponent(optionId)}`;
const productGroupsUrl = (productId: number) => `/api/products/${productId}/option-groups`;

export async function createOptionGroup(input: NewOptionGroupInput): Promise<void> {
  await ownerRequest('POST', OPTION_GROUPS_URL, input);
}

export async function editOptionGroup({ id, input }: { id: string; input: OptionGroupInput }): Promise<void> {
  await ownerRequest('PUT', groupUrl(id), input);
}

export async function deleteOptionGroup(id: string): Promise<void> {
  await ownerRequest('DELETE', groupUrl(id));
}

export async function saveOption({
  groupId,
  optionId,
  input,
}: {
  groupId: string;
  /** Absent for a new option. */
  optionId?: string;
  input: OptionInput;
}): Promise<void> {
  if (optionId === undefined) await ownerRequest('POST', `${groupUrl(groupId)}/options`, input);
  else await ownerRequest('PUT', optionUrl(groupId, optionId), input);
}

export async function removeOption({ groupId, optionId }: { groupId: string; optionId: string }): Promise<void> {
  await ownerRequest('DELETE', optionUrl(groupId, optionId));
}

export async function setOptionAvailability({
  groupId,
  optionId,
  available,
}: {
  groupId: string;
  optionId: string;
  available: boolean;
}): Promise<void> {
  await ownerRequest('PATCH', `${optionUrl(groupId, optionId)}/availability`, { available });
}

export async function reorderOptions({ groupId, ids }: { groupId: string; ids: string[] }): Promise<void> {
  await ownerRequest('PATCH', `${groupUrl(groupId)}/options/order`, { ids });
}

export async function attachOptionGroup({ productId, groupId }: { productId: number; groupId: string }) {
  await ownerRequest('PUT', `${productGroupsUrl(productId)}/${encodeURIComponent(groupId)}`);
}

export async function detachOptionGroup({ productId, groupId }: { productId: number; groupId: string }) {
  await ownerRequest('DELETE', `${productGroupsUrl(productId)}/${encodeURIComponent(groupId)}`);
}

export async function reorderProductOptionGroups({ productId, ids }: { productId: number; ids: string[] }) {
  await ownerRequest('PATCH', `${productGroupsUrl(productId)}/order`, { ids });
}

/** The list with the item at `index` swapped with its neighbour (`-1` up, `+1` down); unchanged at the ends. */
export function moveItem<T>(items: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(index, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}

function useRefetchAfter<Args>(mutationFn: (args: Args) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: optionGroupsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryOptions.queryKey }),
      ]),
  });
}

export const useCreateOptionGroup = () => useRefetchAfter(createOptionGroup);
export const useEditOptionGroup = () => useRefetchAfter(editOptionGroup);
export const useDeleteOptionGroup = () => useRefetchAfter(deleteOptionGroup);
export const useSaveOption = () => useRefetchAfter(saveOption);
export const useRemoveOption = () => useRefetchAfter(removeOption);
export const useAttachOptionGroup = () => useRefetchAfter(attachOptionGroup);
export const useDetachOptionGroup = () => useRefetchAfter(detachOptionGroup);

/** The switch moves at once; the server's answer (or a refusal) settles it. */
export function useOptionAvailability() {
  const queryClient = useQueryClient();
  const key = optionGroupsQueryOptions.queryKey;
  return useMutation({
    mutationFn: setOptionAvailability,
    onMutate: async ({ groupId, optionId, available }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (groups) =>
        groups?.map((group) =>
          group.id !== groupId
            ? group
            : { ...group, options: group.options.map((o) => (o.id === optionId ? { ...o, available } : o)) },
        ),
      );
      return { previous };
    },
    onError: (_error, _args, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The menu page's lists, the option groups with them, started by the route's loader; never throws. */
export function prefetchMenuPage(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([prefetchMenu(queryClient), queryClient.prefetchQuery(optionGroupsQueryOptions)]);
}

/** Reordering shows the new order at once and puts the old one back if the server refuses. */
export function useReorderOptions() {
  const queryClient = useQueryClient();
  const key = optionGroupsQueryOptions.queryKey;
  return useMutation({
    mutationFn: reorderOptions,
    ...optimisticUpdate<OptionGroup[], Parameters<typeof reorderOptions>[0]>(
      queryClient,
      key,
      (groups, { groupId, ids }) =>
        groups?.map((group) =>
          group.id !== groupId
            ? group
            : { ...group, options: ids.flatMap((id) => group.options.filter((option) => option.id === id)) },
        ),
    ),
  });
}

/** The product's groups show in their new order at once; the old order comes back if the server refuses. */
export function useReorderProductOptionGroups() {
  const queryClient = useQueryClient();
  const key = productsQueryOptions.queryKey;
  return useMutation({
    mutationFn: reorderProductOptionGroups,
    ...optimisticUpdate<Product[], Parameters<typeof reorderProductOptionGroups>[0]>(
      queryClient,
      key,
      (products, { productId, ids }) =>
        products?.map((product) => (product.id === productId ? { ...product, optionGroupIds: ids } : product)),
    ),
  });
}
