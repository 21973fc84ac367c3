import type { HebrewFallback, OfferableLanguage, PublicMenu, TranslatableKind } from '@tafrit/contracts';
import { translationKey, type TranslationsByItem } from '../projections/menu-translations.reader.js';

/**
 * The Hebrew menu in `language`: each name and description the owner translated replaces the Hebrew; each one not
 * translated stays Hebrew and is named in the item's `he`, so the diner marks exactly those. A Hebrew description that
 * is empty has nothing to fall back to. Pure: the Hebrew menu is shared (frozen) and left as it is.
 */
export function translatedMenu(menu: PublicMenu, language: OfferableLanguage, texts: TranslationsByItem): PublicMenu {
  const translate = <Item extends { name: string; description?: string | null }>(
    kind: TranslatableKind,
    id: string | number,
    item: Item,
  ): Item & { he?: HebrewFallback } => {
    const text = texts.get(translationKey(kind, id))?.[language];
    const he: HebrewFallback = [];
    const name = text?.name ?? (he.push('name'), item.name);
    const translated: Item & { he?: HebrewFallback } = { ...item, name };
    if (item.description) {
      translated.description = text?.description ?? (he.push('description'), item.description);
    }
    if (he.length > 0) translated.he = he;
    return translated;
  };
  const groups = new Map<string, NonNullable<PublicMenu['products'][number]['optionGroups']>[number]>();
  return {
    language,
    business: menu.business,
    categories: menu.categories.map((category) => translate('category', category.id, category)),
    products: menu.products.map((product) => ({
      ...translate('product', product.id, product),
      optionGroups: (product.optionGroups ?? []).map((group) => {
        // A group is shared by the products that use it: translated once.
        let done = groups.get(group.id);
        if (!done) {
          done = {
            ...translate('optionGroup', group.id, group),
            options: group.options.map((option) => translate('option', option.id, option)),
          };
          groups.set(group.id, done);
        }
        return done;
      }),
    })),
    ordering: menu.ordering,
  };
}
