// The owner's translations of their menu text (decision 023): read once for the menu's dialogs, saved per item.
import {
  type MenuItemTranslations,
  menuItemTranslationsSchema,
  ownerMenuTranslationSchema,
  type TranslatableKind,
} from '@tafrit/contracts/http/menu-translations.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const MENU_TRANSLATIONS_URL = '/api/menu-translations';

/** `kind:id` -> the item's translations. */
export type TranslationsByItem = ReadonlyMap<string, MenuItemTranslations>;

export const translationKey = (kind: TranslatableKind, id: string | number) => `${kind}:${id}`;

export async function getMenuTranslations(signal?: AbortSignal): Promise<TranslationsByItem> {
  const list = dataOf(
    z.array(ownerMenuTranslationSchema),
    await ownerRequest('GET', MENU_TRANSLATIONS_URL, undefined, { signal }),
  );
  return new Map(list.map((item) => [translationKey(item.kind, item.id), item.translations]));
}

export const menuTranslationsQueryOptions = queryOptions({
  queryKey: [MENU_TRANSLATIONS_URL],
  queryFn: ({ signal }) => getMenuTranslations(signal),
});

export const useMenuTranslations = () => useQuery(menuTranslationsQueryOptions);

/** Saves one item's languages and puts the server's answer in the list. */
export function useSaveMenuTranslations() {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async ({ kind, id, translations }: SaveTranslations) =>
      dataOf(
        menuItemTranslationsSchema,
        await ownerRequest('PUT', `${MENU_TRANSLATIONS_URL}/${kind}/${id}`, translations),
      ),
    onSuccess: (saved, { kind, id }) => {
      queryClient.setQueryData(menuTranslationsQueryOptions.queryKey, (current) =>
        new Map(current).set(translationKey(kind, id), saved),
      );
    },
  });
  return async (kind: TranslatableKind, id: string | number, translations: MenuItemTranslations): Promise<void> => {
    await save.mutateAsync({ kind, id, translations });
  };
}

interface SaveTranslations {
  kind: TranslatableKind;
  id: string | number;
  translations: MenuItemTranslations;
}
