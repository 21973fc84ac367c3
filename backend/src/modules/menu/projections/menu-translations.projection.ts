import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { InlineProjection } from '../../../platform/event-store/inline-projection.js';
import { execute } from '../../../platform/database/sql.js';
import { MENU_TRANSLATIONS_EVENT_TYPES, type MenuTranslationsEvent } from '../domain/menu-translations.events.js';

/**
 * `menu_translations`, written in the append's own transaction so the owner's answer and the public menu built right
 * after it see the change. A language emptied by the owner loses its row. Idempotent: a row changes only for an event
 * newer than the one it holds (`stream_version`).
 */
export const menuTranslationsProjection: InlineProjection = {
  name: 'menu-translations',
  handles: MENU_TRANSLATIONS_EVENT_TYPES,
  async apply(em: EntityManager, recorded: RecordedEvent) {
    const event = recorded as RecordedEvent & MenuTranslationsEvent;
    switch (event.type) {
      case 'MenuItemTranslated': {
        const { businessId, kind, itemId, language, name, description } = event.data;
        if (name === null && description === null) {
          await execute(
            em,
            `delete from menu_translations
              where business_id = ? and kind = ? and item_id = ? and language = ? and stream_version < ?`,
            [businessId, kind, itemId, language, event.streamVersion],
          );
          return;
        }
        await execute(
          em,
          `insert into menu_translations (business_id, kind, item_id, language, name, description, stream_version)
           values (?, ?, ?, ?, ?, ?, ?)
           on conflict (business_id, kind, item_id, language) do update
             set name = excluded.name, description = excluded.description, stream_version = excluded.stream_version
             where menu_translations.stream_version < excluded.stream_version`,
          [businessId, kind, itemId, language, name, description, event.streamVersion],
        );
        return;
      }
      case 'MenuTranslationsRemoved':
        await execute(em, 'delete from menu_translations where business_id = ?', [event.data.businessId]);
        return;
    }
  },
};
