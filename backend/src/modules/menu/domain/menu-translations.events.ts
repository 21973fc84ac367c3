// The owner's translations of their menu text (issue 16, decision 023), event-sourced on the stream
// `menu-translations-{phone}`, apart from the Hebrew items they translate: a translation is written on its own, when
// the owner gets to it, and never changes the Hebrew (nor does a Hebrew edit change a translation).
import type { OfferableLanguage, TranslatableKind } from '@tafrit/contracts';

/** One item's text in one language; null is "no translation" (the diner reads the Hebrew). */
export interface MenuItemTranslated {
  type: 'MenuItemTranslated';
  data: {
    businessId: string;
    kind: TranslatableKind;
    /** A category's or a product's number as text, a group's or an option's UUID. */
    itemId: string;
    language: OfferableLanguage;
    name: string | null;
    description: string | null;
  };
}

/** The business's menu is removed (its account closed): its translations go with it. */
export interface MenuTranslationsRemoved {
  type: 'MenuTranslationsRemoved';
  data: { businessId: string };
}

export type MenuTranslationsEvent = MenuItemTranslated | MenuTranslationsRemoved;

export const MENU_TRANSLATIONS_EVENT_TYPES = [
  'MenuItemTranslated',
  'MenuTranslationsRemoved',
] as const satisfies readonly MenuTranslationsEvent['type'][];

export const menuTranslationsStreamId = (businessId: string): string => `menu-translations-${businessId}`;
