import type { EntityManager } from '@mikro-orm/postgresql';
import type { TermsChangedData } from '@tafrit/contracts';
import type { InlineProjection } from '../../../platform/event-store/inline-projection.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import { execute } from '../../../platform/database/sql.js';
import { TERMS_SETTING_KEY } from '../application/get-terms.query.js';

/**
 * The current terms (`system_settings` 'terms.content', what `GET /api/terms` reads), written in the append's own
 * transaction so the public page shows a save at once. Idempotent and rebuildable: the row keeps the time of the
 * version it holds and an older version never overwrites a newer one, so a replay of the stream ends on the latest.
 */
export const termsProjection: InlineProjection = {
  name: 'terms',
  handles: ['TermsChanged'],
  async apply(em: EntityManager, event: RecordedEvent) {
    const { content, at } = event.data as TermsChangedData;
    await execute(
      em,
      `insert into system_settings (key, value, updated_at) values (?, ?, ?::timestamptz)
         on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
         where system_settings.updated_at <= excluded.updated_at`,
      [TERMS_SETTING_KEY, content, at],
    );
  },
};
