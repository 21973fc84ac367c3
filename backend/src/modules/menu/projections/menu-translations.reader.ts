import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type {
  MenuItemTranslations,
  OfferableLanguage,
  OwnerMenuTranslation,
  TranslatableKind,
} from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { query } from '../../../platform/database/sql.js';

interface Row {
  kind: TranslatableKind;
  item_id: string;
  language: OfferableLanguage;
  name: string | null;
  description: string | null;
}

/** `kind:itemId` -> the item's texts by language. */
export type TranslationsByItem = Map<string, MenuItemTranslations>;

export const translationKey = (kind: TranslatableKind, itemId: string | number): string => `${kind}:${itemId}`;

/** The read model `menu_translations` as the owner's dialogs and the public menu read it; always one business's. */
@Injectable()
export class MenuTranslationsReader {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async ofBusiness(businessId: string, em: EntityManager = this.database.em()): Promise<TranslationsByItem> {
    const rows = await query<Row>(
      em,
      `select kind, item_id, language, name, description from menu_translations
        where business_id = ? order by kind, item_id, language`,
      [businessId],
    );
    const byItem: TranslationsByItem = new Map();
    for (const row of rows) {
      const key = translationKey(row.kind, row.item_id);
      const texts = byItem.get(key) ?? {};
      texts[row.language] = { name: row.name, description: row.description };
      byItem.set(key, texts);
    }
    return byItem;
  }

  /**
   * The names the owner gave these items in `language` (`kind:itemId` -> name): what a diner reading the menu in it
   * saw, for an order to keep (an item without one was read in Hebrew).
   */
  async namesIn(
    businessId: string,
    language: OfferableLanguage,
    items: readonly { kind: TranslatableKind; id: string | number }[],
    em: EntityManager = this.database.em(),
  ): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    if (items.length === 0) return names;
    const wanted = new Set(items.map((item) => translationKey(item.kind, item.id)));
    const rows = await query<Pick<Row, 'kind' | 'item_id' | 'name'>>(
      em,
      `select kind, item_id, name from menu_translations
        where business_id = ? and language = ? and name is not null and name <> ''`,
      [businessId, language],
    );
    for (const row of rows) {
      const key = translationKey(row.kind, row.item_id);
      if (row.name && wanted.has(key)) names.set(key, row.name);
    }
    return names;
  }

  async list(businessId: string): Promise<OwnerMenuTranslation[]> {
    return [...(await this.ofBusiness(businessId))].map(([key, translations]) => {
      const split = key.indexOf(':');
      return { kind: key.slice(0, split) as TranslatableKind, id: key.slice(split + 1), translations };
    });
  }

  async ofItem(businessId: string, kind: TranslatableKind, itemId: string): Promise<MenuItemTranslations> {
    const rows = await query<Row>(
      this.database.em(),
      `select kind, item_id, language, name, description from menu_translations
        where business_id = ? and kind = ? and item_id = ? order by language`,
      [businessId, kind, itemId],
    );
    return Object.fromEntries(rows.map((row) => [row.language, { name: row.name, description: row.description }]));
  }
}
