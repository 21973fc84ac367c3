import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { InlineProjection } from '../../../platform/event-store/inline-projection.js';
import { execute } from '../../../platform/database/sql.js';
import { PROMOTIONS_EVENT_TYPES, type PromotionsEvent } from '../domain/promotions.events.js';

const businessOf = (streamId: string): string => streamId.slice('promos-'.length);

/**
 * `promo_codes`, written in the append's own transaction so the owner's list and the next checkout see a code at
 * once. Idempotent: a create ignores a row already there, and a change applies only an event newer than the row.
 */
export const promoCodesProjection: InlineProjection = {
  name: 'promo-codes',
  handles: PROMOTIONS_EVENT_TYPES,
  async apply(em: EntityManager, recorded: RecordedEvent) {
    const event = recorded as RecordedEvent & PromotionsEvent;
    const businessPhone = businessOf(recorded.streamId);
    switch (event.type) {
      case 'PromoCodeCreated': {
        const { promoCodeId, code, rules, at } = event.data;
        await execute(
          em,
          `insert into promo_codes (id, business_id, code, rules, active, created_at, updated_at, stream_version)
           values (?, ?, ?, ?::jsonb, true, ?, ?, ?) on conflict (id) do nothing`,
          [promoCodeId, businessPhone, code, JSON.stringify(rules), at, at, recorded.streamVersion],
        );
        return;
      }
      case 'PromoCodeChanged':
        await newer(em, recorded, event.data.promoCodeId, 'rules = ?::jsonb', [JSON.stringify(event.data.rules)]);
        return;
      case 'PromoCodeTurnedOff':
        await newer(em, recorded, event.data.promoCodeId, 'active = false', []);
        return;
      case 'PromoCodeTurnedOn':
        await newer(em, recorded, event.data.promoCodeId, 'active = true', []);
        return;
    }
  },
};

async function newer(
  em: EntityManager,
  recorded: RecordedEvent,
  promoCodeId: string,
  assignment: string,
  params: unknown[],
): Promise<void> {
  const at = (recorded.data as { at: string }).at;
  await execute(
    em,
    `update promo_codes set ${assignment}, updated_at = ?, stream_version = ?
      where id = ? and business_id = ? and stream_version < ?`,
    [...params, at, recorded.streamVersion, promoCodeId, businessOf(recorded.streamId), recorded.streamVersion],
  );
}
