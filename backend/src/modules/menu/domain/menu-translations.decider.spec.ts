import { deciderSpec } from '../../../../test/support/decider-spec.js';
import { menuTranslationsDecider } from './menu-translations.decider.js';
import type { MenuTranslationsEvent } from './menu-translations.events.js';

const { given } = deciderSpec(menuTranslationsDecider);

const businessId = '+972523456789';
const oat = '00000000-0000-4000-8000-000000000012';

const latteInEnglish: MenuTranslationsEvent = {
  type: 'MenuItemTranslated',
  data: {
    businessId,
    kind: 'product',
    itemId: '7',
    language: 'en',
    name: 'Latte',
    description: 'Espresso and steamed milk',
  },
};

const translate = (translations: Record<string, { name: string | null; description: string | null }>) => ({
  type: 'TranslateMenuItem' as const,
  data: { businessId, kind: 'product' as const, itemId: '7', translations },
});

describe('menu translations decider', () => {
  it('records each language sent, in the languages’ order', () =>
    given([])
      .when(
        translate({
          ru: { name: 'Латте', description: null },
          en: { name: 'Latte', description: 'Espresso and steamed milk' },
        }),
      )
      .then([
        latteInEnglish,
        {
          type: 'MenuItemTranslated',
          data: { businessId, kind: 'product', itemId: '7', language: 'ru', name: 'Латте', description: null },
        },
      ]));

  it('records nothing when the text is what it was', () =>
    given([latteInEnglish])
      .when(translate({ en: { name: 'Latte', description: 'Espresso and steamed milk' } }))
      .then([]));

  it('drops a translation emptied by the owner', () =>
    given([latteInEnglish])
      .when(translate({ en: { name: null, description: null } }))
      .then([
        {
          type: 'MenuItemTranslated',
          data: { businessId, kind: 'product', itemId: '7', language: 'en', name: null, description: null },
        },
      ]));

  it('records nothing for an empty language that never had a translation', () =>
    given([])
      .when(translate({ ar: { name: null, description: null } }))
      .then([]));

  it('keeps items of different kinds apart even under the same id', () =>
    given([latteInEnglish])
      .when({
        type: 'TranslateMenuItem',
        data: { businessId, kind: 'category', itemId: '7', translations: { en: { name: 'Latte', description: null } } },
      })
      .then([
        {
          type: 'MenuItemTranslated',
          data: { businessId, kind: 'category', itemId: '7', language: 'en', name: 'Latte', description: null },
        },
      ]));

  it('translates an option by its UUID', () =>
    given([])
      .when({
        type: 'TranslateMenuItem',
        data: {
          businessId,
          kind: 'option',
          itemId: oat,
          translations: { ar: { name: 'حليب الشوفان', description: null } },
        },
      })
      .then([
        {
          type: 'MenuItemTranslated',
          data: { businessId, kind: 'option', itemId: oat, language: 'ar', name: 'حليب الشوفان', description: null },
        },
      ]));

  it('removes every translation with the menu, once', () => {
    given([latteInEnglish])
      .when({ type: 'RemoveMenuTranslations', data: { businessId } })
      .then([{ type: 'MenuTranslationsRemoved', data: { businessId } }]);
    given([latteInEnglish, { type: 'MenuTranslationsRemoved', data: { businessId } }])
      .when({ type: 'RemoveMenuTranslations', data: { businessId } })
      .then([]);
  });
});
