import {
  type MenuItemTranslations,
  type OfferableLanguage,
  offerableLanguages,
  type TranslatableKind,
} from '@tafrit/contracts';
import type { Decider } from '../../../platform/event-store/aggregate.js';
import type { MenuTranslationsEvent } from './menu-translations.events.js';

// Whether the item is the business's own is the handler's check (it reads the menu's rows); the decider knows only
// what was translated, so it decides what changed.

export type MenuTranslationsCommand =
  | {
      type: 'TranslateMenuItem';
      data: { businessId: string; kind: TranslatableKind; itemId: string; translations: MenuItemTranslations };
    }
  | { type: 'RemoveMenuTranslations'; data: { businessId: string } };

interface Text {
  name: string | null;
  description: string | null;
}

export interface MenuTranslationsState {
  /** `kind:itemId:language` -> its text; an entry with neither text is no translation. */
  texts: Record<string, Text>;
}

const keyOf = (kind: TranslatableKind, itemId: string, language: OfferableLanguage) => `${kind}:${itemId}:${language}`;

const none: Text = { name: null, description: null };

export const menuTranslationsDecider: Decider<MenuTranslationsCommand, MenuTranslationsEvent, MenuTranslationsState> = {
  initialState: () => ({ texts: {} }),

  evolve(state, event) {
    switch (event.type) {
      case 'MenuItemTranslated': {
        const { kind, itemId, language, name, description } = event.data;
        return { texts: { ...state.texts, [keyOf(kind, itemId, language)]: { name, description } } };
      }
      case 'MenuTranslationsRemoved':
        return { texts: {} };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'TranslateMenuItem': {
        const { businessId, kind, itemId, translations } = command.data;
        // One event per language whose text changed, in the languages' own order; a language not sent is untouched.
        return offerableLanguages.flatMap((language) => {
          const next = translations[language];
          if (!next) return [];
          const current = state.texts[keyOf(kind, itemId, language)] ?? none;
          if (current.name === next.name && current.description === next.description) return [];
          return [
            {
              type: 'MenuItemTranslated' as const,
              data: { businessId, kind, itemId, language, name: next.name, description: next.description },
            },
          ];
        });
      }
      case 'RemoveMenuTranslations':
        return Object.keys(state.texts).length === 0
          ? []
          : [{ type: 'MenuTranslationsRemoved', data: { businessId: command.data.businessId } }];
    }
  },
};
